import { useEffect } from 'react';
import { isWechatBrowser } from '../../../lib/wechat/is-wechat';
import { addShareVisit } from '../api/add-share-visit';
import { getWxCodeUrl } from '../api/get-wx-code';
import { openidFromSearch } from '../model/share';

/** Shared pages already recorded in this page load (part 1, section 4: one visit per load). */
const recorded = new Set<string>();
const OAUTH_TRIED_PREFIX = 'baobei.share-oauth:';

function oauthTried(key: string): boolean {
  try {
    return sessionStorage.getItem(OAUTH_TRIED_PREFIX + key) === '1';
  } catch {
    return true;
  }
}

function markOauthTried(key: string): void {
  try {
    sessionStorage.setItem(OAUTH_TRIED_PREFIX + key, '1');
  } catch {
    // Private mode without storage: recording goes on without an openid.
  }
}

/**
 * A shared page records the visit for the visitor and for the sharer, once per page load.
 * Inside WeChat (with WeChat configured) the visitor's openid comes first from OAuth: the
 * page goes to the authorization address, and the server's callback brings it back with
 * `openid` in the query. That detour is tried once per tab so a failed OAuth cannot loop.
 */
export function useShareVisit(input: { houseId: number; shareId: number; ready: boolean; wechatEnabled: boolean }) {
  const { houseId, shareId, ready, wechatEnabled } = input;
  useEffect(() => {
    if (!ready || !(houseId > 0) || !(shareId > 0)) return;
    const key = `${houseId}:${shareId}`;
    if (recorded.has(key)) return;
    recorded.add(key);
    const openid = openidFromSearch(window.location.search);
    const record = () => void addShareVisit({ openid, shareUser: shareId, houseid: houseId });

    if (!openid && wechatEnabled && isWechatBrowser() && !oauthTried(key)) {
      markOauthTried(key);
      getWxCodeUrl(window.location.pathname + window.location.search)
        .then((url) => {
          if (url) window.location.replace(url);
          else record();
        })
        .catch(record);
      return;
    }
    record();
  }, [houseId, shareId, ready, wechatEnabled]);
}
