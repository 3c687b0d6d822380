import type { wxCodeResultSchema } from '@baobei/shared/schemas/wechat';
import { apiPost } from '../../../lib/api-client';

type WxCodeResult = ReturnType<typeof wxCodeResultSchema.parse>;

/**
 * `POST /api/login/get-wx-code { url }`: the WeChat authorization address for the current
 * page; the server's OAuth callback brings the visitor back with `openid` appended.
 */
export async function getWxCodeUrl(url: string): Promise<string> {
  const data = await apiPost<WxCodeResult>('/api/login/get-wx-code', { url }, { quiet: true, silentUnauthorized: true });
  return data.url;
}
