import { messages } from '@baobei/shared/messages';
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

export function createCompanyService({ companies }: { companies: CompanyRepository }) {
  return {
    /** The branding of the company a page host belongs to. */
    async brandingByHost(host: string): Promise<ReturnType<typeof toCompanyRecord>> {
      const row = await companies.findByHost(normaliseHost(host));
      if (!row) throw new NotFoundError(messages.common.companyNotFound);
      return toCompanyRecord(row);
    },
  };
}
export type CompanyService = ReturnType<typeof createCompanyService>;
