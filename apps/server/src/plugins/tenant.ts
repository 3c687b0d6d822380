import type { FastifyRequest, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { messages } from '@baobei/shared/messages';
import { createBoundedCache } from '../lib/bounded-cache';
import { ForbiddenError, NotFoundError } from '../lib/errors';
import type { CompanyRepository, CompanyRow } from '../modules/company/company-repository';
import { addRouteHook, isApiRoutePath } from './route-scope';

declare module 'fastify' {
  interface FastifyRequest {
    /** The tenant. Set on every route whose config does not say `tenant: 'none'`. */
    company: CompanyRow;
  }
  interface FastifyContextConfig {
    tenant?: 'required' | 'none';
  }
  interface FastifyInstance {
    /** The tenant caches: the console clears them when it changes a company or its hosts. */
    tenantCache: { clear(): void };
  }
}

/** A DNS name, an IPv4 address or an IPv6 address: what a company's host can be. */
const HOST_NAME = /^(?:[a-z0-9-]{1,63}\.)*[a-z0-9-]{1,63}$|^[0-9a-f:.]{2,45}$/;

/**
 * `localhost:3000` → `localhost`; IPv6 brackets kept off. Anything that cannot be a host name
 * (NUL, spaces, slashes) is '' (no host), never a lookup.
 */
export function normaliseHost(host: string): string {
  const trimmed = host.trim().toLowerCase();
  const name = trimmed.startsWith('[') ? trimmed.slice(1, trimmed.indexOf(']')) : trimmed.replace(/:\d+$/, '');
  return name.length <= 253 && HOST_NAME.test(name) ? name : '';
}

/**
 * docs/decisions/039: the console changes companies at run time. The instance that made the
 * change clears its caches at once; every other instance sees it within this lifetime.
 */
export const TENANT_CACHE_MS = 5_000;
/** Anyone can send any host or companyId: the caches forget their oldest entry past this. */
const CACHE_MAX_ENTRIES = 1000;

/**
 * ARCHITECTURE.md: the tenant is the company resolved from the page host; the client
 * sends it as the `companyId` header. A header that names another company than the host's
 * own is refused, so a page of one brand can never act on another's data.
 *
 * Companies are read through two small caches (by host, by id) that keep a row 5 s: the
 * console (docs/decisions/039) clears them on the instance that changes a company, and every
 * other instance reads the change within 5 s. The check runs on the API routes that need a
 * tenant only: it is added to each of them at start (docs/decisions/032).
 */
export const tenantPlugin = fp<{ companies: CompanyRepository }>(async (app, { companies }) => {
  const byId = createBoundedCache<number, CompanyRow | undefined>({ maxEntries: CACHE_MAX_ENTRIES, ttlMs: TENANT_CACHE_MS });
  const byHost = createBoundedCache<string, CompanyRow | undefined>({ maxEntries: CACHE_MAX_ENTRIES, ttlMs: TENANT_CACHE_MS });

  app.decorateRequest('company', null as unknown as CompanyRow);
  app.decorate('tenantCache', {
    clear() {
      byId.clear();
      byHost.clear();
    },
  });

  async function resolveTenant(request: FastifyRequest): Promise<void> {
    const host = normaliseHost(request.hostname ?? '');
    const hostCompany = host ? await byHost.get(host, () => companies.findByHost(host)) : undefined;
    const header = request.headers['companyid'];
    const headerId = typeof header === 'string' && /^\d{1,9}$/.test(header) ? Number(header) : undefined;
    if (headerId !== undefined) {
      const headerCompany = await byId.get(headerId, () => companies.findById(headerId));
      if (!headerCompany) throw new NotFoundError(messages.common.companyNotFound);
      if (hostCompany && hostCompany.id !== headerCompany.id) throw new ForbiddenError(messages.common.forbidden);
      request.company = headerCompany;
      return;
    }
    if (!hostCompany) throw new NotFoundError(messages.common.companyNotFound);
    request.company = hostCompany;
  }

  // After access-policy.ts's onRoute hook (registered before this plugin) has set the route's `tenant`.
  app.addHook('onRoute', (route: RouteOptions) => {
    if (route.config?.tenant === 'none' || !isApiRoutePath(route.url)) return;
    addRouteHook(route, 'onRequest', resolveTenant);
  });
});
