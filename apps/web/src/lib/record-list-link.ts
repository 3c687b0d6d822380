import { RECORD_LIST_PRESET_CODES } from '@baobei/shared/rules/date-presets';
import type { RecordStatus } from '@baobei/shared/rules/record-status';

/** 自选时间 in the report list's time filter. */
const CUSTOM_RANGE_CODE = 99;

export interface RecordListLinkFilters {
  /** A statistics preset (0..8). */
  dateType: number;
  /** The preset's days as the server answered them; null for 不限. */
  range: { start: string; end: string } | null;
  status?: RecordStatus;
  /** One staff member: the list opens on their reports, titled with their name. */
  staff?: { id: number; name: string };
  /** The list's search: a listing's name. */
  keyword?: string;
}

/**
 * The company report list (/subDistributor/record/list) showing the reports behind a
 * statistics number. The list keeps its filters in the address; the names here are the ones
 * features/record-list/record-list-filters.ts reads (its tests read these links back).
 * Presets the list offers keep their code (the list shows 本月); 上周, 上个月 and 本年 become
 * 自选时间 over the days the statistics answered.
 */
export function recordListLink(filters: RecordListLinkFilters): string {
  const params = new URLSearchParams();
  if (filters.staff) {
    params.set('name', filters.staff.name);
    params.set('id', String(filters.staff.id));
  }
  if (filters.keyword) params.set('q', filters.keyword);
  if (filters.status) params.set('status', filters.status);
  if (filters.dateType !== 0 && RECORD_LIST_PRESET_CODES.includes(filters.dateType as never)) {
    params.set('time', String(filters.dateType));
  } else if (filters.range) {
    params.set('time', String(CUSTOM_RANGE_CODE));
    params.set('from', filters.range.start);
    params.set('to', filters.range.end);
  }
  const query = params.toString();
  return `/subDistributor/record/list${query ? `?${query}` : ''}`;
}
