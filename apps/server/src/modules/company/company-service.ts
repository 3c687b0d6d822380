import { messages } from '@baobei/shared/messages';
import { NotFoundError } from '../../lib/errors';
import { normaliseHost } from '../../plugins/tenant';
import type { CompanyRepository, CompanyRow } from './company-repository';

/** The brand of a company row (companyBrandFields): the one mapping the app's and the console's answers share. */
export function brandOf(row: CompanyRow) {
  return {
    title: row.title,
    color: row.color,
    gradientColor: row.gradientColor,
    logo: row.logo,
    subLogo: row.subLogo,
    favicon: row.favicon,
    description: row.description,
  };
}

export function toCompanyRecord(row: CompanyRow) {
  return { companyId: row.id, ...brandOf(row) };
}

export function createCompanyService({ companies }: { companies: CompanyRepository }) {
  return {
    /**
     * The hosts a company's pages are served on, read afresh on every call (the console changes
     * them at run time): where WeChat may send a user back to (docs/decisions/059).
     */
    hostsOf: (companyId: number): Promise<string[]> => companies.hostsOf(companyId),

    /**
     * The branding of the company a page host belongs to; with `withAgreement`, also its user
     * agreement text ('' for the built-in one; docs/decisions/044). Read from the database on
     * every call, so a console change shows on the app's next load.
     */
    async brandingByHost(host: string, withAgreement = false): Promise<ReturnType<typeof toCompanyRecord> & { agreement?: string }> {
      const row = await companies.findByHost(normaliseHost(host));
      if (!row) throw new NotFoundError(messages.common.companyNotFound);
      return withAgreement ? { ...toCompanyRecord(row), agreement: row.agreement } : toCompanyRecord(row);
    },
  };
}
export type CompanyService = ReturnType<typeof createCompanyService>;
