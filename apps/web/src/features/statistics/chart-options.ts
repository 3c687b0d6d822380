import type { FunnelSeriesOption, LineSeriesOption } from 'echarts/charts';
import type { GridComponentOption, LegendComponentOption, TooltipComponentOption } from 'echarts/components';
import type { ComposeOption } from 'echarts/core';
import { FUNNEL_STAGE_LABELS } from '@baobei/shared/rules/record-funnel';
import type { RecordStatistics } from '@baobei/shared/schemas/statistics';

/** The option types of the parts echarts-setup.ts registers, and no others. */
export type ChartOption = ComposeOption<
  LineSeriesOption | FunnelSeriesOption | GridComponentOption | LegendComponentOption | TooltipComponentOption
>;

/** The brand colour first, then antd-mobile's success and warning colours. */
export interface ChartColors {
  primary: string;
  success: string;
  warning: string;
}

/** Past a month of days the points would crowd the line: draw it without symbols. */
const MAX_SYMBOL_POINTS = 31;

/** 报备 / 已到访 / 成交 per report day: 'MM-DD' on the axis, the full date in the tooltip. */
export function trendOption(trend: RecordStatistics['trend'], colors: ChartColors): ChartOption {
  const showSymbol = trend.length <= MAX_SYMBOL_POINTS;
  const line = (name: string, color: string, pick: (d: RecordStatistics['trend'][number]) => number): LineSeriesOption => ({
    type: 'line',
    name,
    data: trend.map(pick),
    // Straight segments: a smoothed curve would dip below 0 between a busy day and an empty one.
    smooth: false,
    showSymbol,
    symbolSize: 5,
    itemStyle: { color },
    lineStyle: { width: 2, color },
  });
  return {
    animation: false,
    grid: { left: 8, right: 12, top: 36, bottom: 4, containLabel: true },
    legend: { top: 0, itemWidth: 14, itemHeight: 8, textStyle: { fontSize: 12 } },
    tooltip: { trigger: 'axis', confine: true },
    xAxis: {
      type: 'category',
      boundaryGap: false,
      data: trend.map((d) => d.date),
      axisLabel: { fontSize: 10, formatter: (value: string) => value.slice(5) },
    },
    yAxis: { type: 'value', minInterval: 1, axisLabel: { fontSize: 10 }, splitLine: { lineStyle: { color: '#f0f0f0' } } },
    series: [
      line(FUNNEL_STAGE_LABELS.reported, colors.primary, (d) => d.reported),
      line(FUNNEL_STAGE_LABELS.visited, colors.success, (d) => d.visited),
      line(FUNNEL_STAGE_LABELS.deal, colors.warning, (d) => d.deal),
    ],
  };
}

/** The six stages top to bottom, widths proportional to 报备 (all empty when there are none). */
export function funnelOption(funnel: RecordStatistics['funnel'], colors: ChartColors): ChartOption {
  const reported = funnel[0]?.number ?? 0;
  return {
    animation: false,
    tooltip: { trigger: 'item', confine: true, formatter: '{b}: {c}' },
    series: [
      {
        type: 'funnel',
        sort: 'none',
        left: '4%',
        width: '56%',
        top: 4,
        bottom: 4,
        min: 0,
        max: Math.max(reported, 1),
        minSize: '6%',
        gap: 2,
        // Beside the shapes: the deep stages are too narrow to hold their words.
        label: { show: true, position: 'right', formatter: '{b}  {c}', fontSize: 12, color: '#333' },
        labelLine: { show: true, length: 12, lineStyle: { color: '#ccc' } },
        itemStyle: { color: colors.primary, borderWidth: 0 },
        data: funnel.map((stage, i) => ({
          name: stage.label,
          value: stage.number,
          // The same colour, each deeper stage a little lighter.
          itemStyle: { opacity: 1 - (i * 0.5) / Math.max(funnel.length - 1, 1) },
        })),
      },
    ],
  };
}
