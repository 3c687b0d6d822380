import { presetRange } from '@baobei/shared/rules/date-presets';
import { addToFunnel, emptyFunnel, FUNNEL_STAGE_KEYS, FUNNEL_STAGE_LABELS, recordFunnel, type FunnelCounts } from '@baobei/shared/rules/record-funnel';
import { RECORD_STATUS_TEXT, RECORD_STATUSES, type RecordStatus } from '@baobei/shared/rules/record-status';
import { shanghaiDay } from '@baobei/shared/rules/shanghai-time';
import { daysBetween, rangeDays } from '@baobei/shared/rules/statistics';
import type { AdminDealSummary } from '@baobei/shared/schemas/admin-deal';
import { dealSumsOf } from '@baobei/shared/schemas/deal-sums';
import type {
  HouseStatistics,
  HouseStatisticsItem,
  RecordStatistics,
  ShareHouseStatistics,
  ShareUserStatistics,
  StaffStatistics,
  StaffStatisticsItem,
  StatisticsQuery,
} from '@baobei/shared/schemas/statistics';
import { recordScope, type Viewer } from '../../access/scopes';
import type { StatsRepository } from './stats-repository';

/**
 * Rows of (something, status, n) folded into one funnel per something, in the order first
 * seen: the funnel is the shared rule's, never a second definition in SQL.
 */
function funnelsBy<T extends { status: RecordStatus; n: number }, K>(rows: readonly T[], keyOf: (row: T) => K) {
  const out = new Map<K, { row: T; funnel: FunnelCounts }>();
  for (const row of rows) {
    const key = keyOf(row);
    let entry = out.get(key);
    if (!entry) {
      entry = { row, funnel: emptyFunnel() };
      out.set(key, entry);
    }
    addToFunnel(entry.funnel, row.status, row.n);
  }
  return [...out.values()];
}

/** Most reports first, then most deals, then the oldest id: a stable order for the tables. */
function byReports<T extends FunnelCounts>(id: (item: T) => number) {
  return (a: T, b: T) => b.reported - a.reported || b.deal - a.deal || id(a) - id(b);
}

/**
 * Statistics of a DIANZHANG's scope (docs/decisions/012): reports under the 公司订单 scope of
 * record-tracking-repository (a shop manager's shop, a general account's distributor), share
 * visits of the accounts of the same scope (access/scopes.ts staffScope).
 */
