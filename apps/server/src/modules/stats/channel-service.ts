import { dashboardMessages as text } from '@baobei/shared/messages/dashboard';
import {
  addDays,
  bucketOf,
  bucketsOf,
  CHANNEL_MEASURES,
  defaultGrain,
  DEFAULT_PERIOD_DAYS,
  FIRST_AUDIT_BUCKETS,
  FUNNEL_STEPS,
  histogramQuantile,
  previousPeriod,
  rate,
  type ChannelMeasure,
  type RankingDim,
  type RankingOrder,
  type TrendGrain,
} from '@baobei/shared/rules/channel-dashboard';
import { isShopManager } from '@baobei/shared/rules/access';
import { shanghaiDay } from '@baobei/shared/rules/shanghai-time';
import type { AuditorRanking, DashboardOverview, DashboardTotals, Ranking, TrendPoint } from '@baobei/shared/schemas/dashboard';
import { recordTallyScope, type Viewer } from '../../access/scopes';
import { NotFoundError } from '../../lib/errors';
import type { ChannelRepository, Days, RankingReach, TallyTarget } from './channel-repository';

/** Whose figures: the tally's target, the keys a ranking may rank, and the words naming them. */
export interface ChannelReach {
  target: TallyTarget;
  ranking: RankingReach;
  scopeText: string;
}

/** Every measure the overview reads: all but the auditors' first-audit histogram. */
const OVERVIEW_MEASURES: readonly ChannelMeasure[] = CHANNEL_MEASURES.filter((m) => !m.startsWith('fa'));

/** The trend point's field of each event measure. */
const POINT_FIELD: Partial<Record<ChannelMeasure, keyof Omit<TrendPoint, 'bucket'>>> = {
  reported: 'reported',
  visits: 'visits',
  deals: 'deals',
  deal_value: 'dealValueFen',
  commission: 'commissionFen',
  expired: 'expired',
  refused: 'refused',
  visit_first: 'visitFirst',
};

const emptyPoint = (bucket: string): TrendPoint => ({
  bucket,
  reported: 0,
  visits: 0,
  deals: 0,
  dealValueFen: 0,
  commissionFen: 0,
  expired: 0,
  refused: 0,
  visitFirst: 0,
});

/** Absent days: the DEFAULT_PERIOD_DAYS ending today (Shanghai). */
export function periodOf(query: { from?: string | undefined; to?: string | undefined }, now: Date): Days {
  const to = query.to ?? (query.from ? addDays(query.from, DEFAULT_PERIOD_DAYS - 1) : shanghaiDay(now));
  const from = query.from ?? addDays(to, -(DEFAULT_PERIOD_DAYS - 1));
  return { from, to };
}

/**
 * 数据驾驶舱 (issue 31, docs/decisions/087): the overview, rankings and auditors of a reach,
 * folded from channel_tally's sums by the shared rules (rules/channel-dashboard.ts).
 */
