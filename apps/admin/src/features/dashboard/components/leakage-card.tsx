import { ProCard, StatisticCard } from '@ant-design/pro-components';
import { dashboardMessages as text } from '@baobei/shared/messages/dashboard';
import type { DashboardOverview } from '@baobei/shared/schemas/dashboard';
import { useMemo } from 'react';
import { EChart, type ChartOption } from './echart';

const SERIES = [
  { field: 'expired', label: text.leakage.expired, color: '#faad14' },
  { field: 'refused', label: text.leakage.refused, color: '#f5222d' },
  { field: 'visitFirst', label: text.leakage.visitFirst, color: '#722ed1' },
] as const;

/** 过保, 撞单 and 到访为王关闭 per bucket, and their totals against the period before. */
export function LeakageCard({ overview }: { overview: DashboardOverview }) {
  const option = useMemo<ChartOption>(
    () => ({
      tooltip: { trigger: 'axis' },
      legend: { top: 0, type: 'scroll' },
      grid: { left: 40, right: 16, top: 40, bottom: 28 },
      xAxis: { type: 'category', data: overview.trend.map((p) => p.bucket.slice(5)) },
      yAxis: { type: 'value', minInterval: 1 },
      series: SERIES.map((s) => ({ type: 'bar', stack: 'leak', name: s.label, data: overview.trend.map((p) => p[s.field]), itemStyle: { color: s.color } })),
    }),
    [overview],
  );
  return (
    <ProCard title={text.leakageTitle} tooltip={text.leakageHint} bordered headerBordered data-testid="dashboard-leakage">
      <StatisticCard.Group direction="row">
        {SERIES.map((s) => (
          <StatisticCard key={s.field} statistic={{ title: s.label, value: overview.totals[s.field], description: `${text.lastPeriod} ${overview.previousTotals[s.field]}` }} />
        ))}
      </StatisticCard.Group>
      <EChart option={option} height={200} label={SERIES.map((s) => `${s.label} ${overview.totals[s.field]}`).join('，')} />
    </ProCard>
  );
}
