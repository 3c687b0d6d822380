import { and, desc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { company, piiRequest, user } from '../../db/schema';

/** pii_request's SQL (the privacy module owns the table) and the companies' 数据保留 settings it reads. */
export function createPrivacyRepository(db: Executor) {
  return {
    /** Every company's months (the nightly run goes through them all). */
    async retentionSettings(): Promise<{ id: number; retentionMonths: number; pictureRetentionMonths: number }[]> {
      return db
        .select({ id: company.id, retentionMonths: company.retentionMonths, pictureRetentionMonths: company.pictureRetentionMonths })
        .from(company)
        .orderBy(company.id);
    },

    async insertRequest(tx: Executor, values: typeof piiRequest.$inferInsert): Promise<number> {
      const [row] = await tx.insert(piiRequest).values(values).returning({ id: piiRequest.id });
      return row!.id;
    },

    async requests(companyId: number, page: number, pageSize: number) {
      const where = eq(piiRequest.companyId, companyId);
      const [rows, [count]] = await Promise.all([
        db
          .select({
            id: piiRequest.id,
            action: piiRequest.action,
            operatorName: sql<string>`coalesce(${user.name}, '')`,
            reason: piiRequest.reason,
            counts: piiRequest.counts,
            createdAt: piiRequest.createdAt,
          })
          .from(piiRequest)
          .leftJoin(user, and(eq(user.id, piiRequest.operatorId)))
          .where(where)
          .orderBy(desc(piiRequest.createdAt), desc(piiRequest.id))
          .limit(pageSize)
          .offset((page - 1) * pageSize),
        db.select({ n: sql<number>`count(*)::int` }).from(piiRequest).where(where),
      ]);
      return { rows, total: count?.n ?? 0 };
    },
  };
}

export type PrivacyRepository = ReturnType<typeof createPrivacyRepository>;
