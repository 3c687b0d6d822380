import { safeReturnPath } from '../../../lib/return-path';

/**
 * What /authorization shows (part 1, section 2). WeChat sends the browser
 * back here with `code` and `state`; `action=bind` marks a binding, `redirect` where a
 * sign-in goes afterwards.
 */
export type AuthorizationStep =
  | { kind: 'outsideWechat' }
  | { kind: 'notConfigured' }
  | { kind: 'ask'; action: 'login' | 'bind' }
  | { kind: 'finish'; action: 'login' | 'bind'; code: string; state: string };

export function authorizationAction(search: URLSearchParams): 'login' | 'bind' {
  return search.get('action') === 'bind' ? 'bind' : 'login';
}

export function authorizationStep(
  search: URLSearchParams,
  env: { inWechat: boolean; wechatEnabled: boolean },
): AuthorizationStep {
  const action = authorizationAction(search);
  const code = search.get('code');
  const state = search.get('state');
  // WeChat only ever returns inside WeChat; a returned code is finished wherever it lands.
  if (code && state) return { kind: 'finish', action, code, state };
  // DECISIONS.md (SMS and WeChat): outside WeChat the page says to open it there.
  if (!env.inWechat) return { kind: 'outsideWechat' };
  if (!env.wechatEnabled) return { kind: 'notConfigured' };
  return { kind: 'ask', action };
}

/** The page WeChat returns to: this page with its own query, without an old code or state. */
export function authorizationReturnUrl(origin: string, search: URLSearchParams): string {
  const query = new URLSearchParams();
  if (authorizationAction(search) === 'bind') query.set('action', 'bind');
  const redirect = safeReturnPath(search.get('redirect'));
  if (redirect) query.set('redirect', redirect);
  const text = query.toString();
  return `${origin}/authorization${text ? `?${text}` : ''}`;
}

/** Where a finished sign-in goes: the checked `redirect`, else home. */
export function afterSignInPath(search: URLSearchParams): string {
  return safeReturnPath(search.get('redirect')) ?? '/home';
}
