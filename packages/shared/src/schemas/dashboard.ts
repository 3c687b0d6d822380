/**
 * 数据驾驶舱 (issue 31, docs/decisions/087): the figures of a period read from channel_tally.
 * Days are Shanghai calendar days, 'YYYY-MM-DD', both included; money is integer 分.
 */
import { z } from 'zod';
import { dashboardMessages as text } from '../messages/dashboard';
import { ALERT_KINDS, DASHBOARD_MAX_DAYS, daysBetween, RANKING_DIMS, RANKING_ORDERS } from '../rules/channel-dashboard';
import { choice, dayText, dbId, preprocess } from './fields';

const periodShape = {
  /** Absent: the 30 days ending today. */
  from: dayText('开始日期').optional(),
  to: dayText('结束日期').optional(),
};

function checkPeriod(value: { from?: string | undefined; to?: string | undefined }, ctx: z.RefinementCtx) {
  if (!value.from || !value.to) return;
  const days = daysBetween(value.from, value.to);
  if (days < 1) ctx.addIssue({ code: 'custom', message: text.periodInvalid, path: ['to'] });
  else if (days > DASHBOARD_MAX_DAYS) ctx.addIssue({ code: 'custom', message: text.periodTooLong, path: ['to'] });
}

const scopeShape = {
  cityId: dbId('城市').optional(),
  houseId: dbId('楼盘').optional(),
  distributorId: dbId('分销商').optional(),
  /** A shop (its manager's account), or a broker: opened from their row of a ranking. */
  shopId: dbId('门店').optional(),
  reporterId: dbId('经纪人').optional(),
};

type ScopeFields = { cityId?: number | undefined; houseId?: number | undefined; distributorId?: number | undefined; shopId?: number | undefined; reporterId?: number | undefined };

function checkScope(value: ScopeFields, ctx: z.RefinementCtx) {
  const chosen = [value.cityId, value.houseId, value.distributorId, value.shopId, value.reporterId].filter((id) => id !== undefined);
  if (chosen.length > 1) ctx.addIssue({ code: 'custom', message: text.oneScope, path: ['cityId'] });
}

export const trendGrainSchema = choice('统计粒度', ['day', 'week', 'month']);

/** `GET /api/admin/dashboard/overview?from&to&grain&cityId|houseId|distributorId`. */
export const adminDashboardQuerySchema = z
  .object({ ...periodShape, ...scopeShape, grain: trendGrainSchema.optional().default('') })
  .superRefine((value, ctx) => {
    checkPeriod(value, ctx);
    checkScope(value, ctx);
  });
export type AdminDashboardQuery = z.infer<typeof adminDashboardQuerySchema>;

const rankingDims = RANKING_DIMS.map((d) => d.key) as unknown as readonly ['distributor', 'shop', 'reporter', 'house'];
const rankingOrders = RANKING_ORDERS.map((o) => o.key) as unknown as readonly ['reported', 'arrivalRate', 'deals', 'dealValue', 'commission'];

/** `GET /api/admin/dashboard/ranking?from&to&dim&order&distributorId`: a distributor's shops, brokers and listings when one is named. */
export const adminRankingQuerySchema = z
  .object({
    ...periodShape,
    distributorId: dbId('分销商').optional(),
    dim: choice('排行对象', rankingDims).optional().default(''),
    order: choice('排序', rankingOrders).optional().default(''),
  })
  .superRefine(checkPeriod);
export type AdminRankingQuery = z.infer<typeof adminRankingQuerySchema>;

/** `GET /api/admin/dashboard/auditors?from&to`. */
export const periodQuerySchema = z.object(periodShape).superRefine(checkPeriod);
export type PeriodQuery = z.infer<typeof periodQuerySchema>;

/** The phone's 数据统计: `POST /api/record/get-channel-overview { from, to, grain }`, scoped by the viewer. */
export const channelOverviewBodySchema = z.object({ ...periodShape, grain: trendGrainSchema.optional().default('') }).superRefine(checkPeriod);
/** `POST /api/record/get-channel-ranking { from, to, dim, order }`. */
export const channelRankingBodySchema = z
  .object({
    ...periodShape,
    dim: choice('排行对象', rankingDims).optional().default(''),
    order: choice('排序', rankingOrders).optional().default(''),
  })
  .superRefine(checkPeriod);

const periodSchema = z.object({ from: z.string(), to: z.string() });

export const funnelStepSchema = z.object({
  key: z.enum(['reported', 'arrived', 'dealt', 'settled']),
  label: z.string(),
  n: z.number(),
  /** This step over the step before (the first: null); null when the one before is 0. */
  rate: z.number().nullable(),
  previousN: z.number(),
});

