import { api } from '@baobei/shared/contract';
import { houseNotReportableMessage } from '@baobei/shared/rules/record-submit';
import { call } from '../../../lib/api-client';
import { ApiError } from '../../../lib/api-error';
import type { DraftHouse } from '../../../lib/report-draft';

/**
 * The listing's facts the report form's rules need, read from its detail.
 * A sold-out or stopped listing fails with the shared rule's reason, so
 * every caller shows why it cannot be reported.
 */
export async function getReportHouseFacts(id: number): Promise<DraftHouse> {
  const detail = await call(api.house.getHouseData, { body: { id } }, { quiet: true });
  const blocked = houseNotReportableMessage(detail);
  if (blocked) throw new ApiError({ code: 400, msg: blocked });
  return {
    id: detail.id,
    name: detail.name,
    isNeedIdCard: detail.isNeedIdCard,
    ruleTel: detail.ruleTel,
    reportLeadTime: detail.reportLeadTime,
  };
}
