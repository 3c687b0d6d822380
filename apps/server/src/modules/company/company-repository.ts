import { asc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { company, companyHost } from '../../db/schema';

export type CompanyRow = typeof company.$inferSelect;

export function createCompanyRepository(db: Executor) {
  return {
    async findByHost(host: string): Promise<CompanyRow | undefined> {
      const rows = await db
        .select({ company })
        .from(companyHost)
        .innerJoin(company, eq(company.id, companyHost.companyId))
        .where(eq(companyHost.host, host))
        .limit(1);
      return rows[0]?.company;
    },
    /** The hosts the company's pages are served on (lower-case names, no port). */
    async hostsOf(companyId: number): Promise<string[]> {
      const rows = await db.select({ host: companyHost.host }).from(companyHost).where(eq(companyHost.companyId, companyId)).orderBy(asc(companyHost.host));
      return rows.map((row) => row.host);
    },
    async findById(id: number): Promise<CompanyRow | undefined> {
      const rows = await db.select().from(company).where(eq(company.id, id)).limit(1);
      return rows[0];
    },
  };
}
export type CompanyRepository = ReturnType<typeof createCompanyRepository>;
