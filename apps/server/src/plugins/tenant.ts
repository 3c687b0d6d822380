import fp from 'fastify-plugin';
import { messages } from '@baobei/shared/messages';
import { ForbiddenError, NotFoundError } from '../lib/errors';
import type { CompanyRepository, CompanyRow } from '../modules/company/company-repository';
import { isApiRoute } from './route-scope';

declare module 'fastify' {
  interface FastifyRequest {
    /** The tenant. Set on every route whose config does not say `tenant: 'none'`. */
    company: CompanyRow;
  }
  interface FastifyContextConfig {
    tenant?: 'required' | 'none';
  }
}

/** `localhost:3000` → `localhost`; IPv6 brackets kept off. */
export function normaliseHost(host: string): string {
  const trimmed = host.trim().toLowerCase();
  if (trimmed.startsWith('[')) return trimmed.slice(1, trimmed.indexOf(']'));
  return trimmed.replace(/:\d+$/, '');
}

const CACHE_MS = 30_000;

/**
 * ARCHITECTURE.md: the tenant is the company resolved from the page host; the client
 * sends it as the `companyId` header. A header that names another company than the host's
 * own is refused, so a page of one brand can never act on another's data.
 */
export const tenantPlugin = fp<{ companies: CompanyRepository }>(async (app, { companies }) => {
  const byId = new Map<number, { row: CompanyRow | undefined; at: number }>();
  const byHost = new Map<string, { row: CompanyRow | undefined; at: number }>();

  async function cached<K>(map: Map<K, { row: CompanyRow | undefined; at: number }>, key: K, load: () => Promise<CompanyRow | undefined>) {
    const hit = map.get(key);
    if (hit && Date.now() - hit.at < CACHE_MS) return hit.row;
    const row = await load();
    map.set(key, { row, at: Date.now() });
    return row;
  }

  app.decorateRequest('company', null as unknown as CompanyRow);

  app.addHook('onRequest', async (request) => {
    if (request.routeOptions.config?.tenant === 'none' || !isApiRoute(request)) return;
    const host = normaliseHost(request.hostname ?? '');
    const hostCompany = host ? await cached(byHost, host, () => companies.findByHost(host)) : undefined;
    const header = request.headers['companyid'];
    const headerId = typeof header === 'string' && /^\d{1,9}$/.test(header) ? Number(header) : undefined;
    if (headerId !== undefined) {
      const headerCompany = await cached(byId, headerId, () => companies.findById(headerId));
      if (!headerCompany) throw new NotFoundError(messages.common.companyNotFound);
      if (hostCompany && hostCompany.id !== headerCompany.id) throw new ForbiddenError(messages.common.forbidden);
      request.company = headerCompany;
      return;
    }
    if (!hostCompany) throw new NotFoundError(messages.common.companyNotFound);
    request.company = hostCompany;
  });
});
