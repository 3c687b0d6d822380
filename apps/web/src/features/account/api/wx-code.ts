import { api } from '@baobei/shared/contract';
import type { DataOf } from '@baobei/shared/contract/endpoint';
import { call } from '../../../lib/api-client';

/**
 * wxCode `{ url }`: WeChat's authorization address for signing in.
 * The answer also sets the cookie that ties the state to this browser. Quiet: the
 * authorization page says what failed ('授权失败').
 */
export function getWxLoginUrl(url: string): Promise<DataOf<typeof api.wechat.wxCode>> {
  return call(api.wechat.wxCode, { body: { url } }, { quiet: true, withToken: false });
}
