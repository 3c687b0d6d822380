import { api } from '@baobei/shared/contract';
import type { AuditorRanking, DashboardOverview, Ranking } from '@baobei/shared/schemas/dashboard';
import type { RankingDim, RankingOrder, TrendGrain } from '@baobei/shared/rules/channel-dashboard';
import { call } from '../../../lib/api-client';

/** The page's filter: a period, a grain, and at most one of city, listing, distributor (docs/decisions/087). */
export interface DashboardFilter {
  from: string;
  to: string;
  grain: TrendGrain;
  cityId?: number | undefined;
  houseId?: number | undefined;
  distributorId?: number | undefined;
}

/** The filter as the calls' query: absent scopes left out. */
export function scopeQuery(filter: DashboardFilter) {
  return {
    from: filter.from,
    to: filter.to,
    ...(filter.cityId ? { cityId: filter.cityId } : {}),
    ...(filter.houseId ? { houseId: filter.houseId } : {}),
    ...(filter.distributorId ? { distributorId: filter.distributorId } : {}),
  };
}

/** GET /api/admin/dashboard/overview: funnel, trends and leakage of the period and the one before. */
export function getOverview(filter: DashboardFilter, signal?: AbortSignal): Promise<DashboardOverview> {
  return call(api.adminDashboard.overview, { query: { ...scopeQuery(filter), grain: filter.grain } }, { signal });
}

/** GET /api/admin/dashboard/ranking: the company's (or a distributor's) keys ranked. */
export function getRanking(filter: DashboardFilter, dim: RankingDim, order: RankingOrder, signal?: AbortSignal): Promise<Ranking> {
  const query = { from: filter.from, to: filter.to, dim, order, ...(filter.distributorId ? { distributorId: filter.distributorId } : {}) };
  return call(api.adminDashboard.ranking, { query }, { signal });
}

/** GET /api/admin/dashboard/auditors: each auditor's reports and time to first audit. */
export function getAuditors(filter: DashboardFilter, signal?: AbortSignal): Promise<AuditorRanking> {
  return call(api.adminDashboard.auditors, { query: { from: filter.from, to: filter.to } }, { signal });
}