export function createChannelService(deps: { channel: ChannelRepository; now?: () => Date }) {
  const { channel } = deps;
  const clock = deps.now ?? (() => new Date());

  /** The phone viewer's reach: the same keys as their report lists' (access/scopes.ts recordTallyScope). */
  function viewerReach(viewer: Viewer): ChannelReach {
    const manager = isShopManager(viewer.role);
    const keys = recordTallyScope(viewer, manager ? 'company' : 'own');
    if (keys !== 'nothing' && keys.scope === 'distributor') {
      return {
        target: { dim: 'distributor', ids: keys.ids },
        ranking: { kind: 'distributors', ids: keys.ids },
        scopeText: manager ? '本公司' : '我对接的分销商',
      };
    }
    if (keys !== 'nothing' && keys.scope === 'shop' && typeof keys.ids === 'number') {
      return {
        target: { dim: 'shop', ids: keys.ids },
        ranking: { kind: 'shop', distributorId: viewer.distributorId ?? 0, shopId: keys.ids },
        scopeText: '本门店',
      };
    }
    // No distributor and no shop (a general account without a distributor): nothing to count.
    return { target: { dim: 'distributor', ids: [] }, ranking: { kind: 'distributors', ids: [] }, scopeText: text.noScope };
  }

  /** The console's reach: the company, or one city, listing or distributor of it (another company's: 404). */
  async function consoleReach(
    companyId: number,
    query: { cityId?: number | undefined; houseId?: number | undefined; distributorId?: number | undefined; shopId?: number | undefined; reporterId?: number | undefined },
  ): Promise<ChannelReach> {
    // A shop or a broker (a ranking's row): their own figures; the rankings stay the company's.
    for (const [dim, id] of [
      ['shop', query.shopId],
      ['reporter', query.reporterId],
    ] as const) {
      if (id === undefined) continue;
      const found = (await channel.names(companyId, dim, [id])).get(id);
      if (!found) throw new NotFoundError(text.scopeNotFound);
      return { target: { dim, ids: id }, ranking: { kind: 'company' }, scopeText: found.detail ? `${found.name}（${found.detail}）` : found.name };
    }
    if (query.cityId !== undefined) {
      const name = await channel.cityName(companyId, query.cityId);
      if (name === null) throw new NotFoundError(text.scopeNotFound);
      return { target: { dim: 'city', ids: query.cityId }, ranking: { kind: 'company' }, scopeText: name };
    }
    if (query.houseId !== undefined) {
      const names = await channel.names(companyId, 'house', [query.houseId]);
      const found = names.get(query.houseId);
      if (!found) throw new NotFoundError(text.scopeNotFound);
      return { target: { dim: 'house', ids: query.houseId }, ranking: { kind: 'company' }, scopeText: found.name };
    }
    if (query.distributorId !== undefined) {
      const names = await channel.names(companyId, 'distributor', [query.distributorId]);
      const found = names.get(query.distributorId);
      if (!found) throw new NotFoundError(text.scopeNotFound);
      return { target: { dim: 'distributor', ids: query.distributorId }, ranking: { kind: 'distributors', ids: query.distributorId }, scopeText: found.name };
    }
    return { target: { dim: 'company' }, ranking: { kind: 'company' }, scopeText: '全公司' };
  }

  async function overview(companyId: number, reach: ChannelReach, query: { from?: string | undefined; to?: string | undefined; grain?: TrendGrain | '' | undefined }): Promise<DashboardOverview> {
    const period = periodOf(query, clock());
    const previous = previousPeriod(period);
    const grain = query.grain || defaultGrain(period);
    const rows = await channel.daily(companyId, reach.target, { from: previous.from, to: period.to }, OVERVIEW_MEASURES);

    const sums = { current: new Map<ChannelMeasure, number>(), previous: new Map<ChannelMeasure, number>() };
    const points = { current: new Map<string, TrendPoint>(), previous: new Map<string, TrendPoint>() };
    for (const bucket of bucketsOf(period, grain)) points.current.set(bucket, emptyPoint(bucket));
    for (const bucket of bucketsOf(previous, grain)) points.previous.set(bucket, emptyPoint(bucket));
    for (const row of rows) {
      const which = row.day >= period.from ? 'current' : 'previous';
      sums[which].set(row.measure, (sums[which].get(row.measure) ?? 0) + row.n);
      const field = POINT_FIELD[row.measure];
      const point = points[which].get(bucketOf(row.day, grain));
      if (field && point) point[field] += row.n;
    }
    const totals = (of: Map<ChannelMeasure, number>): DashboardTotals => ({
      reported: of.get('reported') ?? 0,
      visits: of.get('visits') ?? 0,
      deals: of.get('deals') ?? 0,
      dealValueFen: of.get('deal_value') ?? 0,
      commissionFen: of.get('commission') ?? 0,
      expired: of.get('expired') ?? 0,
      refused: of.get('refused') ?? 0,
      visitFirst: of.get('visit_first') ?? 0,
      paidFen: of.get('paid') ?? 0,
    });
    const funnel = FUNNEL_STEPS.map((step, i) => {
      const n = sums.current.get(step.key) ?? 0;
      const before = i === 0 ? null : (sums.current.get(FUNNEL_STEPS[i - 1]!.key) ?? 0);
      return { key: step.key, label: step.label, n, rate: before === null ? null : rate(n, before), previousN: sums.previous.get(step.key) ?? 0 };
    });
    return {
      period,
      previous,
      grain,
      scopeText: reach.scopeText,
      funnel,
      trend: [...points.current.values()],
      previousTrend: [...points.previous.values()],
      totals: totals(sums.current),
      previousTotals: totals(sums.previous),
    };
  }

  async function ranking(
    companyId: number,
    reach: ChannelReach,
    query: { from?: string | undefined; to?: string | undefined; dim?: RankingDim | '' | undefined; order?: RankingOrder | '' | undefined },
  ): Promise<Ranking> {
    const period = periodOf(query, clock());
    const dim = query.dim || (reach.ranking.kind === 'company' ? 'distributor' : reach.ranking.kind === 'shop' ? 'reporter' : 'shop');
    const order = query.order || 'reported';
    const rows = await channel.ranking(companyId, dim, reach.ranking, period, order);
    const names = await channel.names(
      companyId,
      dim,
      rows.map((r) => r.id),
    );
    return {
      period,
      dim,
      order,
      list: rows.map((r) => ({ ...r, name: names.get(r.id)?.name ?? '', detail: names.get(r.id)?.detail ?? '', arrivalRate: rate(r.arrived, r.reported) })),
    };
  }

  async function auditors(companyId: number, query: { from?: string | undefined; to?: string | undefined }): Promise<AuditorRanking> {
    const period = periodOf(query, clock());
    const rows = await channel.auditorHistograms(companyId, period);
    const byKey = new Map<string, { handled: number; histogram: number[] }>();
    for (const row of rows) {
      const key = `${row.dim}:${row.id}`;
      const entry = byKey.get(key) ?? { handled: 0, histogram: Array.from({ length: FIRST_AUDIT_BUCKETS }, () => 0) };
      if (row.measure === 'reported') entry.handled += row.n;
      else entry.histogram[Number(row.measure.slice(2))]! += row.n;
      byKey.set(key, entry);
    }
    const figures = (entry: { handled: number; histogram: number[] } | undefined) => ({
      handled: entry?.handled ?? 0,
      audited: entry ? entry.histogram.reduce((a, b) => a + b, 0) : 0,
      medianS: entry ? histogramQuantile(entry.histogram, 0.5) : null,
      p90S: entry ? histogramQuantile(entry.histogram, 0.9) : null,
    });
    const ids = [...byKey.keys()].filter((k) => k.startsWith('auditor:')).map((k) => Number(k.slice('auditor:'.length)));
    const names = await channel.names(companyId, 'auditor', ids);
    const list = ids
      .map((id) => ({ id, name: names.get(id)?.name ?? '', ...figures(byKey.get(`auditor:${id}`)) }))
      .sort((a, b) => b.handled - a.handled || a.id - b.id);
    return { period, list, company: figures(byKey.get('company:0')) };
  }

  return { viewerReach, consoleReach, overview, ranking, auditors };
}

export type ChannelService = ReturnType<typeof createChannelService>;
