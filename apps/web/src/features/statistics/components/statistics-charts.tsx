import { messages } from '@baobei/shared/messages';
import type { RecordStatistics } from '@baobei/shared/schemas/statistics';
import { useMemo } from 'react';
import { funnelOption, trendOption, type ChartColors } from '../chart-options';
import { EChart } from './echart';

/** The brand colour as the theme set it on <html>, and antd-mobile's success and warning. */
function chartColors(): ChartColors {
  const primary = getComputedStyle(document.documentElement).getPropertyValue('--adm-color-primary').trim();
  return { primary: primary || '#1677ff', success: '#00b578', warning: '#ff8f1f' };
}

export function TrendChart({ trend }: { trend: RecordStatistics['trend'] }) {
  const option = useMemo(() => trendOption(trend, chartColors()), [trend]);
  return <EChart option={option} height={220} label={messages.statistics.trendTitle} testId="statistics-trend-chart" />;
}

export function FunnelChart({ funnel }: { funnel: RecordStatistics['funnel'] }) {
  const option = useMemo(() => funnelOption(funnel, chartColors()), [funnel]);
  return <EChart option={option} height={200} label={messages.statistics.funnelTitle} testId="statistics-funnel-chart" />;
}
