import { canOpenRoute, type AppRoute } from '@baobei/shared/routes';
import type { Role } from '@baobei/shared/rules/roles';
import { loginPath } from '../lib/return-path';

/**
 * The route guard (part 2, section 2; part 1, section 6) as a pure decision, so the rules can
 * be tested without a browser. The route shell carries the decision out.
 */
export type GuardDecision =
  | { type: 'allow' }
  /** Replace the current entry with `to`. */
  | { type: 'redirect'; to: string }
  /** Go back one entry (the page before the login page). */
  | { type: 'back' }
  /** The '无使用权限' alert, then home. */
  | { type: 'deny' };

export interface GuardInput {
  /** The route of the shared table; null for the 404 page. */
  route: AppRoute | null;
  /** The current path with its query, as a return path. */
  path: string;
  ready: boolean;
  loggedIn: boolean;
  role: Role | null;
  mustChangePassword: boolean;
  /** On the login page: the checked `redirect` parameter. */
  returnTo: string | null;
  /** The path of the history entry before this one, when known. */
  previousPath: string | null;
}

const ALLOW: GuardDecision = { type: 'allow' };
export const FORCED_PASSWORD_PATH = '/change/password';

function isLoginPath(path: string): boolean {
  return path === '/login' || path.startsWith('/login?') || path.startsWith('/login/');
}

export function decideGuard(input: GuardInput): GuardDecision {
  // "While user info is not yet shown, navigation proceeds"; the decision is taken again
  // once the session is ready.
  if (!input.ready) return ALLOW;

  // DECISIONS.md: an initial password must be changed at first login; nothing else opens until then.
  if (input.loggedIn && input.mustChangePassword) {
    return input.route?.name === 'changePassword' ? ALLOW : { type: 'redirect', to: FORCED_PASSWORD_PATH };
  }

  // "A logged-in user going to login is sent back to the previous page, or to home if coming from login."
  if (input.route?.name === 'login') {
    if (!input.loggedIn) return ALLOW;
    const previous = input.previousPath && !isLoginPath(input.previousPath) ? input.previousPath : null;
    const target = input.returnTo ?? previous ?? '/home';
    return previous !== null && previous === target ? { type: 'back' } : { type: 'redirect', to: target };
  }

  if (!input.route || input.route.level === 0) return ALLOW;
  if (!input.loggedIn) return { type: 'redirect', to: loginPath(input.path) };
  if (!canOpenRoute(input.route, input.role)) return { type: 'deny' };
  return ALLOW;
}
