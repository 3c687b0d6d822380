import { messages } from '@baobei/shared/messages';
import type { InitConfig } from '@baobei/shared/schemas/session';
import { Toast } from 'antd-mobile';
import { isApiError } from '../api-error';
import { currentPath, navigateTo } from '../navigation';
import { loginPath } from '../return-path';
import { getCommonInitConfig } from './get-common-init-config';
import { getInitConfig } from './get-init-config';
import {
  adoptStoredToken,
  applyInitConfig,
  forgetTokenForNow,
  keptSessionFor,
  markSessionReady,
  mayHaveStoredToken,
  readStoredToken,
  sessionChangeCount,
  useSessionStore,
} from './session-store';

type Settled<T> = { ok: true; value: T } | { ok: false; error: unknown };

function settle<T>(promise: Promise<T>): Promise<Settled<T>> {
  return promise.then(
    (value) => ({ ok: true as const, value }),
    (error: unknown) => ({ ok: false as const, error }),
  );
}

/** The session's first request, started beside the company's (see `startSession`). */
export interface SessionStart {
  token: string | null;
  config: Promise<Settled<InitConfig>>;
}

/**
 * Reads the stored token and asks for the matching init data at once, before the company is
 * known (decision 033); without a token, `anonymousConfig` (the page's start data) is the
 * answer when given: without the companyId header the page host decides the tenant
 * (decision 001), so start-up costs one round trip less than asking after the company. The
 * answer is applied by `loadSession`, after the company.
 */
export function startSession(anonymousConfig?: InitConfig): Promise<SessionStart> {
  // Nothing stored: the anonymous init data the server wrote into the page, or else the
  // request for it leaves now, in the same task as the company's and ahead of the first
  // page's chunks (which queue on an HTTP/1.1 connection).
  if (!mayHaveStoredToken()) return Promise.resolve(anonymousStart(anonymousConfig));
  return startWithStoredToken(anonymousConfig);
}

function anonymousStart(written: InitConfig | undefined): SessionStart {
  const config = written ? Promise.resolve({ ok: true as const, value: written }) : settle(getCommonInitConfig({ quiet: true }));
  return { token: null, config };
}

async function startWithStoredToken(anonymousConfig: InitConfig | undefined): Promise<SessionStart> {
  const token = await readStoredToken();
  if (token) {
    adoptStoredToken(token);
    return { token, config: settle(getInitConfig({ quiet: true })) };
  }
  return anonymousStart(anonymousConfig);
}

/**
 * The early answer, or, when it failed for any reason but an ended session (a host the
 * server does not know without the header, a lost connection), the request again, now with
 * the company's header, as start-up asked before.
 */
async function earlyOrAgain(early: Promise<Settled<InitConfig>> | undefined, again: () => Promise<InitConfig>): Promise<InitConfig> {
  const result = early ? await early : null;
  if (result?.ok) return result.value;
  if (result && isApiError(result.error) && result.error.code === 401) throw result.error;
  return again();
}

/**
 * Start-up's answers apply only while nothing else did since it began: a user who signed in
 * (or out) while the start's requests were on a slow network keeps that session, instead of
 * the anonymous answer arriving after it.
 */
function startApplier(): { current: () => boolean; rebase: () => void; apply: (init: InitConfig) => Promise<void> } {
  let since = sessionChangeCount();
  const current = () => sessionChangeCount() === since;
  return {
    current,
    /** The start's own doing (the reset after its token's 401) is not someone else's session. */
    rebase: () => void (since = sessionChangeCount()),
    apply: (init) => {
      if (current()) return applyInitConfig(init);
      markSessionReady();
      return Promise.resolve();
    },
  };
}

async function loadAnonymous(start: ReturnType<typeof startApplier>, early?: Promise<Settled<InitConfig>>): Promise<void> {
  try {
    await start.apply(await earlyOrAgain(early, () => getCommonInitConfig({ quiet: true })));
  } catch {
    if (start.current()) Toast.show({ content: messages.common.initDataFailed, position: 'bottom' });
    markSessionReady();
  }
}

/**
 * Start-up, after branding (part 1, section 4: "ready after login or after init data"). With
 * a stored token: the authenticated init data; a 401 has already reset the session in the
 * API client; any other failure toasts 'init data failed' and opens the login page (part 1,
 * section 8). Without a usable token: the anonymous init data.
 */
export async function loadSession(started?: Promise<SessionStart>): Promise<void> {
  const start = startApplier();
  const early = await started;
  const token = early ? early.token : await readStoredToken();
  if (token) {
    if (!early && start.current()) adoptStoredToken(token);
    try {
      await start.apply(await earlyOrAgain(early?.config, () => getInitConfig({ quiet: true })));
      return;
    } catch (error) {
      const unauthorized = isApiError(error) && error.code === 401;
      // The API client reset the session for this token's 401, unless someone signed in
      // meanwhile (a 401 about an earlier token resets nothing): then that session stands.
      if (unauthorized && useSessionStore.getState().token === null) start.rebase();
      // Signed in or out meanwhile: that session stands, whatever became of this one.
      if (!start.current()) return markSessionReady();
      if (!unauthorized) {
        // Opened without a network (decision 094): the same user, from the last start's answer
        // kept for this token, and that answer read again when the network returns.
        const kept = navigator.onLine ? null : await keptSessionFor(token);
        if (kept) {
          await start.apply(kept);
          window.addEventListener('online', () => void reloadSession({ quiet: true }).catch(() => undefined), { once: true });
          return;
        }
        // The stored token stays: the next start may reach the server again.
        forgetTokenForNow();
        // Without a kept answer: the pages a visitor sees, from what the service worker kept,
        // and the session again when the network returns.
        if (!navigator.onLine) window.addEventListener('online', () => void loadSession(), { once: true });
        else {
          Toast.show({ content: messages.common.initDataFailed, position: 'bottom' });
          if (window.location.pathname !== '/login') navigateTo(loginPath(currentPath()), { replace: true });
        }
      }
    }
  }
  // After a 401 the early answer (if any) was the signed-in one: ask anonymously now.
  await loadAnonymous(start, early && !early.token ? early.config : undefined);
}

/**
 * Reloads the logged-in user's init data (after a password change clears
 * mustChangePassword; 更新权限 on the my tab). Resolves false when the session is gone (401),
 * so the caller can say so. `quiet`: the caller explains any other failure itself.
 */
export async function reloadSession(options: { quiet?: boolean } = {}): Promise<boolean> {
  try {
    await applyInitConfig(await getInitConfig({ silentUnauthorized: true, quiet: options.quiet }));
    return true;
  } catch (error) {
    if (isApiError(error) && error.code === 401) return false;
    throw error;
  }
}
