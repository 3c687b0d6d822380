import { PRE_VISIT_STATUSES, type RecordStatus } from './record-status';
import { DISTRIBUTOR_ROLES, type Role } from './roles';
import { parseShanghaiMinute, shanghaiWallClock } from './shanghai-time';

/**
 * Issue 32, item 2 (docs/decisions/089): the reports still waiting for their customer's visit,
 * when their reporter is reminded of it, and how 预计到访 reads on every list.
 */

/**
 * Waiting for the customer's visit: 待处理, 处理中, 已发开发商 (未到访 has lost it). The same
 * statuses whose protection runs to protect_until (record_report_protection_due_idx) and which
 * 到访为王 closes; the 待到访 view and the reminder read them.
 */
export const AWAITING_VISIT_STATUSES: readonly RecordStatus[] = PRE_VISIT_STATUSES.filter((s) => s !== 'UNVISIT');

export function isAwaitingVisit(status: RecordStatus): boolean {
  return AWAITING_VISIT_STATUSES.includes(status);
}

/**
 * 到访提醒提前 (the company's setting, minutes): default two hours; 0 sends none; at most a day.
 * A report is reminded from that long before its expected visit until the visit itself, never
 * after it (the SQL of modules/record/visit-reminder-repository.ts).
 */
export const VISIT_REMINDER_DEFAULT_MINUTES = 120;
export const VISIT_REMINDER_MAX_MINUTES = 1440;

/** 已过预计时间: still waiting, and its expected visit time has passed. */
export function isVisitOverdue(status: RecordStatus, estimatedVisit: Date, now: Date): boolean {
  return isAwaitingVisit(status) && estimatedVisit.getTime() <= now.getTime();
}

/**
 * The 待到访 view (soonest expected visit first) is the reporter side's: a broker's or shop
 * manager's own reports (我的订单) and the shop's or distributor's (公司订单). The server refuses
 * it to other roles.
 */
export function offersAwaitingVisitView(role: Role | null): boolean {
  return role !== null && (DISTRIBUTOR_ROLES as readonly Role[]).includes(role);
}

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * 预计到访 as every list shows it, from the server's 'YYYY-MM-DD HH:mm' (Shanghai): '12月08日
 * 14:00' in the current year (Shanghai), '2027年01月08日 14:00' in another; '' stays ''.
 */
export function formatVisitTime(text: string, now: Date = new Date()): string {
  const at = parseShanghaiMinute(text);
  if (!at) return text;
  const { year, month, day, hour, minute } = shanghaiWallClock(at);
  const md = `${pad(month + 1)}月${pad(day)}日 ${pad(hour)}:${pad(minute)}`;
  return year === shanghaiWallClock(now).year ? md : `${year}年${md}`;
}
