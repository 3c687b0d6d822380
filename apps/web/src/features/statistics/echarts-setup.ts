/**
 * ECharts for the statistics charts, only the parts they draw (ARCHITECTURE.md: echarts for
 * statistics): a line, a funnel, their grid, tooltip and legend, on canvas. The chart
 * component imports this module dynamically, so ECharts loads in its own chunk after the
 * numbers are on screen, and no other page carries it.
 */
import { FunnelChart, LineChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';

echarts.use([LineChart, FunnelChart, GridComponent, LegendComponent, TooltipComponent, CanvasRenderer]);

export { echarts };
