import { CHANNEL_ROLES, SHOP_MANAGER_ROLES } from '../rules/roles';
import {
  alertDismissSchema,
  alertListQuerySchema,
  alertSwitchSchema,
  dashboardAlertsSchema,
  adminDashboardQuerySchema,
  adminRankingQuerySchema,
  auditorRankingSchema,
  channelOverviewBodySchema,
  channelRankingBodySchema,
  dashboardOverviewSchema,
  periodQuerySchema,
  rankingSchema,
} from '../schemas/dashboard';
import { z } from 'zod';
import { consoleRead, consoleWrite } from './access';
import { defineEndpoint } from './endpoint';

/**
 * 数据驾驶舱 (issue 31, docs/decisions/087): funnel, trends, leakage and rankings of a period,
 * every figure from the kept counts of channel_tally. The console reads its whole company (or one
 * city, listing or distributor); the phone the viewer's own reach (a general account its
 * distributor, a shop manager its shop, a channel manager the distributors they look after).
 */
export const adminDashboardApi = {
  overview: defineEndpoint({
    method: 'GET',
    path: '/api/admin/dashboard/overview',
    tags: ['admin'],
    summary: 'The period’s funnel 报备 → 到访 → 成交 → 结佣 (reports submitted in it), its trends and leakage per day, week or month, and the same of the period before',
    query: adminDashboardQuerySchema,
    data: dashboardOverviewSchema,
    access: consoleRead('overview'),
  }),
  ranking: defineEndpoint({
    method: 'GET',
    path: '/api/admin/dashboard/ranking',
    tags: ['admin'],
    summary: 'Distributors, shops, brokers or listings by reports, arrival rate, deals, deal value or commission in the period; a named distributor’s own',
    query: adminRankingQuerySchema,
    data: rankingSchema,
    access: consoleRead('overview'),
  }),
  auditors: defineEndpoint({
    method: 'GET',
    path: '/api/admin/dashboard/auditors',
    tags: ['admin'],
    summary: 'Each auditor’s reports of the period and the time from submit to the first status change (median, 90th percentile)',
    query: periodQuerySchema,
    data: auditorRankingSchema,
    access: consoleRead('overview'),
  }),
  alerts: defineEndpoint({
    method: 'GET',
    path: '/api/admin/dashboard/alerts',
    tags: ['admin'],
    summary: 'The period’s alerts of the kinds switched on (surge, low arrival rate, one phone among many distributors), each with its text and the report table’s filter of the reports behind it; the switches',
    query: alertListQuerySchema,
    data: dashboardAlertsSchema,
    access: consoleRead('overview'),
  }),
  alertSwitch: defineEndpoint({
    method: 'POST',
    path: '/api/admin/dashboard/alert-switch',
    tags: ['admin'],
    summary: 'Switches an alert kind on or off for the company (off: neither found nor listed); audited',
    body: alertSwitchSchema,
    data: dashboardAlertsSchema,
    access: consoleWrite('overview'),
  }),
  alertDismiss: defineEndpoint({
    method: 'POST',
    path: '/api/admin/dashboard/alert-dismiss',
    tags: ['admin'],
    summary: 'Dismisses one alert of the company (kept, marked 已忽略); another company’s id is 404; audited',
    body: alertDismissSchema,
    data: z.null(),
    access: consoleWrite('overview'),
  }),
};

const PHONE_ROLES = [...SHOP_MANAGER_ROLES, ...CHANNEL_ROLES];

export const channelStatisticsApi = {
  overview: defineEndpoint({
    method: 'POST',
    path: '/api/record/get-channel-overview',
    tags: ['statistics'],
    summary: 'The viewer’s reach’s funnel, trends and leakage of the period, as /api/admin/dashboard/overview',
    body: channelOverviewBodySchema,
    data: dashboardOverviewSchema,
    access: { auth: 'required', roles: PHONE_ROLES },
  }),
  ranking: defineEndpoint({
    method: 'POST',
    path: '/api/record/get-channel-ranking',
    tags: ['statistics'],
    summary: 'The viewer’s shops, brokers, listings (or a channel manager’s distributors) ranked, as /api/admin/dashboard/ranking',
    body: channelRankingBodySchema,
    data: rankingSchema,
    access: { auth: 'required', roles: PHONE_ROLES },
  }),
};
