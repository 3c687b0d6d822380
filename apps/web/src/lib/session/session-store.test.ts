import type { InitConfig, UserInfo } from '@baobei/shared/schemas/session';
import { afterEach, describe, expect, it } from 'vitest';
import { queryClient } from '../query-client';
import { applyInitConfig, resetSession, useSessionStore } from './session-store';

/** The parts of an init answer the store reads; the shared lists do not matter here. */
function initFor(uid: number | null): InitConfig {
  const userInfo = uid === null ? null : ({ uid, mustChangePassword: false } as unknown as UserInfo);
  return { token: uid === null ? '' : `token-${uid}`, userInfo } as unknown as InitConfig;
}

const HOME = ['home', 'index', 705];
const homeData = () => queryClient.getQueryData(HOME);

afterEach(async () => {
  await resetSession();
  useSessionStore.setState({ ready: false, token: null, userInfo: null, config: null });
  queryClient.clear();
});

describe('cached answers when the session settles', () => {
  it("keeps what public pages drew before the start's own answer (home from the page's start data), marked stale", async () => {
    queryClient.setQueryData(HOME, { columns: ['热销楼盘'] });
    await applyInitConfig(initFor(3));
    expect(homeData()).toEqual({ columns: ['热销楼盘'] });
    expect(queryClient.getQueryState(HOME)?.isInvalidated).toBe(true);
    expect(useSessionStore.getState()).toMatchObject({ ready: true, userInfo: { uid: 3 } });
  });

  it('drops them when the user changes later: a sign-in, another user, a logout', async () => {
    await applyInitConfig(initFor(null));
    for (const [next, change] of [
      [3, () => applyInitConfig(initFor(3))],
      [8, () => applyInitConfig(initFor(8))],
      [null, () => resetSession()],
    ] as const) {
      queryClient.setQueryData(HOME, { columns: ['热销楼盘'] });
      await change();
      expect(homeData()).toBeUndefined();
      expect(useSessionStore.getState().userInfo?.uid ?? null).toBe(next);
    }
  });

  it('keeps them when the same user is answered again (更新权限)', async () => {
    await applyInitConfig(initFor(3));
    queryClient.setQueryData(HOME, { columns: ['热销楼盘'] });
    await applyInitConfig(initFor(3));
    expect(homeData()).toEqual({ columns: ['热销楼盘'] });
    expect(queryClient.getQueryState(HOME)?.isInvalidated).toBe(false);
  });
});
