import type { FastifyInstance, RouteOptions } from 'fastify';
import { CONTRACT_POLICIES } from '@baobei/shared/contract';
import { houseRef as house, none, optional, reportRef as report, required, type AccessPolicy } from '@baobei/shared/contract/access';
import { AUDITOR_ADMIN_ROLES, AUDITOR_ROLES, type Role } from '@baobei/shared/rules/roles';

export type { AccessPolicy, ObjectKind, ObjectRef } from '@baobei/shared/contract/access';

/**
 * The declared access policy of every API route (docs/decisions/020), keyed by `METHOD /path`.
 * Endpoints of the API contract declare theirs with the endpoint (docs/decisions/027); this
 * table holds the routes not (yet) in the contract. The app refuses to start when an /api
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

const AUDITORS: readonly Role[] = AUDITOR_ROLES;

const ROUTE_POLICIES: Readonly<Record<string, AccessPolicy>> = {
  // Operations and development helpers.
  'GET /api/health': { auth: 'none', tenant: 'none' },
  'GET /api/dev/sms-code': { auth: 'none', tenant: 'none' },
  'GET /api/dev/captcha': { auth: 'none', tenant: 'none' },

  // Company, sign-in and the session.
  'GET /api/index/get-company': { auth: 'none', tenant: 'none' },
  'GET /api/login/verify-code': { auth: 'none', tenant: 'none' },
  'GET /api/login/get-code': none,
  'POST /api/login/sign': none,
  'POST /api/login/sign-by-code': none,
  'POST /api/login/retrieve-password': none,
  'POST /api/login/logout': required,
  'POST /api/login/check-token': required,
  'GET /api/index/get-init-config': required,
  'GET /api/index/get-common-init-config': none,
  'POST /api/user/change-password': required,
  'POST /api/user/get-phone-code': required,

  // WeChat.
  'POST /api/wechat/get-js-sdk': optional,
  'POST /api/login/get-wx-code': none,
  'GET /api/wechat/oauth-callback-share': none,
  'POST /api/login/wx-code': none,
  'POST /api/login/sign-by-wx': none,
  'POST /api/wechat/wx-login': none,
  'POST /api/user/bind-wx': required,
  'POST /api/user/bind-wx-code': required,
  'GET /api/user/wechat-out': required,
  'POST /api/user/wechat-out': required,

  // Cities, home and listings (company-wide data).
  'GET /api/index/get-index-data': optional,
  'GET /api/index/get-search-info': optional,
  'POST /api/index/get-search-info': optional,
  'POST /api/index/get-house-list': optional,
  'POST /api/index/get-house-data': { auth: 'optional', object: house('body', 'id') },
  'GET /api/index/policy-property-group': { auth: 'required', object: house('query', 'buildingId') },
  'POST /api/index/commission-policy-list': { auth: 'required', object: house('body', 'buildingId') },
  'POST /api/user/favorite-house': { auth: 'required', object: house('body', 'id') },
  'POST /api/user/favorite-house-list': { auth: 'required', page: 'favorite' },
  'POST /api/publicapi/get-demo-message': optional,

  // Sharing and statistics.
  'POST /api/user/add-share-to-visitor': { auth: 'optional', object: house('body', 'houseid') },
  'POST /api/user/add-share-to-shar': { auth: 'optional', object: house('body', 'houseid') },
  'POST /api/user/get-user-share-statistics': { auth: 'required', page: 'myShare' },
  'POST /api/user/get-user-share-house-statistics': { auth: 'required', page: 'myShare', object: house('body', 'houseId') },
  'POST /api/record/get-record-statics': { auth: 'required', page: 'statistics' },
  'POST /api/record/get-user-to-record-statics': { auth: 'required', page: 'statistics' },
  'POST /api/record/get-house-to-record-statics': { auth: 'required', page: 'statistics' },

  // Profile and feedback.
  'POST /api/user/add-gbook': { auth: 'required', page: 'help' },
  'POST /api/user/get-users-select-list': { auth: 'required', page: 'subDistributorRecordList' },
  'POST /api/user/update-info': required,

  // Reports, customers and uploads.
  'POST /api/upload/index': required,
  'POST /api/record/post-record-data': { auth: 'required', page: 'rapidRecord', object: house('body', 'selectHouse', { many: true }) },
  'POST /api/record/get-customer-list': { auth: 'required', page: 'customerList' },
  'POST /api/record/get-company-customer-list': { auth: 'required', page: 'companyCustomers' },
  'POST /api/record/add-customer': { auth: 'required', page: 'customerList' },
  'POST /api/record/remove-customer': { auth: 'required', page: 'customerList', object: { from: 'body', field: 'id', kind: 'customer' } },
  'POST /api/record/get-daikan-list': { auth: 'required', page: 'selectStaff' },
  'POST /api/record/get-record-list': { auth: 'required', page: 'recordList' },
  'POST /api/record/get-distributor-record-list': { auth: 'required', page: 'subDistributorRecordList' },
  'POST /api/record/get-record-data': { auth: 'required', page: 'recordDetail', object: report('view') },
  'POST /api/record/get-record-audit-data': { auth: 'required', page: 'recordAudit', object: report('audit') },
  'POST /api/record/submit-record-audit-data': { auth: 'required', roles: AUDITORS, object: report('audit') },
  'POST /api/record/upload-record-image': { auth: 'required', object: report('attach') },
  'POST /api/record/remove-record-image': { auth: 'required', roles: AUDITORS, object: report('audit') },
  'POST /api/record/update-record-customer-info': { auth: 'required', object: report('view') },

  // The external arrival list: no session, a signed link of one listing.
  'POST /api/record/get-report-auto-list': { auth: 'none', object: house('body', 'houseId', { outside: 403 }) },
  'GET /api/record/get-report-auto-count': { auth: 'none', object: house('query', 'houseId', { outside: 403 }) },
  'POST /api/record/check-report': { auth: 'none', object: house('body', 'houseId', { outside: 403 }) },
  'POST /api/record/get-report-auto-link': { auth: 'required', roles: AUDITORS, object: house('body', 'houseId') },
  'POST /api/record/renew-report-auto-link': { auth: 'required', roles: AUDITOR_ADMIN_ROLES, object: house('body', 'houseId') },

  // Staff.
  'POST /api/user/get-user-list': { auth: 'required', page: 'staffList' },
  'POST /api/user/add-user': { auth: 'required', page: 'staffList' },
  'POST /api/user/update-user': { auth: 'required', page: 'staffList', object: { from: 'body', field: 'uid', kind: 'staff' } },
  'POST /api/user/del-user': { auth: 'required', page: 'staffList', object: { from: 'body', field: 'uid', kind: 'staff' } },
  'POST /api/user/get-shop-select-list': { auth: 'required', page: 'staffList' },
  'POST /api/user/get-demo-user-data': { auth: 'required', page: 'staffBatchList' },
  'POST /api/user/batch-add-user': { auth: 'required', page: 'staffBatchList' },

  // Distributor registration and its review.
  'POST /api/publicapi/reg-distributor': none,
  'POST /api/publicapi/upload-licence': none,
  'POST /api/publicapi/get-channel-select': none,
  'GET /api/publicapi/get-company-by-keyword': none,
  'GET /api/publicapi/get-company-by-name': none,
  'POST /api/publicapi/get-registration-list': { auth: 'required', page: 'registerReview' },
  'POST /api/publicapi/review-registration': {
    auth: 'required',
    page: 'registerReview',
    object: { from: 'body', field: 'id', kind: 'registration' },
  },
};

/** Every route's policy: the table's and the contract's; a route both declare differently is a mistake. */
export const ACCESS_POLICIES: Readonly<Record<string, AccessPolicy>> = (() => {
  const differ = Object.keys(CONTRACT_POLICIES).filter(
    (key) => key in ROUTE_POLICIES && !same(ROUTE_POLICIES[key], CONTRACT_POLICIES[key]),
  );
  if (differ.length) throw new Error(`the contract and access-policy.ts disagree on: ${differ.join(', ')}`);
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
 * The policy's auth, roles, page and tenant become the route's config, which the tenant and
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
      if (config.access && !same(config.access, policy)) {
        throw new Error(`${method} ${route.url}: its own access policy disagrees with the declared one (docs/decisions/020)`);
      }
      for (const field of ['auth', 'roles', 'page', 'tenant'] as const) {
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
      } as RouteOptions['config'];
    }
  });
}
