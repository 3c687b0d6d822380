import { houseNotReportableMessage } from '@baobei/shared/rules/record-submit';
import type { QueryClient } from '@tanstack/react-query';
import { houseDetailQueryOptions } from './house-detail';
import { ApiError } from '../lib/api-error';
import { useSessionStore } from '../lib/session/session-store';
import type { DraftHouse } from '../lib/report-draft';

/**
 * The listing's facts the report form's rules need, read from its detail through the
 * listing pages' own query (a detail fetched moments ago is not asked for again).
 * A sold-out or stopped listing fails with the shared rule's reason, so
 * every caller shows why it cannot be reported. Read by the report form and its listing
 * picker (features/report) and by 重新报备 (features/tracking).
 */
export async function getReportHouseFacts(queryClient: QueryClient, id: number): Promise<DraftHouse> {
  const viewer = useSessionStore.getState().userInfo?.uid ?? null;
  const detail = await queryClient.fetchQuery(houseDetailQueryOptions({ id }, viewer));
  const blocked = houseNotReportableMessage(detail);
  if (blocked) throw new ApiError({ code: 400, msg: blocked });
  return {
    id: detail.id,
    name: detail.name,
    isNeedIdCard: detail.isNeedIdCard,
    ruleTel: detail.ruleTel,
    reportLeadTime: detail.reportLeadTime,
    protectionMode: detail.protectionMode,
  };
}
