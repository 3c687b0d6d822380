import { and, asc, count, eq, ilike, inArray, ne, or, sql, type SQL } from 'drizzle-orm';
import { AUDITOR_ROLES, CONSOLE_ROLES } from '@baobei/shared/rules/roles';
import type { CompanySetup } from '@baobei/shared/schemas/admin';
import { writeAuditLog, type AuditEntry } from '../../db/audit-log';
import { queryRows, type Executor } from '../../db/client';
import { company, companyHost } from '../../db/schema';

import type { CompanyRow } from '../company/company-repository';
import { phoneHeld } from '../../db/sql/exists';
import { containsPattern } from '../../db/sql/text-search';

export type { CompanyRow };
/** The columns of company the console may change (not id, code, time zone, version, times). */
export type CompanyChanges = Partial<
  Pick<
    CompanyRow,
    | 'title'
    | 'color'
    | 'gradientColor'
    | 'logo'
    | 'subLogo'
    | 'favicon'
    | 'description'
    | 'agreement'
    | 'privacyPolicy'
    | 'kefPhone'
    | 'maxCustomersPerReport'
    | 'defaultProtectHours'
    | 'defaultReportLeadTime'
    | 'protectionWarningHours'
    | 'highCommissionYuan'
    | 'visitReminderMinutes'
    | 'retentionMonths'
    | 'pictureRetentionMonths'
    | 'dealConfirmByAdmin'
    | 'smsNotifyKinds'
    | 'wechatEnabled'
  >
>;

/**
 * The console's SQL (docs/decisions/039). Every statement names its company: the company's
 * own row, its hosts, its accounts, its audit rows.
 */
export function createAdminRepository(db: Executor) {
  return {
    async findCompany(companyId: number): Promise<CompanyRow | undefined> {
      const rows = await db.select().from(company).where(eq(company.id, companyId)).limit(1);
      return rows[0];
    },

    /** The row, locked until the transaction ends (two saves of one company take turns). */
    async lockCompany(companyId: number): Promise<CompanyRow | undefined> {
      const rows = await db.select().from(company).where(eq(company.id, companyId)).for('update').limit(1);
      return rows[0];
    },

    async hostsOf(companyId: number): Promise<string[]> {
      const rows = await db
        .select({ host: companyHost.host })
        .from(companyHost)
        .where(eq(companyHost.companyId, companyId))
        .orderBy(asc(companyHost.host));
      return rows.map((r) => r.host);
    },

    /** Those of `hosts` that another company than `companyId` (none: any company) answers on. */
    async hostsTakenByOthers(hosts: string[], companyId: number | null): Promise<string[]> {
      if (hosts.length === 0) return [];
      const rows = await db
        .select({ host: companyHost.host })
        .from(companyHost)
        .where(and(inArray(companyHost.host, hosts), companyId === null ? undefined : ne(companyHost.companyId, companyId)));
      return rows.map((r) => r.host);
    },

    /** The company's hosts become exactly `hosts`. */
    async replaceHosts(companyId: number, hosts: string[]): Promise<void> {
      await db.delete(companyHost).where(eq(companyHost.companyId, companyId));
      if (hosts.length) await db.insert(companyHost).values(hosts.map((host) => ({ host, companyId })));
    },

    /** Changes and bumps the version, if it is still `version`; undefined when another save came first. */
    async updateCompany(companyId: number, version: number, changes: CompanyChanges): Promise<CompanyRow | undefined> {
      const rows = await db
        .update(company)
        .set({ ...changes, version: sql`${company.version} + 1`, updatedAt: sql`now()` })
        .where(and(eq(company.id, companyId), eq(company.version, version)))
        .returning();
      return rows[0];
    },

    async insertCompany(values: typeof company.$inferInsert): Promise<CompanyRow> {
      const rows = await db.insert(company).values(values).returning();
      return rows[0]!;
    },

    phoneUsed(companyId: number, phone: string): Promise<boolean> {
      return phoneHeld(db, companyId, phone);
    },

    insertAudit: (entry: AuditEntry): Promise<void> => writeAuditLog(db, entry),

    /**
     * What a company has of what its first report needs (概览's 开通清单), in one statement: each
     * count reads its table's company index. Read only; the tables' owners write them.
     */
    async setup(companyId: number): Promise<CompanySetup> {
      const [row] = await queryRows<CompanySetup>(
        db,
        sql`select
          (select count(*)::int from city c where c.company_id = ${companyId} and c.enabled and c.parent_id is not null
             and exists (select 1 from city p where p.id = c.parent_id and p.enabled and p.parent_id is null)) as cities,
          (select count(*)::int from house_feature f where f.company_id = ${companyId} and f.active) as features,
          (select count(*)::int from "user" u where u.company_id = ${companyId} and u.active
             and u.role in (${sql.join(AUDITOR_ROLES.map((r) => sql`${r}`), sql`, `)})) as auditors,
          (select count(*)::int from house h where h.company_id = ${companyId} and h.active) as houses,
          (select count(*)::int from distributor d where d.company_id = ${companyId} and d.active) as distributors`,
      );
      return row!;
    },

    /** Every company (PLATFORM_ADMIN's list), newest first, with hosts and console accounts. */
    async listCompanies({ keyword, page, pageSize }: { keyword: string; page: number; pageSize: number }) {
      const like = containsPattern(keyword);
      const where: SQL | undefined = keyword
        ? or(
            ilike(company.title, like),
            sql`exists (select 1 from company_host h where h.company_id = "company"."id" and h.host ilike ${like})`,
          )
        : undefined;
      const [rows, [total]] = await Promise.all([
        db
          .select({
            id: company.id,
            title: company.title,
            color: company.color,
            logo: company.logo,
            createdAt: company.createdAt,
            // Written out: inside a select drizzle names columns without their table, and "id" would be the inner one.
            hosts: sql<string[]>`coalesce((select array_agg(h.host order by h.host) from company_host h where h.company_id = "company"."id"), '{}')`,
            operatorCount: sql<number>`(select count(*)::int from "user" u where u.company_id = "company"."id" and u.active and u.role in (${sql.join(
              CONSOLE_ROLES.map((r) => sql`${r}`),
              sql`, `,
            )}))`,
          })
          .from(company)
          .where(where)
          .orderBy(sql`${company.id} desc`)
          .limit(pageSize)
          .offset((page - 1) * pageSize),
        db.select({ n: count() }).from(company).where(where),
      ]);
      return { rows, total: total?.n ?? 0 };
    },
  };
}
export type AdminRepository = ReturnType<typeof createAdminRepository>;
