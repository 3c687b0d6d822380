import { dashboardMessages as text } from '@baobei/shared/messages/dashboard';
import { RANKING_DIMS, type RankingDim } from '@baobei/shared/rules/channel-dashboard';
import type { AuditorRanking, DashboardOverview, DashboardTotals, Ranking, TrendPoint } from '@baobei/shared/schemas/dashboard';
import type { Writable } from 'node:stream';
import { streamWorkbook, type ExcelColumn } from '../../lib/excel-stream';

const YUAN_FORMAT = '#,##0.00';
const PERCENT_FORMAT = '0.0%';
const yuan = (fen: number) => fen / 100;

/** What 数据驾驶舱's workbook holds: the overview, a ranking per dimension and the auditors. */
export interface DashboardWorkbook {
  overview: DashboardOverview;
  rankings: Ranking[];
  auditors: AuditorRanking;
}

type Figure = { label: string; now: number; before: number; money: boolean };

const figures = (now: DashboardTotals, before: DashboardTotals): Figure[] => [
  { label: text.totals.reported, now: now.reported, before: before.reported, money: false },
  { label: text.totals.visits, now: now.visits, before: before.visits, money: false },
  { label: text.totals.deals, now: now.deals, before: before.deals, money: false },
  { label: `${text.totals.dealValue}（元）`, now: yuan(now.dealValueFen), before: yuan(before.dealValueFen), money: true },
  { label: `${text.totals.commission}（元）`, now: yuan(now.commissionFen), before: yuan(before.commissionFen), money: true },
  { label: `${text.totals.paid}（元）`, now: yuan(now.paidFen), before: yuan(before.paidFen), money: true },
  { label: text.leakage.expired, now: now.expired, before: before.expired, money: false },
  { label: text.leakage.refused, now: now.refused, before: before.refused, money: false },
  { label: text.leakage.visitFirst, now: now.visitFirst, before: before.visitFirst, money: false },
];

const dimLabel = (dim: RankingDim) => RANKING_DIMS.find((d) => d.key === dim)!.label;

/** The rows the workbook has (X-Export-Rows): every sheet's data rows. */
export function dashboardRows(book: DashboardWorkbook): number {
  return 9 + book.overview.funnel.length + book.overview.trend.length + book.rankings.reduce((n, r) => n + r.list.length, 0) + book.auditors.list.length;
}

/**
 * 数据驾驶舱 as a workbook (docs/decisions/087): 概览 (the figures against the period before, then
 * the funnel with its conversions), 趋势 (each bucket), one 排行 sheet per dimension, 审核员.
 * Amounts are 元 numbers and rates are shares shown as per cent, so the spreadsheet can sum and sort.
 */
export async function writeDashboardWorkbook(book: DashboardWorkbook, out: Writable, signal: AbortSignal): Promise<void> {
  const { overview } = book;
  const workbook = streamWorkbook(out, signal);
  type Line = { label: string; now: number | null; before: number | null; rate: number | null; money: boolean };
  const overviewSheet = workbook.sheet<Line>({
    name: '概览',
    columns: [
      { header: `${overview.scopeText} ${overview.period.from} 至 ${overview.period.to}`, width: 30, value: (l) => l.label },
      { header: text.thisPeriod, width: 16, numFmt: YUAN_FORMAT, value: (l) => l.now },
      { header: `${text.lastPeriod} ${overview.previous.from} 至 ${overview.previous.to}`, width: 28, numFmt: YUAN_FORMAT, value: (l) => l.before },
      { header: '转化率', width: 10, numFmt: PERCENT_FORMAT, value: (l) => l.rate },
    ],
  });
  await overviewSheet.addAll([
    ...figures(overview.totals, overview.previousTotals).map((f) => ({ label: f.label, now: f.now, before: f.before, rate: null, money: f.money })),
    ...overview.funnel.map((s) => ({ label: `${text.funnelTitle}：${s.label}`, now: s.n, before: s.previousN, rate: s.rate, money: false })),
  ]);
  const trendColumns: ExcelColumn<TrendPoint>[] = [
    { header: '日期', width: 12, value: (p) => p.bucket },
    { header: text.totals.reported, width: 10, value: (p) => p.reported },
    { header: text.totals.visits, width: 10, value: (p) => p.visits },
    { header: text.totals.deals, width: 10, value: (p) => p.deals },
    { header: `${text.totals.dealValue}（元）`, width: 18, numFmt: YUAN_FORMAT, value: (p) => yuan(p.dealValueFen) },
    { header: `${text.totals.commission}（元）`, width: 16, numFmt: YUAN_FORMAT, value: (p) => yuan(p.commissionFen) },
    { header: text.leakage.expired, width: 10, value: (p) => p.expired },
    { header: text.leakage.refused, width: 10, value: (p) => p.refused },
    { header: text.leakage.visitFirst, width: 14, value: (p) => p.visitFirst },
  ];
  await workbook.sheet({ name: text.trendTitle, columns: trendColumns }).addAll(overview.trend);
  for (const ranking of book.rankings) {
    await workbook
      .sheet<Ranking['list'][number]>({
        name: `${dimLabel(ranking.dim)}${text.rankingTitle}`,
        columns: [
          { header: text.columns.name, width: 24, value: (r) => r.name },
          { header: text.columns.detail, width: 20, value: (r) => r.detail },
          { header: text.columns.reported, width: 10, value: (r) => r.reported },
          { header: text.columns.arrived, width: 10, value: (r) => r.arrived },
          { header: text.columns.arrivalRate, width: 10, numFmt: PERCENT_FORMAT, value: (r) => r.arrivalRate },
          { header: text.columns.deals, width: 10, value: (r) => r.dealt },
          { header: text.columns.dealValue, width: 18, numFmt: YUAN_FORMAT, value: (r) => yuan(r.dealValueFen) },
          { header: text.columns.commission, width: 16, numFmt: YUAN_FORMAT, value: (r) => yuan(r.commissionFen) },
        ],
      })
      .addAll(ranking.list);
  }
  await workbook
    .sheet<AuditorRanking['list'][number]>({
      name: text.auditorColumns.name,
      columns: [
        { header: text.auditorColumns.name, width: 14, value: (r) => r.name },
        { header: text.auditorColumns.handled, width: 10, value: (r) => r.handled },
        { header: text.auditorColumns.audited, width: 10, value: (r) => r.audited },
        { header: `${text.auditorColumns.median}（分钟）`, width: 20, numFmt: '0.0', value: (r) => (r.medianS === null ? null : r.medianS / 60) },
        { header: `${text.auditorColumns.p90}（分钟）`, width: 22, numFmt: '0.0', value: (r) => (r.p90S === null ? null : r.p90S / 60) },
      ],
    })
    .addAll(book.auditors.list);
  await workbook.end();
}