export const trendPointSchema = z.object({
  /** The bucket's first day (a week's Monday, a month's 1st). */
  bucket: z.string(),
  reported: z.number(),
  visits: z.number(),
  deals: z.number(),
  dealValueFen: z.number(),
  commissionFen: z.number(),
  expired: z.number(),
  refused: z.number(),
  visitFirst: z.number(),
});
export type TrendPoint = z.infer<typeof trendPointSchema>;

const totalsSchema = trendPointSchema.omit({ bucket: true }).extend({ paidFen: z.number() });
export type DashboardTotals = z.infer<typeof totalsSchema>;

export const dashboardOverviewSchema = z.object({
  period: periodSchema,
  previous: periodSchema,
  grain: z.enum(['day', 'week', 'month']),
  /** Whose figures: 全公司, a city's, a listing's, a distributor's, a shop's, or a channel manager's distributors. */
  scopeText: z.string(),
  funnel: z.array(funnelStepSchema),
  /** Events per bucket of the period and of the previous one (the same number of buckets or fewer). */
  trend: z.array(trendPointSchema),
  previousTrend: z.array(trendPointSchema),
  totals: totalsSchema,
  previousTotals: totalsSchema,
});
export type DashboardOverview = z.infer<typeof dashboardOverviewSchema>;

export const rankingRowSchema = z.object({
  id: z.number(),
  name: z.string(),
  /** The broker's phone, the shop's distributor; '' otherwise. */
  detail: z.string(),
  reported: z.number(),
  arrived: z.number(),
  arrivalRate: z.number().nullable(),
  /** Of the reports, those that reached 成交 (the ranking's 成交). */
  dealt: z.number(),
  /** Live deals signed in the period, with their value and commission. */
  deals: z.number(),
  dealValueFen: z.number(),
  commissionFen: z.number(),
});
export type RankingRow = z.infer<typeof rankingRowSchema>;

export const rankingSchema = z.object({
  period: periodSchema,
  dim: z.enum(['distributor', 'shop', 'reporter', 'house']),
  order: z.enum(['reported', 'arrivalRate', 'deals', 'dealValue', 'commission']),
  /** The first RANKING_LIMIT keys, best first. */
  list: z.array(rankingRowSchema),
});
export type Ranking = z.infer<typeof rankingSchema>;

export const auditorRowSchema = z.object({
  id: z.number(),
  name: z.string(),
  /** Reports assigned to the auditor, submitted in the period. */
  handled: z.number(),
  /** Of them, changed at least once. */
  audited: z.number(),
  /** Seconds from submit to the first status change, from the kept histogram; null without any. */
  medianS: z.number().nullable(),
  p90S: z.number().nullable(),
});
export const auditorRankingSchema = z.object({ period: periodSchema, list: z.array(auditorRowSchema), company: auditorRowSchema.omit({ id: true, name: true }) });
export type AuditorRanking = z.infer<typeof auditorRankingSchema>;

const alertKinds = ALERT_KINDS.map((k) => k.key) as unknown as readonly ['surge', 'low_arrival', 'shared_phone'];

/** `GET /api/admin/dashboard/alerts?from&to&dismissed`: the period's alerts (30 days by default), dismissed ones with `dismissed=1`. */
export const alertListQuerySchema = z
  .object({ ...periodShape, dismissed: preprocess<'0' | '1' | boolean | undefined>()((v) => v === '1' || v === 'true' || v === true, z.boolean()).optional() })
  .superRefine(checkPeriod);

/** `POST /api/admin/dashboard/alert-switch { kind, enabled }`. */
export const alertSwitchSchema = z.object({
  kind: z.enum(alertKinds, { error: '预警类型不正确' }),
  enabled: z.boolean({ error: '请选择开启或关闭' }),
});

/** `POST /api/admin/dashboard/alert-dismiss { id }`. */
export const alertDismissSchema = z.object({ id: dbId('预警') });

export const dashboardAlertsSchema = z.object({
  period: periodSchema,
  switches: z.array(z.object({ kind: z.enum(alertKinds), label: z.string(), enabled: z.boolean() })),
  list: z.array(
    z.object({
      id: z.number(),
      kind: z.enum(alertKinds),
      kindText: z.string(),
      day: z.string(),
      dismissed: z.boolean(),
      text: z.string(),
      /** 报备管理's filter of the reports behind it. */
      link: z.object({ dateFrom: z.string(), dateTo: z.string(), distributorId: z.number().optional(), phoneKey: z.string().optional() }),
    }),
  ),
});
export type DashboardAlerts = z.infer<typeof dashboardAlertsSchema>;
