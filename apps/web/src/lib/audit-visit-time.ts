import { messages } from '@baobei/shared/messages';
import { AUDIT_VISIT_EARLIEST } from '@baobei/shared/rules/record-view';
import { shanghaiWallClock } from '@baobei/shared/rules/shanghai-time';

/**
 * The actual visit time of an audit or a 已到访 mark (DECISIONS.md, 'Visit-time picker
 * maximum': 2020-01-01 to now, Asia/Shanghai). The picker shows local date fields, so a
 * Shanghai minute travels as a local Date with the same fields whatever the phone's zone.
 * Read by the audit form, the 已到访 picker and the external list (features/tracking), and
 * `pickerLabel` by the deal forms' date pickers (features/deal, components/deal-form-card).
 */
export function shanghaiToPicker(at: Date): Date {
  const { year, month, day, hour, minute } = shanghaiWallClock(at);
  return new Date(year, month, day, hour, minute);
}

const pad = (n: number) => String(n).padStart(2, '0');

/** A picker value (local fields) as 'YYYY-MM-DD HH:mm'. */
export function pickerToText(value: Date): string {
  return `${value.getFullYear()}-${pad(value.getMonth() + 1)}-${pad(value.getDate())} ${pad(value.getHours())}:${pad(value.getMinutes())}`;
}

/** The picker's bounds: 2020-01-01 00:00 to the current minute, both in Shanghai. */
export function auditVisitBounds(now: Date): { min: Date; max: Date } {
  return { min: shanghaiToPicker(AUDIT_VISIT_EARLIEST), max: shanghaiToPicker(now) };
}

const units: Record<string, string> = messages.reportForm.pickerUnits;

/** Part 2, section 9: picker columns carry the unit suffixes 年月日时分. */
export function pickerLabel(type: string, value: number): string {
  return `${String(value).padStart(type === 'year' ? 4 : 2, '0')}${units[type] ?? ''}`;
}
