import { RECORD_LIST_PRESET_CODES } from '@baobei/shared/rules/date-presets';
import type { RecordStatus } from '@baobei/shared/rules/record-status';
import { findRoute } from '@baobei/shared/routes';
import { CUSTOM_RANGE_CODE, paramsFromFilters } from '../features/tracking/model/record-list-filters';

/**
 * Links from one feature into another's pages. Features never import each other, so the
 * address is built here, where app/ composes them, in the target page's own format.
 */

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
 * statistics number, in the address the list reads its filters from (record-list-filters).
 * Presets the list offers keep their code (the list shows 本月); 上周, 上个月 and 本年 become
 * 自选时间 over the days the statistics answered.
 */
export function recordListLink(filters: RecordListLinkFilters): string {
  const listPreset = filters.dateType !== 0 && RECORD_LIST_PRESET_CODES.includes(filters.dateType as never);
  const customRange = listPreset ? null : filters.range;
  // The staff screen's `name` and `id`: the list presets its broker and title from them.
  const staff = new URLSearchParams(filters.staff ? { name: filters.staff.name, id: String(filters.staff.id) } : {});
  const params = paramsFromFilters(staff, {
    keyword: filters.keyword ?? '',
    approvalStatus: filters.status ?? '',
    time: listPreset ? filters.dateType : customRange ? CUSTOM_RANGE_CODE : 0,
    from: customRange?.start ?? '',
    to: customRange?.end ?? '',
    broker: filters.staff?.id ?? 0,
    awaitingVisit: false,
  });
  const query = params.toString();
  return `${findRoute('subDistributorRecordList').path}${query ? `?${query}` : ''}`;
}
