import { api } from '@baobei/shared/contract';
import { call } from '../../../lib/api-client';

export interface ShareVisitInput {
  /** The visitor's WeChat openid, '' outside WeChat. */
  openid: string;
  /** The sharer's user id. */
  shareUser: number;
  houseid: number;
}

/**
 * Part 1, section 4: "a shared page records the share link visit (openid, shareUser, houseid)
 * for the visitor and for the sharer": one call records the visitor's side, the other the
 * sharer's. Recording is best effort: the visitor is never bothered with its failure.
 */
export async function addShareVisit(input: ShareVisitInput): Promise<void> {
  const options = { quiet: true, silentUnauthorized: true };
  await Promise.allSettled([
    call(api.share.addShareToVisitor, { body: input }, options),
    call(api.share.addShareToSharer, { body: input }, options),
  ]);
}
