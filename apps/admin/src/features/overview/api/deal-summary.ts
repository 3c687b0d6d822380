import { api } from '@baobei/shared/contract';
import type { AdminDealSummary } from '@baobei/shared/schemas/admin-deal';
import { call } from '../../../lib/api-client';

/** GET /api/admin/deal/summary: the company's deals signed in a statistics period (docs/decisions/055). */
export function getDealSummary(dateType: number, signal?: AbortSignal): Promise<AdminDealSummary> {
  return call(api.adminDeal.summary, { query: { dateType } }, { signal });
}
