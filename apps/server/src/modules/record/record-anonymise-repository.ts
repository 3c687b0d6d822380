import { and, asc, eq, gt, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import { CLOSED_STATUSES } from '@baobei/shared/rules/record-status';
import { anonymousName, anonymousPhone } from '@baobei/shared/rules/retention';
import { queryRows, type Executor } from '../../db/client';
import { house, record, recordDynamic, recordImage, user } from '../../db/schema';

/** Where a retention walk stands: the last report's closing time and id. */
export interface RetentionCursor {
  at: Date;
  id: number;
}

/** A report as the anonymiser reads it: who its customer was, and the pictures it holds. */
export interface ReportToAnonymise {
  id: number;
  customerId: number | null;
  name: string;
  phone: string;
  pictures: string[];
}

/** The time a report closed: its last status change (a report never changed keeps its creation). */
const closedAt = sql<Date>`coalesce(${record.operateAt}, ${record.createdAt})`;
const closed = inArray(record.status, [...CLOSED_STATUSES]);

/**
 * The report table's part of 数据保留 and 个人信息请求 (docs/decisions/093), the record module's
 * own SQL. Only the customer's name, phone, remark and pictures change, and the markers: none is
 * in a tally trigger's column list or WHEN clause, so counts, statuses, deals and commission stay.
 */
export function createRecordAnonymiseRepository(db: Executor) {
  /** Closed reports of the company that closed before `closedBefore`, not yet past `stage`, oldest first. */
  async function due(stage: 'anonymise' | 'pictures', companyId: number, closedBefore: Date, limit: number, after: RetentionCursor | null): Promise<{ id: number; at: Date }[]> {
    const marker = stage === 'anonymise' ? record.anonymisedAt : record.picturesRemovedAt;
    const rows = await db
      .select({ id: record.id, at: sql<string>`${closedAt}` })
      .from(record)
      .where(
        and(
          eq(record.companyId, companyId),
          isNull(marker),
          closed,
          lt(closedAt, closedBefore),
          after ? or(gt(closedAt, after.at), and(eq(closedAt, after.at), gt(record.id, after.id))) : undefined,
        ),
      )
      .orderBy(asc(closedAt), asc(record.id))
      .limit(limit);
    return rows.map((r) => ({ id: r.id, at: new Date(r.at) }));
  }

  /** The reports named, of this company, with their pictures (the proofs and the report images). */
  async function toAnonymise(tx: Executor, companyId: number, ids: number[]): Promise<ReportToAnonymise[]> {
    if (ids.length === 0) return [];
    const rows = await tx
      .select({
        id: record.id,
        customerId: record.customerId,
        name: record.customerName,
        phone: record.customerPhone,
        pics: record.customerPics,
        // Written out: drizzle names a column of a subquery without its table, which the inner table would take.
        images: sql<string[]>`coalesce((select array_agg(i.url) from ${recordImage} i where i.record_id = "record"."id"), '{}')`,
      })
      .from(record)
      .where(and(eq(record.companyId, companyId), inArray(record.id, ids)))
      .orderBy(asc(record.id))
      .for('update');
    return rows.map((r) => ({ id: r.id, customerId: r.customerId, name: r.name, phone: r.phone, pictures: [...r.pics, ...r.images] }));
  }

  /** Deletes the reports' pictures (their rows; the files are the upload module's) and marks them. */
  async function removePictures(tx: Executor, ids: number[], now: Date): Promise<void> {
    if (ids.length === 0) return;
    await tx.delete(recordImage).where(inArray(recordImage.recordId, ids));
    await tx
      .update(record)
      .set({ customerPics: [], picturesRemovedAt: sql`coalesce(${record.picturesRemovedAt}, ${now.toISOString()}::timestamptz)` })
      .where(inArray(record.id, ids));
  }

  /**
   * Names to 客户X, phones to their masked forms, the remark emptied, the name and phone in the
   * reports' dynamics replaced; pictures deleted and both markers set. The masked phone the 撞单 rule
   * compares (customer_phone_masked) already is the masked form and stays: a closed report takes
   * part in no duplicate check, and the refusals keep only that form too.
   */
  async function anonymise(tx: Executor, reports: ReportToAnonymise[], now: Date): Promise<void> {
    if (reports.length === 0) return;
    const values = sql.join(
      reports.map((r) => sql`(${r.id}::int, ${anonymousName({ customerId: r.customerId, recordId: r.id })}::text, ${anonymousPhone(r.phone)}::text, ${r.name}::text, ${r.phone}::text)`),
      sql`, `,
    );
    await tx.execute(sql`
      update ${recordDynamic} d set remark = replace(replace(d.remark, v.phone, v.masked), v.name, v.anon)
      from (values ${values}) as v(id, anon, masked, name, phone)
      where d.record_id = v.id and v.name <> '' and v.phone <> '' and (position(v.name in d.remark) > 0 or position(v.phone in d.remark) > 0)`);
    await removePictures(tx, reports.map((r) => r.id), now);
    await tx.execute(sql`
      update ${record} r set customer_name = v.anon, customer_phone = v.masked, remark = '', anonymised_at = ${now.toISOString()}::timestamptz
      from (values ${values}) as v(id, anon, masked, name, phone)
      where r.id = v.id and r.anonymised_at is null`);
  }

  /** 个人信息请求: the company's reports of a phone as entered, with their listing and reporter. */
  async function findByPhone(companyId: number, phone: string) {
    return db
      .select({
        id: record.id,
        customerId: record.customerId,
        name: record.customerName,
        phone: record.customerPhone,
        houseName: house.name,
        status: record.status,
        reporterName: user.name,
        remark: record.remark,
        pictures: sql<number>`(jsonb_array_length("record"."customer_pics") + (select count(*) from ${recordImage} i where i.record_id = "record"."id"))::int`,
        createdAt: record.createdAt,
      })
      .from(record)
      .innerJoin(house, eq(house.id, record.houseId))
      .innerJoin(user, eq(user.id, record.reporterId))
      .where(and(eq(record.companyId, companyId), eq(record.customerPhone, phone)))
      .orderBy(asc(record.id));
  }

  /**
   * Which of these pictures another report of the company still shows (a proof is the customer's
   * picture, taken by each of its reports): those are not deleted with the reports `except`.
   */
  async function picturesInUse(tx: Executor, companyId: number, urls: string[], except: number[]): Promise<Set<string>> {
    if (urls.length === 0) return new Set();
    const list = sql.join(urls.map((u) => sql`${u}::text`), sql`, `);
    const skip = except.length > 0 ? sql`and r.id not in (${sql.join(except.map((id) => sql`${id}::int`), sql`, `)})` : sql``;
    const rows = await queryRows<{ url: string }>(
      tx,
      sql`select u.url from unnest(array[${list}]) as u(url)
        where exists (select 1 from ${record} r where r.company_id = ${companyId} ${skip} and r.customer_pics @> jsonb_build_array(u.url))
           or exists (select 1 from ${recordImage} i join ${record} r on r.id = i.record_id where r.company_id = ${companyId} ${skip} and i.url = u.url)`,
    );
    return new Set(rows.map((r) => r.url));
  }

  return { due, toAnonymise, removePictures, anonymise, findByPhone, picturesInUse };
}

export type RecordAnonymiseRepository = ReturnType<typeof createRecordAnonymiseRepository>;
