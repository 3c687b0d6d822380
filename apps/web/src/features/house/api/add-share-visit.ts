import { apiPost } from '../../../lib/api-client';

export interface ShareVisitInput {
  /** The visitor's WeChat openid, '' outside WeChat. */
  openid: string;
  /** The sharer's user id. */
  shareUser: number;
  houseid: number;
}

/**
 * Part 1, section 4: "a shared page records the share link visit (openid, shareUser, houseid)
 * for the visitor and for the sharer": `POST /api/user/add-share-to-visitor` and
 * `POST /api/user/add-share-to-shar`. Recording is best effort: the visitor is never bothered
 * with its failure.
 */
export async function addShareVisit(input: ShareVisitInput): Promise<void> {
  await Promise.allSettled([
    apiPost<unknown>('/api/user/add-share-to-visitor', input, { quiet: true, silentUnauthorized: true }),
    apiPost<unknown>('/api/user/add-share-to-shar', input, { quiet: true, silentUnauthorized: true }),
  ]);
}
