import { ApiError } from '@baobei/shared/client/api-error';
import type { InitConfig, UserInfo } from '@baobei/shared/schemas/session';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getCommonInitConfig } from './get-common-init-config';
import { getInitConfig } from './get-init-config';
import { loadSession, startSession } from './load-session';
import { adoptStoredToken, applyInitConfig, resetSession, useSessionStore } from './session-store';

vi.mock('antd-mobile', () => ({ Toast: { show: vi.fn() } }));
vi.mock('../navigation', () => ({ currentPath: () => '/home', navigateTo: vi.fn() }));
vi.mock('./get-common-init-config', () => ({ getCommonInitConfig: vi.fn() }));
vi.mock('./get-init-config', () => ({ getInitConfig: vi.fn() }));

/** An init answer: signed in as `uid`, or anonymous; the config's service phone says whose it is. */
function initFor(uid: number | null, servicePhone = 'anonymous'): InitConfig {
  const userInfo = uid === null ? null : ({ uid, mustChangePassword: false } as unknown as UserInfo);
  return { token: uid === null ? '' : `token-${uid}`, userInfo, servicePhone } as unknown as InitConfig;
}

/** A promise and its resolvers, for an answer that arrives when the test says. */
function later<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => ((resolve = res), (reject = rej)));
  return { promise, resolve, reject };
}

const state = () => useSessionStore.getState();

beforeEach(() => {
  vi.stubGlobal('navigator', { onLine: true });
});

afterEach(async () => {
  await resetSession();
  useSessionStore.setState({ ready: false, token: null, userInfo: null, config: null });
  vi.mocked(getCommonInitConfig).mockReset();
  vi.mocked(getInitConfig).mockReset();
  vi.unstubAllGlobals();
});

describe("start-up's answer and a sign-in before it", () => {
  it('a sign-in while the anonymous answer is on its way stands when that answer arrives', async () => {
    const anonymous = later<InitConfig>();
    vi.mocked(getCommonInitConfig).mockReturnValue(anonymous.promise);
    const loading = loadSession(startSession());
    // The login page's answer, before the start's.
    await applyInitConfig(initFor(3, 'signed in'));
    anonymous.resolve(initFor(null));
    await loading;
    expect(state()).toMatchObject({ ready: true, token: 'token-3', userInfo: { uid: 3 }, config: { servicePhone: 'signed in' } });
  });

  it('without a sign-in, the anonymous answer is the session', async () => {
    vi.mocked(getCommonInitConfig).mockResolvedValue(initFor(null));
    await loadSession(startSession());
    expect(state()).toMatchObject({ ready: true, token: null, userInfo: null, config: { servicePhone: 'anonymous' } });
  });

  it("a stored token's 401 (the API client resets the session) goes on to the anonymous answer", async () => {
    adoptStoredToken('token-old');
    vi.mocked(getInitConfig).mockImplementation(async () => {
      await resetSession();
      throw new ApiError({ code: 401, msg: '登录已过期' });
    });
    vi.mocked(getCommonInitConfig).mockResolvedValue(initFor(null));
    await loadSession(Promise.resolve({ token: 'token-old', config: getInitConfig().then((value) => ({ ok: true as const, value }), (error: unknown) => ({ ok: false as const, error })) }));
    expect(state()).toMatchObject({ ready: true, token: null, config: { servicePhone: 'anonymous' } });
  });

  it("a sign-in while a stored token's answer is on its way stands, whether that answer is a user or a 401", async () => {
    for (const answer of [initFor(8, 'stored user'), new ApiError({ code: 401, msg: '登录已过期' })]) {
      const stored = later<InitConfig>();
      const loading = loadSession(
        Promise.resolve({ token: 'token-8', config: stored.promise.then((value) => ({ ok: true as const, value }), (error: unknown) => ({ ok: false as const, error })) }),
      );
      await applyInitConfig(initFor(3, 'signed in'));
      if (answer instanceof ApiError) stored.reject(answer);
      else stored.resolve(answer);
      await loading;
      expect(state()).toMatchObject({ ready: true, token: 'token-3', userInfo: { uid: 3 }, config: { servicePhone: 'signed in' } });
      expect(getCommonInitConfig).not.toHaveBeenCalled();
      await resetSession();
    }
  });
});
