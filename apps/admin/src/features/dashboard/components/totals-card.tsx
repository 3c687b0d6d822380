import { StatisticCard } from '@ant-design/pro-components';
import { dashboardMessages as text } from '@baobei/shared/messages/dashboard';
import { formatFenHeadline } from '@baobei/shared/rules/commission';
import type { DashboardTotals } from '@baobei/shared/schemas/dashboard';

/** This period's figure against the one before: the change in per cent, or that there was none. */
function Change({ now, before }: { now: number; before: number }) {
  if (before === 0) return <span style={{ color: 'rgba(0,0,0,0.45)' }}>{text.noPrevious}</span>;
  const change = (now - before) / before;
  const up = change >= 0;
  return (
    <span style={{ color: up ? '#389e0d' : '#cf1322' }}>
      {text.vsPrevious} {up ? '↑' : '↓'} {Math.abs(change * 100).toFixed(1)}%
    </span>
  );
}

const FIGURES: readonly { key: keyof DashboardTotals; title: string; money: boolean }[] = [
  { key: 'reported', title: text.totals.reported, money: false },
  { key: 'visits', title: text.totals.visits, money: false },
  { key: 'deals', title: text.totals.deals, money: false },
  { key: 'dealValueFen', title: text.totals.dealValue, money: true },
  { key: 'commissionFen', title: text.totals.commission, money: true },
  { key: 'paidFen', title: text.totals.paid, money: true },
];

/** The period's events (报备, 到访, 成交 by the day they happened; money in 元) beside the period before. */
export function TotalsCard({ totals, previous }: { totals: DashboardTotals; previous: DashboardTotals }) {
  return (
    <StatisticCard.Group direction="row" data-testid="dashboard-totals">
      {FIGURES.map((f) => (
        <StatisticCard
          key={f.key}
          statistic={{
            title: f.title,
            value: f.money ? formatFenHeadline(totals[f.key]).value : totals[f.key],
            suffix: f.money ? formatFenHeadline(totals[f.key]).unit : undefined,
            description: <Change now={totals[f.key]} before={previous[f.key]} />,
          }}
        />
      ))}
    </StatisticCard.Group>
  );
}
