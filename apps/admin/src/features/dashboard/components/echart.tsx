import { BarChart, FunnelChart, LineChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import { init, use as registerCharts, type ComposeOption, type ECharts } from 'echarts/core';
import type { BarSeriesOption, FunnelSeriesOption, LineSeriesOption } from 'echarts/charts';
import type { GridComponentOption, LegendComponentOption, TooltipComponentOption } from 'echarts/components';
import { SVGRenderer } from 'echarts/renderers';
import { useEffect, useRef } from 'react';

// Only the charts and parts 数据驾驶舱 draws (tree-shaken), in SVG: crisp at any zoom, and its
// labels are text a screen reader and a browser test can read.
registerCharts([BarChart, FunnelChart, LineChart, GridComponent, LegendComponent, TooltipComponent, SVGRenderer]);

export type ChartOption = ComposeOption<BarSeriesOption | FunnelSeriesOption | LineSeriesOption | GridComponentOption | LegendComponentOption | TooltipComponentOption>;

interface Props {
  option: ChartOption;
  height: number;
  /** What the chart shows, for those who cannot see it (the page also lists the figures as text). */
  label: string;
  /** A click on a data item (a funnel step): its index in its series. */
  onItemClick?: (dataIndex: number) => void;
  testId?: string;
}

/** One ECharts chart, made once and updated in place, resized with its box. */
export function EChart({ option, height, label, onItemClick, testId }: Props) {
  const box = useRef<HTMLDivElement>(null);
  const chart = useRef<ECharts | null>(null);
  const clicked = useRef(onItemClick);
  useEffect(() => {
    clicked.current = onItemClick;
  }, [onItemClick]);

  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const instance = init(element, undefined, { renderer: 'svg' });
    chart.current = instance;
    instance.on('click', (event) => {
      if (typeof event.dataIndex === 'number') clicked.current?.(event.dataIndex);
    });
    const observer = new ResizeObserver(() => instance.resize());
    observer.observe(element);
    return () => {
      observer.disconnect();
      instance.dispose();
      chart.current = null;
    };
  }, []);

  useEffect(() => {
    chart.current?.setOption(option, { notMerge: true });
  }, [option]);

  return <div ref={box} role="img" aria-label={label} data-testid={testId} style={{ width: '100%', height }} />;
}
