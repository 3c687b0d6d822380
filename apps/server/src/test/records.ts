import { and, asc, eq } from 'drizzle-orm';
import type { RecordStatus } from '@baobei/shared/rules/record-status';
import { formatShanghaiMinute } from '@baobei/shared/rules/shanghai-time';
import { record, user } from '../db/schema';
import type { TestApp } from './test-app';

/**
 * The body of POST /api/record/post-record-data for one new customer, visiting in two days:
 * what the report form sends, with `extra` for the fields a test is about.
 */
export function reportSubmitPayload(
  houseIds: number[],
  customer: { name: string; phone: string; customerPic?: string[] },
  extra: Record<string, unknown> = {},
) {
  return {
    selectHouse: houseIds,
    visitingTime: formatShanghaiMinute(new Date(Date.now() + 48 * 3_600_000)),
    visitorNum: 1,
    dkStaffName: '',
    dkStaffPhone: '',
    reception: '',
    remark: '',
    customerList: [{ name: customer.name, sex: 1, phone: customer.phone, telType: 0, customerPic: customer.customerPic ?? [] }],
    ...extra,
  };
}

/** Account ids by phone within one company. */
export async function userIdOf(t: TestApp, companyId: number, phone: string): Promise<number> {
  const rows = await t.database.db
    .select({ id: user.id })
    .from(user)
    .where(and(eq(user.companyId, companyId), eq(user.phone, phone)));
  if (!rows[0]) throw new Error(`no user ${phone} in company ${companyId}`);
  return rows[0].id;
}

/**
 * A report written straight into the database: a copy of the company's first seeded report
 * of `reporterId` (or any) with the given status and overrides, version 1, created now.
 */
export async function insertReport(
  t: TestApp,
  companyId: number,
  values: { status: RecordStatus } & Partial<typeof record.$inferInsert>,
): Promise<typeof record.$inferSelect> {
  const where = values.reporterId
    ? and(eq(record.companyId, companyId), eq(record.reporterId, values.reporterId))
    : eq(record.companyId, companyId);
  const [template] = await t.database.db.select().from(record).where(where).orderBy(asc(record.id)).limit(1);
  if (!template) throw new Error('no seeded report to copy');
  const now = new Date();
  const { id: _id, ...rest } = template;
  const [row] = await t.database.db
    .insert(record)
    .values({
      ...rest,
      version: 1,
      createdAt: now,
      auditAt: null,
      operateAt: null,
      visitTime: null,
      protectUntil: new Date(now.getTime() + 72 * 3_600_000),
      ...values,
    })
    .returning();
  return row!;
}
