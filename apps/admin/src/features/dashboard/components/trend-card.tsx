import { ProCard } from '@ant-design/pro-components';
import { dashboardMessages as text } from '@baobei/shared/messages/dashboard';
import { TREND_SERIES } from '@baobei/shared/rules/channel-dashboard';
import type { DashboardOverview, TrendPoint } from '@baobei/shared/schemas/dashboard';
import { Segmented } from 'antd';
import { useMemo, useState } from 'react';
import { EChart, type ChartOption } from './echart';

const FIELD: Record<(typeof TREND_SERIES)[number]['key'], keyof Omit<TrendPoint, 'bucket'>> = {
  reported: 'reported',
  visits: 'visits',
  deals: 'deals',
  deal_value: 'dealValueFen',
  commission: 'commissionFen',
};
const COLORS = ['#1677ff', '#13c2c2', '#52c41a', '#722ed1', '#fa8c16'];

/**
 * Events per day, week or month: counts (报备, 到访, 成交) or money (成交额, 佣金 in 元), the period
 * before as dashed lines on the same buckets (its n-th bucket beside this period's n-th).
 */
export function TrendCard({ overview }: { overview: DashboardOverview }) {
  const [kind, setKind] = useState<'counts' | 'money'>('counts');
  const option = useMemo<ChartOption>(() => {
    const series = TREND_SERIES.filter((s) => s.money === (kind === 'money'));
    const value = (p: TrendPoint | undefined, key: (typeof TREND_SERIES)[number]['key']) => {
      if (!p) return null;
      const n = p[FIELD[key]];
      return kind === 'money' ? Math.round(n) / 100 : n;
    };
    return {
      tooltip: { trigger: 'axis' },
      legend: { top: 0, type: 'scroll' },
      grid: { left: 48, right: 24, top: 40, bottom: 28 },
      xAxis: { type: 'category', data: overview.trend.map((p) => p.bucket.slice(5)) },
      yAxis: { type: 'value', minInterval: kind === 'money' ? undefined : 1 },
      series: series.flatMap((s) => {
        const color = COLORS[TREND_SERIES.findIndex((t) => t.key === s.key)];
        return [
          { type: 'line', name: `${s.label}（${text.thisPeriod}）`, data: overview.trend.map((p) => value(p, s.key)), itemStyle: { color }, smooth: true },
          {
            type: 'line',
            name: `${s.label}（${text.lastPeriod}）`,
            data: overview.trend.map((_, i) => value(overview.previousTrend[i], s.key)),
            itemStyle: { color },
            lineStyle: { type: 'dashed', opacity: 0.6 },
            symbol: 'none',
            smooth: true,
          },
        ];
      }),
    } as ChartOption;
  }, [overview, kind]);
  return (
    <ProCard
      title={text.trendTitle}
      tooltip={text.trendHint}
      bordered
      headerBordered
      data-testid="dashboard-trend"
      extra={
        <Segmented
          size="small"
          value={kind}
          onChange={setKind}
          options={[
            { value: 'counts', label: text.trendCounts },
            { value: 'money', label: text.trendMoney },
          ]}
        />
      }
    >
      <EChart option={option} height={280} label={`${text.trendTitle} ${overview.period.from} ~ ${overview.period.to}`} />
    </ProCard>
  );
}
