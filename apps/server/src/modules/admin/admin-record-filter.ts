import { and, eq, gte, inArray, isNotNull, isNull, lt, sql, type SQL } from 'drizzle-orm';
import { customRange, presetRange, type DateRange } from '@baobei/shared/rules/date-presets';
import { EXPIRING_STATUSES, type ProtectionState } from '@baobei/shared/rules/record-view';
import { searchesEnteredPhone } from '@baobei/shared/rules/report-phone';
import type { AdminRecordFilter } from '@baobei/shared/schemas/admin-record';
import { company, record } from '../../db/schema';
import { protectionDueSql } from '../record/protection-due';
import { recordKeywordCondition } from '../record/record-tracking-repository';

/** Both console roles read reports alike (docs/decisions/048, 049). */
const CONSOLE_SEARCHES_ENTERED_PHONE = searchesEnteredPhone('OPERATOR') && searchesEnteredPhone('PLATFORM_ADMIN');

/**
 * The report time range of a filter ([start, end), Shanghai days), or null for every date:
 * a preset of the mobile list, or 自选时间 (both days included).
 */
export function adminRecordRange(filter: Pick<AdminRecordFilter, 'datePreset' | 'dateFrom' | 'dateTo'>, now: Date = new Date()): DateRange | null {
  const preset = filter.datePreset ?? (filter.dateFrom && filter.dateTo ? 99 : 0);
  if (preset === 99) return filter.dateFrom && filter.dateTo ? customRange(filter.dateFrom, filter.dateTo) : null;
  return presetRange(preset, now);
}

/**
 * The 保护期 filter: the shared `protectionState` in SQL. The warning hours are the company's
 * (one row by its key, read once per statement).
 */
function protectionStateSql(state: ProtectionState, companyId: number, now: Date): SQL {
  const timed = inArray(record.status, [...EXPIRING_STATUSES]);
  if (state === 'EXPIRED') return and(timed, isNotNull(record.protectionExpiredAt))!;
  const warnFrom = sql`${now.toISOString()}::timestamptz + (select ${company.protectionWarningHours} from ${company} where ${company.id} = ${companyId}) * interval '1 hour'`;
  const due = state === 'EXPIRING' ? sql`${protectionDueSql} <= ${warnFrom}` : sql`${protectionDueSql} > ${warnFrom}`;
  return and(timed, isNull(record.protectionExpiredAt), due)!;
}

/**
 * The console's report table as filtered (docs/decisions/048), as one WHERE condition on
 * `record` for a viewer's company: the table's page and count, and the Excel export of the same
 * table, read exactly these rows. Every report of the company; the keyword is the mobile lists'
 * indexed one (decision 016/041), and on a MASKED listing it matches the number as the console
 * reads it, hidden (decision 019's searchesEnteredPhone), so a search cannot reveal digits.
 */
export function adminRecordWhere(filter: AdminRecordFilter, companyId: number, now: Date = new Date()): SQL {
  const range = adminRecordRange(filter, now);
  return and(
    eq(record.companyId, companyId),
    filter.status ? eq(record.status, filter.status) : undefined,
    range ? gte(record.createdAt, range.start) : undefined,
    range ? lt(record.createdAt, range.end) : undefined,
    filter.houseId ? eq(record.houseId, filter.houseId) : undefined,
    filter.distributorId ? eq(record.distributorId, filter.distributorId) : undefined,
    filter.reporterId ? eq(record.reporterId, filter.reporterId) : undefined,
    filter.auditorId ? eq(record.auditorId, filter.auditorId) : undefined,
    filter.keyword ? recordKeywordCondition(companyId, filter.keyword, !CONSOLE_SEARCHES_ENTERED_PHONE) : undefined,
    filter.protection ? protectionStateSql(filter.protection, companyId, now) : undefined,
  )!;
}
