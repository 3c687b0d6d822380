import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeSchema } from '@baobei/shared/schemas/envelope';
import type { Db } from '../db/client';
import { seedDemoCompanyAt } from '../db/seed/seed-demo';
import { ok } from '../lib/envelope';
import { isUniqueViolation } from '../lib/db-errors';
import { ConflictError, NotFoundError } from '../lib/errors';
import type { DevSmsSender } from '../lib/sms';
import { normaliseHost } from './tenant';

export interface DevRouteOptions {
  db: Db;
  /** The development SMS adapter, when SMS_PROVIDER=dev. */
  devSms: DevSmsSender | null;
  /** The answers of the picture codes issued, by serial number. */
  issuedCaptchas: ReadonlyMap<string, string>;
}

/**
 * Test-only routes, registered when EXPOSE_DEV_SMS is set outside production (config.ts refuses
 * it there): readers of the codes the app sent, and a demo company at a new host, which lets
 * the browser journeys each run in a company of their own (docs/decisions/065).
 */
export function registerDevRoutes(app: FastifyInstance, { db, devSms, issuedCaptchas }: DevRouteOptions): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  // The tenant of the page host: one phone can be an account of several companies.
  routes.get(
    '/api/dev/sms-code',
    {
      config: { auth: 'none' },
      schema: { hide: true, querystring: z.object({ phone: z.string() }), response: { 200: envelopeSchema(z.object({ code: z.string() })) } },
    },
    async (request) => {
      const code = devSms?.lastCode(request.query.phone, request.company.id);
      if (!code) throw new NotFoundError('没有发送记录');
      return ok({ code });
    },
  );
  routes.get(
    '/api/dev/captcha',
    {
      config: { auth: 'none', tenant: 'none' },
      schema: { hide: true, querystring: z.object({ sn: z.string() }), response: { 200: envelopeSchema(z.object({ code: z.string() })) } },
    },
    async (request) => {
      const code = issuedCaptchas.get(request.query.sn);
      if (!code) throw new NotFoundError('没有发送记录');
      return ok({ code });
    },
  );
  routes.post(
    '/api/dev/company',
    {
      config: { auth: 'none', tenant: 'none' },
      schema: {
        hide: true,
        body: z.object({
          brand: z.enum(['haikou', 'sanya']),
          host: z.string().max(253).refine((host) => normaliseHost(host) === host, '主机名不正确'),
        }),
        response: { 200: envelopeSchema(z.object({ companyId: z.number().int() })) },
      },
    },
    async (request) => {
      try {
        const companyId = await seedDemoCompanyAt(db, request.body);
        app.tenantCache.clear();
        return ok({ companyId });
      } catch (error) {
        if (isUniqueViolation(error)) throw new ConflictError('主机名已被使用');
        throw error;
      }
    },
  );
}
