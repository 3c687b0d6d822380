import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { messages } from '@baobei/shared/messages';
import { companySchema } from '@baobei/shared/schemas/company';
import { text } from '@baobei/shared/schemas/fields';
import { envelopeSchema } from '@baobei/shared/schemas/envelope';
import { ok } from '../../lib/envelope';
import { NotFoundError } from '../../lib/errors';
import { normaliseHost } from '../../plugins/tenant';
import type { CompanyRepository, CompanyRow } from './company-repository';

export function toCompanyRecord(row: CompanyRow) {
  return {
    companyId: row.id,
    title: row.title,
    color: row.color,
    gradientColor: row.gradientColor,
    logo: row.logo,
    subLogo: row.subLogo,
    favicon: row.favicon,
    description: row.description,
  };
}

export const companyRoutes =
  (companies: CompanyRepository): FastifyPluginAsyncZod =>
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
      async (request) => {
        const row = await companies.findByHost(normaliseHost(request.query.host));
        if (!row) throw new NotFoundError(messages.common.companyNotFound);
        return ok(toCompanyRecord(row));
      },
    );
  };
