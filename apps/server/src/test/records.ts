import type { LightMyRequestResponse } from 'fastify';
import { expect, it } from 'vitest';
import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import { messages } from '@baobei/shared/messages';
import {
  isClosedStatus,
  RECORD_STATUSES,
  RECORD_STATUS_TEXT,
  type RecordStatus,
  type TransitionRules,
} from '@baobei/shared/rules/record-status';
import { canAuditTo } from '@baobei/shared/rules/record-view';
import { formatShanghaiMinute } from '@baobei/shared/rules/shanghai-time';
import { queryRows } from '../db/client';
import { house, record, user } from '../db/schema';
import { DEMO_ACCOUNTS } from './accounts';
import type { TestApp } from './test-app';

type SubmittedCustomer = { name: string; phone: string; customerPic?: string[]; picConsent?: boolean };

/**
 * The body of POST /api/record/post-record-data for one new customer (or several), visiting in
 * two days: what the report form sends, with `extra` for the fields a test is about.
 */
export function reportSubmitPayload(
  houseIds: number[],
  customers: SubmittedCustomer | SubmittedCustomer[],
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
    // The broker confirms the customer's consent to pictures (decision 095) unless a test says otherwise.
    customerList: [customers].flat().map((c) => ({ name: c.name, sex: 1, phone: c.phone, telType: 0, customerPic: c.customerPic ?? [], picConsent: c.picConsent ?? true })),
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

/** An account's columns that the scope expectations written in SQL read. */
export interface AccountRow {
  id: number;
  role: string;
  distributor_id: number | null;
  distributor_control: boolean;
}

/** The account of `phone` in the company of page host `host`, read in plain SQL, apart from the server's queries. */
export async function accountRow(t: TestApp, host: string, phone: string): Promise<AccountRow> {
  const companyId = await t.companyIdOf(host);
  const rows = await queryRows<AccountRow>(
    t.database.db,
    sql`select id, role, distributor_id, distributor_control from "user" where company_id = ${companyId} and phone = ${phone}`,
  );
  if (!rows[0]) throw new Error(`no user ${phone} at ${host}`);
  return rows[0];
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
      // A new report is protected whatever its template's protection came to (docs/decisions/051).
      protectionExpiredAt: null,
      protectionWarnedAt: null,
      ...values,
    })
    .returning();
  return row!;
}

/** The company's active listings in id order, the first `count`, narrowed by `where` (e.g. no visits yet). */
export async function activeListings(t: TestApp, companyId: number, count: number, where?: SQL): Promise<(typeof house.$inferSelect)[]> {
  return t.database.db
    .select()
    .from(house)
    .where(and(eq(house.companyId, companyId), eq(house.active, true), where))
    .orderBy(asc(house.id))
    .limit(count);
}

/** One move of the audit form: the report, the target status and what a test changes of the rest. */
export interface AuditMove {
  id: number;
  approvalStatus: string;
  version?: number;
  visitTime?: string;
  reback?: boolean;
  approvalResult?: string;
}

/**
 * POST /api/record/submit-record-audit-data as the audit page sends it: version 1, an opinion,
 * and for VISIT a visit an hour ago (the only target that needs a time).
 */
export function submitAudit(t: TestApp, phone: string, move: AuditMove, host?: string): Promise<LightMyRequestResponse> {
  return t.postAs(
    '/api/record/submit-record-audit-data',
    phone,
    {
      version: 1,
      reback: false,
      approvalResult: '审核意见',
      visitTime: move.approvalStatus === 'VISIT' ? formatShanghaiMinute(new Date(Date.now() - 3_600_000)) : '',
      ...move,
    },
    host,
  );
}

/** A transition written out by hand from the specification: from, to, as whom, the answer's status code. */
export type HandWrittenMove = [RecordStatus, RecordStatus, string, number];

/**
 * The whole transition table of submit-record-audit-data under one company's `rules`, as the
 * demo auditor and auditor admin: every status × every target on a fresh report, each answer
 * held to the shared rules (200 moved, 400 refused, 403 closed and not admin) with its message;
 * then the `handWritten` rows, so the table is not only the code mirrored.
 */
export function auditMatrix(options: {
  rules: TransitionRules;
  report: (status: RecordStatus) => Promise<{ id: number }>;
  audit: (phone: string, move: AuditMove) => Promise<LightMyRequestResponse>;
  handWritten: HandWrittenMove[];
}): void {
  const { rules, report, audit } = options;
  for (const [phone, actor] of [
    [DEMO_ACCOUNTS.auditor, 'AUDITOR'],
    [DEMO_ACCOUNTS.auditorAdmin, 'AUDITORADMIN'],
  ] as const) {
    it(`${actor}: every status × every target`, async () => {
      const got: string[] = [];
      const want: string[] = [];
      for (const from of RECORD_STATUSES) {
        for (const to of RECORD_STATUSES) {
          const row = await report(from);
          const res = await audit(phone, { id: row.id, approvalStatus: to });
          got.push(`${from}→${to}: ${res.statusCode}`);
          const expected = isClosedStatus(from) && actor === 'AUDITOR' ? 403 : canAuditTo(from, to, actor, rules) ? 200 : 400;
          want.push(`${from}→${to}: ${expected}`);
          if (res.statusCode === 200) {
            expect(res.json().data).toMatchObject({ id: row.id, approvalStatus: to, version: 2 });
          } else if (res.statusCode === 403) {
            expect(res.json().msg).toBe(messages.recordTrack.closedAdminOnly);
          } else if (res.statusCode === 400) {
            expect(res.json().msg).toBe(messages.recordTrack.transitionRefused(RECORD_STATUS_TEXT[from], RECORD_STATUS_TEXT[to]));
          }
        }
      }
      expect(got).toEqual(want);
    });
  }

  it.each(options.handWritten)('%s → %s by %s: %i', async (from, to, phone, code) => {
    const row = await report(from);
    expect((await audit(phone, { id: row.id, approvalStatus: to })).statusCode).toBe(code);
  });
}
