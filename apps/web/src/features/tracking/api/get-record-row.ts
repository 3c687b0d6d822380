import { api } from '@baobei/shared/contract';
import type { RecordRow } from '@baobei/shared/schemas/record-tracking';
import type { QueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import type { RecordListFilters, RecordListVariant } from '../model/record-list-filters';
import { recordListQueryOptions } from './get-record-list';

/**
 * The report's detail, kept to a list row: one report as it is now, with this viewer's flags.
 * The row schema (and zod with it) loads with the first such refresh, not with the list.
 */
export async function getRecordRow(id: number): Promise<RecordRow> {
  const [detail, { recordRowSchema }] = await Promise.all([
    call(api.record.getRecordData, { body: { id } }, { quiet: true }),
    import('@baobei/shared/schemas/record-tracking'),
  ]);
  return recordRowSchema.parse(detail);
}

/**
 * A status change from the list refreshes that row only, in place, so the
 * loaded pages and the scroll position stay.
 */
export function replaceRow(queryClient: QueryClient, variant: RecordListVariant, filters: RecordListFilters, row: RecordRow): void {
  queryClient.setQueryData(recordListQueryOptions(variant, filters).queryKey, (data) =>
    data
      ? { ...data, pages: data.pages.map((page) => ({ ...page, list: page.list.map((r) => (r.id === row.id ? row : r)) })) }
      : data,
  );
}
