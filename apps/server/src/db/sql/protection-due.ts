import { sql } from 'drizzle-orm';
import { EXPIRING_STATUSES } from '@baobei/shared/rules/record-view';
import { house, record } from '../schema';

const WAITING = EXPIRING_STATUSES.filter((s) => s !== 'VISIT');

/**
 * "Protected until" of a report in every state (issue 28, item 2; docs/decisions/051): the shared
 * `protectionDueAt` in SQL, the one expression the expiry job, the warning, the duplicate
 * refusal and every view of a report (lists, detail, audit page, console drawer) read.
 * - waiting for the customer (RECORDSTART, RECORDSTANDBY, RECORDCOMPLETE): the report
 *   protection's end, protect_until;
 * - visited (VISIT): the viewing protection's end, the visit time plus the listing's
 *   take_look_protect_hours (protect_until when no visit time was recorded);
 * - anything else (a deal, a confirmed deal, closed, not visited): null, time never ends it.
 */
export const protectionDueSql = sql<Date | null>`(case
    when ${record.status} in (${sql.join(WAITING.map((s) => sql`${s}`), sql`, `)}) then ${record.protectUntil}
    when ${record.status} = 'VISIT' then coalesce(
      ${record.visitTime} + (select ${house.takeLookProtectHours} from ${house} where ${house.id} = ${record.houseId}) * interval '1 hour',
      ${record.protectUntil})
    else null end)`.mapWith(record.protectUntil);
