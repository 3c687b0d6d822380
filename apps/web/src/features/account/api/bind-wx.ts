import { api } from '@baobei/shared/contract';
import type { DataOf } from '@baobei/shared/contract/endpoint';
import { call } from '../../../lib/api-client';

/** bindWx `{ url }`: the authorization address for binding this account. */
export function getWxBindUrl(url: string): Promise<DataOf<typeof api.wechat.bindWx>> {
  return call(api.wechat.bindWx, { body: { url } }, { quiet: true });
}
