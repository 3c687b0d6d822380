import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { queryRows, type Executor } from '../../db/client';
import { message, user } from '../../db/schema';

/** A report's customer as its messages name it, and what it is called after anonymising. */
export interface CustomerNaming {
  recordId: number;
  name: string;
  phone: string;
  anonName: string;
  anonPhone: string;
}

/**
 * The messages' part of 数据保留 and 个人信息请求 (docs/decisions/093), the message module's own
 * SQL: a report's messages name its customer in their title and text (a status change, a
 * reminder); the name and phone are replaced where they appear. The message stays (the
 * recipient's centre, read or not); the nightly housekeeping removes it in its time.
 */
export function createMessageAnonymiseRepository(db: Executor) {
  async function anonymise(tx: Executor, companyId: number, namings: CustomerNaming[]): Promise<number> {
    const named = namings.filter((n) => n.name !== '' || n.phone !== '');
    if (named.length === 0) return 0;
    const values = sql.join(
      named.map((n) => sql`(${n.recordId}::int, ${n.name}::text, ${n.phone}::text, ${n.anonName}::text, ${n.anonPhone}::text)`),
      sql`, `,
    );
    // Phone first: a name never holds digits, a number could hold a short name's characters only by chance.
    const swap = (column: string) =>
      sql`replace(replace(${sql.identifier(column)}, v.phone, v.anon_phone), v.name, v.anon_name)`;
    const changed = await queryRows<{ id: number }>(tx, sql`
      update ${message} m set title = ${swap('title')}, content = ${swap('content')}
      from (values ${values}) as v(record_id, name, phone, anon_name, anon_phone)
      where m.record_id = v.record_id and m.company_id = ${companyId}
        and (position(v.phone in m.title) > 0 or position(v.phone in m.content) > 0
          or (v.name <> '' and (position(v.name in m.title) > 0 or position(v.name in m.content) > 0)))
      returning m.id`);
    return changed.length;
  }

  /** 个人信息请求: the messages of these reports, with their recipient. */
  async function forReports(companyId: number, recordIds: number[]) {
    if (recordIds.length === 0) return [];
    return db
      .select({ id: message.id, recordId: message.recordId, recipient: user.name, title: message.title, content: message.content, createdAt: message.createdAt })
      .from(message)
      .innerJoin(user, eq(user.id, message.userId))
      .where(and(eq(message.companyId, companyId), inArray(message.recordId, recordIds)))
      .orderBy(asc(message.id));
  }

  return { anonymise, forReports };
}

export type MessageAnonymiseRepository = ReturnType<typeof createMessageAnonymiseRepository>;
