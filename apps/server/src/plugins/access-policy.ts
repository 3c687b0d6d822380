import type { FastifyInstance, RouteOptions } from 'fastify';
import { CONTRACT_POLICIES } from '@baobei/shared/contract';
import { isConsolePath, none, type AccessPolicy } from '@baobei/shared/contract/access';

export type { AccessPolicy, ObjectKind, ObjectRef } from '@baobei/shared/contract/access';

/**
 * The declared access policy of every API route (docs/decisions/020), keyed by `METHOD /path`.
 * Endpoints of the API contract declare theirs with the endpoint (docs/decisions/027); this
 * table holds the few routes outside the contract. The app refuses to start when an /api
 * route has no policy, and the authorization matrix (src/test/authorization-matrix.test.ts)
 * checks every route against it.
 */
declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route's own policy: a contract endpoint's, or an inline one of a probe a test adds. */
    access?: AccessPolicy;
  }
}

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/** The routes outside the API contract: operations, the development outbox, a redirect. */
const ROUTE_POLICIES: Readonly<Record<string, AccessPolicy>> = {
  // Liveness and readiness (plugins/health.ts). /metrics is outside /api: its token guards it.
  'GET /api/health': { auth: 'none', tenant: 'none' },
  'GET /api/ready': { auth: 'none', tenant: 'none' },
  // The development routes (plugins/dev-routes.ts): registered outside production only.
  'GET /api/dev/sms-code': { auth: 'none' },
  'GET /api/dev/captcha': { auth: 'none', tenant: 'none' },
  'POST /api/dev/company': { auth: 'none', tenant: 'none' },
  // The WeChat OAuth callback of a shared page answers a redirect, not an envelope.
  'GET /api/wechat/oauth-callback-share': none,
};

/** Every route's policy: the contract's and the table's; a route declared in both is a mistake. */
export const ACCESS_POLICIES: Readonly<Record<string, AccessPolicy>> = (() => {
  const twice = Object.keys(CONTRACT_POLICIES).filter((key) => key in ROUTE_POLICIES);
  if (twice.length) throw new Error(`declared in the contract and in access-policy.ts: ${twice.join(', ')}`);
  return { ...ROUTE_POLICIES, ...CONTRACT_POLICIES };
})();

/** Tenant and session checks apply to these paths (route-scope.ts: not the OpenAPI pages). */
export function isApiPath(url: string): boolean {
  return url.startsWith('/api/') && !url.startsWith('/api/docs');
}

/** The policy of one method and path: the table's entry, else an inline `config.access`. */
export function policyOf(method: string, url: string, inline?: AccessPolicy): AccessPolicy | undefined {
  // Fastify adds a HEAD route for every GET: it is the GET's policy.
  const key = `${method === 'HEAD' ? 'GET' : method} ${url}`;
  return ACCESS_POLICIES[key] ?? inline;
}


/**
 * Registers the check on the app before any route: an /api route without a declared policy
 * stops the app from starting; a route whose own config says otherwise than its policy too.
 * The policy's auth, roles, page, tenant and console area become the route's config, which the tenant and
 * auth plugins enforce.
 */
export function enforceAccessPolicies(app: FastifyInstance): void {
  app.addHook('onRoute', (route: RouteOptions) => {
    if (!isApiPath(route.url)) return;
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const config = (route.config ?? {}) as Record<string, unknown> & { access?: AccessPolicy };
    for (const method of methods) {
      const policy = policyOf(method, route.url, config.access);
      if (!policy) {
        throw new Error(
          `${method} ${route.url} has no access policy: declare it in apps/server/src/plugins/access-policy.ts (docs/decisions/020)`,
        );
      }
      // docs/decisions/081: the operator scopes are enforced by each console call's area.
      if (isConsolePath(route.url) && !policy.console) {
        throw new Error(`${method} ${route.url} has no console area: declare access.console in its contract (docs/decisions/081)`);
      }
      if (config.access && !same(config.access, policy)) {
        throw new Error(`${method} ${route.url}: its own access policy disagrees with the declared one (docs/decisions/020)`);
      }
      for (const field of ['auth', 'roles', 'page', 'tenant', 'console'] as const) {
        if (config[field] !== undefined && !same(config[field], policy[field])) {
          throw new Error(`${method} ${route.url}: config.${field} disagrees with its access policy (docs/decisions/020)`);
        }
      }
      route.config = {
        ...config,
        access: policy,
        auth: policy.auth,
        ...(policy.roles ? { roles: policy.roles } : {}),
        ...(policy.page ? { page: policy.page } : {}),
        ...(policy.tenant ? { tenant: policy.tenant } : {}),
        ...(policy.console ? { console: policy.console } : {}),
      } as RouteOptions['config'];
    }
  });
}
