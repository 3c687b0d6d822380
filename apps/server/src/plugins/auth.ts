import type { FastifyContextConfig, FastifyRequest, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { messages } from '@baobei/shared/messages';
import { isConsolePath, type ConsoleAccess } from '@baobei/shared/contract/access';
import { consoleScopeOf, scopeAllows } from '@baobei/shared/rules/console-scopes';
import { isConsoleRole, type Role } from '@baobei/shared/rules/roles';
import { canOpenRoute, findRoute, type AppRoute, type RouteName } from '@baobei/shared/routes';
import { MUST_CHANGE_MESSAGES, pendingMustChange, type MustChangeRefusal } from '@baobei/shared/rules/must-change';
import { ForbiddenError, UnauthorizedError } from '../lib/errors';
import type { SessionRepository, SessionUser } from '../modules/auth/session-repository';
import { addRouteHook, isApiRoutePath } from './route-scope';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user, or null for a visitor on a route that allows one. */
    user: SessionUser | null;
  }
  interface FastifyContextConfig {
    /** required (default): 401 without a live session; optional: visitors allowed; none: not read. */
    auth?: 'required' | 'optional' | 'none';
    /** When set, only these roles may call the route (403 otherwise). */
    roles?: readonly Role[];
    /**
     * The page of the shared route table this call serves: only users who may open that
     * page may call it, by the very rule the web guard applies (403 otherwise).
     */
    page?: RouteName;
    /**
     * Decision 017: one of the few calls a signed-in account may make while it must change
     * something first (its initial password): change it, sign out, check the token, read the
     * initial config. Every other call with such an account's token answers 403
     * `{ reason: 'MUST_CHANGE_PASSWORD' }`, visitor-friendly routes included.
     */
    allowWhileMustChange?: boolean;
    /** docs/decisions/081: the console area the call reads or changes; the operator's scope must allow it (403). */
    console?: ConsoleAccess;
  }
}

/** The rule of a route's `page`, for a handler whose page depends on its body (403 otherwise). */
export function assertCanOpenPage(page: RouteName, role: Role | null): void {
  if (!canOpenRoute(findRoute(page), role)) throw new ForbiddenError(messages.common.noPermission);
}

/** `Authorization: <token>` as the spec sends it, or `Bearer <token>`. */
export function readToken(header: string | undefined): string | undefined {
  if (!header) return undefined;
  const token = header.startsWith('Bearer ') ? header.slice(7) : header;
  return token.trim() || undefined;
}

/**
 * The session check of one route, built at start from its config (the access policy's auth,
 * roles and page, decision 020): per request one indexed query for the token's live session
 * and account (decision 017 reads the account's must-change flags from it, so a revoked
 * session, a deactivated account or a changed role takes effect on the next call).
 */
function sessionCheck(sessions: SessionRepository, config: FastifyContextConfig, url: string) {
  const mode = config.auth ?? 'required';
  const consoleRoute = isConsolePath(url);
  const { roles, allowWhileMustChange, console: area } = config;
  const page: AppRoute | undefined = config.page ? findRoute(config.page) : undefined;
  return async function checkSession(request: FastifyRequest): Promise<void> {
    const token = readToken(request.headers.authorization);
    if (token) {
      const found = await sessions.findUser(token, request.company.id);
      // A stale token is a 401 even where visitors are welcome: the app resets silently there.
      if (!found) throw new UnauthorizedError(messages.common.loginExpired);
      request.user = found;
      // docs/decisions/039: console accounts and mobile accounts never cross over.
      if (consoleRoute !== isConsoleRole(found.role)) {
        throw new ForbiddenError(consoleRoute ? messages.adminAuth.noConsoleAccess : messages.adminAuth.consoleAccountOnMobile);
      }
      const reason = pendingMustChange(found);
      if (reason && allowWhileMustChange !== true) {
        const refusal: MustChangeRefusal = { reason };
        throw new ForbiddenError(MUST_CHANGE_MESSAGES[reason], refusal);
      }
    } else if (mode === 'required') {
      throw new UnauthorizedError(messages.common.unauthorized);
    }
    const role = request.user?.role ?? null;
    if (roles && (!role || !roles.includes(role))) {
      throw new ForbiddenError(messages.common.forbidden);
    }
    if (page && !canOpenRoute(page, role)) throw new ForbiddenError(messages.common.noPermission);
    if (area && request.user && !scopeAllows(consoleScopeOf(request.user), area.area, area.write)) {
      throw new ForbiddenError(messages.common.forbidden);
    }
  };
}

export const authPlugin = fp<{ sessions: SessionRepository }>(
  async (app, { sessions }) => {
    app.decorateRequest('user', null);

    // Before the body is validated: a caller without a live session gets 401 whatever it sent.
    // Added at start to each API route that reads the session (after access-policy.ts has set
    // its config), not run on every request to find out.
    app.addHook('onRoute', (route: RouteOptions) => {
      const config = route.config ?? {};
      if ((config.auth ?? 'required') === 'none' || !isApiRoutePath(route.url)) return;
      addRouteHook(route, 'preValidation', sessionCheck(sessions, config, route.url));
    });
  },
  { dependencies: [] },
);

/** For handlers on `auth: 'required'` routes, where the hook guarantees a user. */
export function currentUser(request: { user: SessionUser | null }): SessionUser {
  if (!request.user) throw new UnauthorizedError(messages.common.unauthorized);
  return request.user;
}
