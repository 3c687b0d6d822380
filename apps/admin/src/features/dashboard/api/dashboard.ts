import { api } from '@baobei/shared/contract';
import type { AuditorRanking, DashboardAlerts, DashboardOverview, Ranking } from '@baobei/shared/schemas/dashboard';
import type { AlertKind, RankingDim, RankingOrder, TrendGrain } from '@baobei/shared/rules/channel-dashboard';
import { call } from '../../../lib/api-client';

/** The page's filter: a period, a grain, and at most one of city, listing, distributor (docs/decisions/087). */
export interface DashboardFilter {
  from: string;
  to: string;
  grain: TrendGrain;
  cityId?: number | undefined;
  houseId?: number | undefined;
  distributorId?: number | undefined;
  /** A shop (its manager's account) or a broker, picked from a ranking's row. */
  shopId?: number | undefined;
  reporterId?: number | undefined;
}

/** The scope keys of the filter, at most one of which is set. */
export const SCOPE_KEYS = ['cityId', 'houseId', 'distributorId', 'shopId', 'reporterId'] as const;

/** The filter as the calls' query: absent scopes left out. */
export function scopeQuery(filter: DashboardFilter) {
  return {
    from: filter.from,
    to: filter.to,
    ...(filter.cityId ? { cityId: filter.cityId } : {}),
    ...(filter.houseId ? { houseId: filter.houseId } : {}),
    ...(filter.distributorId ? { distributorId: filter.distributorId } : {}),
    ...(filter.shopId ? { shopId: filter.shopId } : {}),
    ...(filter.reporterId ? { reporterId: filter.reporterId } : {}),
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

/** GET /api/admin/dashboard/alerts: the period's alerts and the switches. */
export function getAlerts(filter: Pick<DashboardFilter, 'from' | 'to'>, signal?: AbortSignal): Promise<DashboardAlerts> {
  return call(api.adminDashboard.alerts, { query: { from: filter.from, to: filter.to } }, { signal });
}

/** POST /api/admin/dashboard/alert-switch: a kind on or off. */
export function switchAlert(kind: AlertKind, enabled: boolean): Promise<DashboardAlerts> {
  return call(api.adminDashboard.alertSwitch, { body: { kind, enabled } });
}

/** POST /api/admin/dashboard/alert-dismiss. */
export function dismissAlert(id: number): Promise<null> {
  return call(api.adminDashboard.alertDismiss, { body: { id } });
}
