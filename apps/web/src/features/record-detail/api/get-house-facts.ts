import type { HouseDetail } from '@baobei/shared/schemas/house';
import { apiPost } from '../../../lib/api-client';
import type { DraftHouse } from '../../../lib/report-draft';

/**
 * `POST /api/index/get-house-data { id }`: the listing's facts the report form's rules need,
 * for the draft a re-report hands over (the form reads them from its draft, not the server).
 */
export async function getHouseFacts(id: number): Promise<DraftHouse> {
  const detail = await apiPost<HouseDetail>('/api/index/get-house-data', { id }, { quiet: true });
  return {
    id: detail.id,
    name: detail.name,
    isNeedIdCard: detail.isNeedIdCard,
    ruleTel: detail.ruleTel,
    reportLeadTime: detail.reportLeadTime,
  };
}
