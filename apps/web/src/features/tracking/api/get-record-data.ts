import { api } from '@baobei/shared/contract';
import type { RecordDetail } from '@baobei/shared/schemas/record-tracking';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { readKeeping } from '../../../lib/offline/kept-answers';
import { keptUid } from '../../../lib/session/session-store';
import { recordKeys } from './query-keys';

/**
 * The report's detail with the viewer's action flags; without a network, the detail as this
 * device last read it for this user (decision 094), under the 离线 banner.
 */
export function getRecordData(id: number, signal?: AbortSignal): Promise<RecordDetail> {
  // Part 2, section 8: the page asks 订单数据获取失败 (retry or back) itself.
  return readKeeping(keptUid(), `record:${id}`, () => call(api.record.getRecordData, { body: { id } }, { signal, quiet: true }));
}

/** Under 'records': a status change anywhere refreshes an open or cached detail too. */
export function recordDetailQueryOptions(id: number) {
  return queryOptions({
    queryKey: recordKeys.detail(id),
    queryFn: ({ signal }) => getRecordData(id, signal),
  });
}

/** Always fetched on open: the version must be current for a status change. */
export function useRecordDetail(id: number) {
  return useQuery({ ...recordDetailQueryOptions(id), enabled: id > 0, staleTime: 0 });
}
