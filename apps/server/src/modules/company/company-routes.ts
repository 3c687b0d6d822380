import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { companySchema } from '@baobei/shared/schemas/company';
import { text } from '@baobei/shared/schemas/fields';
import { envelopeSchema } from '@baobei/shared/schemas/envelope';
import { ok } from '../../lib/envelope';
import type { CompanyService } from './company-service';

export const companyRoutes =
  (companies: CompanyService): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/index/get-company',
      {
        config: { auth: 'none', tenant: 'none' },
        schema: {
          tags: ['company'],
          summary: 'Company branding by page host',
          querystring: z.object({ host: text('域名', 255).pipe(z.string().min(1)) }),
          response: { 200: envelopeSchema(companySchema) },
        },
      },
      async (request) => ok(await companies.brandingByHost(request.query.host)),
    );
  };
