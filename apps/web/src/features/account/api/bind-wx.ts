import { apiPost } from '../../../lib/api-client';

/** `POST /api/user/bind-wx { url }` (bindWx): the authorization address for binding this account. */
export function getWxBindUrl(url: string): Promise<{ url: string }> {
  return apiPost<{ url: string }>('/api/user/bind-wx', { url }, { quiet: true });
}
