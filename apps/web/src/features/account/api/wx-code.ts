import { apiPost } from '../../../lib/api-client';

/**
 * `POST /api/login/wx-code { url }` (wxCode): WeChat's authorization address for signing in.
 * The answer also sets the cookie that ties the state to this browser. Quiet: the
 * authorization page says what failed ('授权失败').
 */
export function getWxLoginUrl(url: string): Promise<{ url: string }> {
  return apiPost<{ url: string }>('/api/login/wx-code', { url }, { quiet: true, withToken: false });
}
