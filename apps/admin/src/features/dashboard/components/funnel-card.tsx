import { ProCard } from '@ant-design/pro-components';
import { dashboardMessages as text } from '@baobei/shared/messages/dashboard';
import type { DashboardOverview } from '@baobei/shared/schemas/dashboard';
import { Empty, Flex, Typography } from 'antd';
import { useMemo } from 'react';
import { EChart, type ChartOption } from './echart';

type Step = DashboardOverview['funnel'][number];
const percent = (rate: number | null) => (rate === null ? text.noRate : `${(rate * 100).toFixed(1)}%`);
const COLORS = ['#1677ff', '#13c2c2', '#52c41a', '#faad14'];

/**
 * 报备 → 到访 → 成交 → 结佣 of the reports submitted in the period, each step's conversion from the
 * one before; a step (on the chart or in the list) opens its reports in 报备管理.
 */
export function FunnelCard({ funnel, onOpen }: { funnel: Step[]; onOpen: (step: Step) => void }) {
  const option = useMemo<ChartOption>(
    () => ({
      tooltip: { trigger: 'item', formatter: '{b}: {c}' },
      series: [
        {
          type: 'funnel',
          sort: 'none',
          min: 0,
          max: Math.max(1, funnel[0]?.n ?? 1),
          minSize: '8%',
          left: '5%',
          width: '90%',
          gap: 2,
          label: { show: true, position: 'inside', formatter: '{b} {c}' },
          data: funnel.map((s, i) => ({ name: s.label, value: s.n, itemStyle: { color: COLORS[i] } })),
        },
      ],
    }),
    [funnel],
  );
  return (
    <ProCard title={text.funnelTitle} tooltip={text.funnelHint} bordered headerBordered data-testid="dashboard-funnel">
      {funnel[0]?.n ? (
        <EChart option={option} height={240} label={funnel.map((s) => `${s.label} ${s.n}`).join('，')} onItemClick={(i) => funnel[i] && onOpen(funnel[i])} />
      ) : (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={text.empty} style={{ height: 216, paddingTop: 40, margin: 0 }} />
      )}
      <Flex vertical gap={6} style={{ marginTop: 8 }}>
        {funnel.map((step, i) => (
          <Flex key={step.key} justify="space-between" align="baseline">
            <Typography.Link data-testid={`funnel-step-${step.key}`} onClick={() => onOpen(step)} aria-label={text.funnelOpen(step.label, step.n)}>
              {step.label} {step.n}
            </Typography.Link>
            <Typography.Text type="secondary">{i === 0 ? `${text.lastPeriod} ${step.previousN}` : text.funnelRate(percent(step.rate))}</Typography.Text>
          </Flex>
        ))}
      </Flex>
    </ProCard>
  );
}
