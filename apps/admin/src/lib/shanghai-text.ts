import { formatShanghaiMinute, formatShanghaiSecond, shanghaiDay } from '@baobei/shared/rules/shanghai-time';

/**
 * An instant the API answers (ISO 8601) as the console shows it: always Shanghai time
 * (DECISIONS.md, time zone; issue 28 item 6), whatever zone the operator's computer is set to,
 * so the audit log, the inboxes and the drawers and exports never read two clocks for one event.
 * '' for a missing or unreadable value.
 */
export function shanghaiText(iso: string | null | undefined, precision: 'second' | 'minute' | 'day' = 'minute'): string {
  if (!iso) return '';
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return '';
  if (precision === 'second') return formatShanghaiSecond(at);
  return precision === 'day' ? shanghaiDay(at) : formatShanghaiMinute(at);
}
