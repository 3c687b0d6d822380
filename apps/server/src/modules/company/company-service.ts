import type { Company } from '@baobei/shared/schemas/company';
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
     * The branding of the company a page host belongs to; with `agreement`, also its user
     * agreement text ('' for the built-in one; docs/decisions/044); with `privacy`, its privacy
     * policy and retention months (docs/decisions/095). Read from the database on every call, so
     * a console change shows on the app's next load.
     */
    async brandingByHost(host: string, extra: { agreement?: boolean; privacy?: boolean } = {}): Promise<Company> {
      const row = await companies.findByHost(normaliseHost(host));
      if (!row) throw new NotFoundError(messages.common.companyNotFound);
      return {
        ...toCompanyRecord(row),
        ...(extra.agreement ? { agreement: row.agreement } : {}),
        ...(extra.privacy
          ? { privacy: { policy: row.privacyPolicy, retentionMonths: row.retentionMonths, pictureRetentionMonths: row.pictureRetentionMonths } }
          : {}),
      };
    },
  };
}
export type CompanyService = ReturnType<typeof createCompanyService>;