export function createStatsService(deps: { stats: StatsRepository; now?: () => Date }) {
  const { stats } = deps;
  const clock = deps.now ?? (() => new Date());

  /** The preset's range now, and the period as the answer names it. */
  function period(dateType: number) {
    const now = clock();
    const range = presetRange(dateType, now);
    const days = range ? rangeDays(range) : null;
    return {
      range,
      days,
      today: shanghaiDay(now),
      answer: { dateType, range: days ? { start: days.first, end: days.last } : null },
    };
  }

  return {
    /** get-record-statics: totals per status, the funnel, and a trend per day. */
    async recordStatistics(viewer: Viewer, query: StatisticsQuery): Promise<RecordStatistics> {
      const p = period(query.dateType);
      const [rows, deals] = await Promise.all([
        stats.reportsByDayAndStatus(viewer, p.range),
        stats.dealSums(viewer.companyId, p.days, recordScope(viewer, 'company')),
      ]);
      const byStatus = new Map<RecordStatus, number>();
      for (const r of rows) byStatus.set(r.status, (byStatus.get(r.status) ?? 0) + r.n);
      const total = recordFunnel(byStatus);
      const byDay = new Map(funnelsBy(rows, (r) => r.day).map((e) => [e.row.day, e.funnel]));
      // 不限: from the first report's day to today; rows come in day order.
      const lastRow = rows.at(-1)?.day;
      const first = p.days?.first ?? rows[0]?.day;
      const last = p.days?.last ?? (lastRow && lastRow > p.today ? lastRow : p.today);
      return {
        ...p.answer,
        total: total.reported,
        statusList: RECORD_STATUSES.map((s) => ({ value: s, label: RECORD_STATUS_TEXT[s], number: byStatus.get(s) ?? 0 })),
        funnel: FUNNEL_STAGE_KEYS.map((key) => ({ key, label: FUNNEL_STAGE_LABELS[key], number: total[key] })),
        trend: first
          ? daysBetween(first, last).map((date) => {
              const f = byDay.get(date) ?? emptyFunnel();
              return { date, reported: f.reported, visited: f.visited, deal: f.deal };
            })
          : [],
        deals: dealSumsOf(deals),
      };
    },

    /** The console overview's 成交与佣金 (docs/decisions/055): every deal of the company signed in the period. */
    async companyDealSums(companyId: number, query: StatisticsQuery): Promise<AdminDealSummary> {
      const p = period(query.dateType);
      return { ...p.answer, sums: dealSumsOf(await stats.dealSums(companyId, p.days)) };
    },

    /** get-user-to-record-statics: the funnel of each reporter with reports in the period. */
    async staffStatistics(viewer: Viewer, query: StatisticsQuery): Promise<StaffStatistics> {
      const p = period(query.dateType);
      const rows = await stats.reportsByReporterAndStatus(viewer, p.range);
      const list: StaffStatisticsItem[] = funnelsBy(rows, (r) => r.userId).map(({ row, funnel }) => ({
        userId: row.userId,
        name: row.name,
        phone: row.phone,
        shopName: row.shopName,
        ...funnel,
      }));
      return { ...p.answer, list: list.sort(byReports((i) => i.userId)) };
    },

    /** get-house-to-record-statics: the funnel of each listing with reports in the period. */
    async houseStatistics(viewer: Viewer, query: StatisticsQuery): Promise<HouseStatistics> {
      const p = period(query.dateType);
      const rows = await stats.reportsByHouseAndStatus(viewer, p.range);
      const list: HouseStatisticsItem[] = funnelsBy(rows, (r) => r.houseId).map(({ row, funnel }) => ({
        houseId: row.houseId,
        houseName: row.houseName,
        ...funnel,
      }));
      return { ...p.answer, list: list.sort(byReports((i) => i.houseId)) };
    },

    /**
     * The console's statistics export (docs/decisions/049): the company's funnels by distributor,
     * by broker and by listing for a preset period, most reports first, with the rules above
     * (the shared funnel, the presets' Shanghai ranges).
     */
    async companyStatistics(companyId: number, query: StatisticsQuery) {
      const p = period(query.dateType);
      const [byDistributor, byBroker, byHouse] = await Promise.all([
        stats.companyReportsByDistributorAndStatus(companyId, p.range),
        stats.companyReportsByReporterAndStatus(companyId, p.range),
        stats.companyReportsByHouseAndStatus(companyId, p.range),
      ]);
      const distributors = funnelsBy(byDistributor, (r) => r.distributorId ?? 0).map(({ row, funnel }) => ({
        distributorId: row.distributorId ?? 0,
        distributorName: row.distributorName ?? '',
        ...funnel,
      }));
      const brokers = funnelsBy(byBroker, (r) => r.userId).map(({ row, funnel }) => ({
        userId: row.userId,
        name: row.name,
        phone: row.phone,
        shopName: row.shopName,
        distributorName: row.distributorName ?? '',
        ...funnel,
      }));
      const houses = funnelsBy(byHouse, (r) => r.houseId).map(({ row, funnel }) => ({ houseId: row.houseId, houseName: row.houseName, ...funnel }));
      return {
        ...p.answer,
        byDistributor: distributors.sort(byReports((i) => i.distributorId)),
        byBroker: brokers.sort(byReports((i) => i.userId)),
        byHouse: houses.sort(byReports((i) => i.houseId)),
      };
    },

    /** get-user-share-statistics with dateType: visits of shared pages per sharer of the scope. */
    async shareByUser(viewer: Viewer, query: StatisticsQuery): Promise<ShareUserStatistics> {
      const p = period(query.dateType);
      return { ...p.answer, list: await stats.shareVisitsBySharer(viewer, p.range) };
    },

    /** get-user-share-house-statistics with dateType: the same visits per listing. */
    async shareByHouse(viewer: Viewer, query: StatisticsQuery): Promise<ShareHouseStatistics> {
      const p = period(query.dateType);
      return { ...p.answer, list: await stats.shareVisitsByHouse(viewer, p.range) };
    },
  };
}
export type StatsService = ReturnType<typeof createStatsService>;
