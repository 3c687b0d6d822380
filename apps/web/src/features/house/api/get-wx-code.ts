import { api } from '@baobei/shared/contract';
import { call } from '../../../lib/api-client';

/**
 * The WeChat authorization address for the current
 * page; the server's OAuth callback brings the visitor back with `openid` appended.
 */
export async function getWxCodeUrl(url: string): Promise<string> {
  const data = await call(api.wechat.getWxCode, { body: { url } }, { quiet: true, silentUnauthorized: true });
  return data.url;
}
