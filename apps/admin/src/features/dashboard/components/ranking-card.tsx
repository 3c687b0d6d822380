import { ProCard } from '@ant-design/pro-components';
import { messages } from '@baobei/shared/messages';
import { dashboardMessages as text } from '@baobei/shared/messages/dashboard';
import { formatFenGrouped } from '@baobei/shared/rules/commission';
import { RANKING_DIMS, RANKING_ORDERS, type RankingDim, type RankingOrder } from '@baobei/shared/rules/channel-dashboard';
import type { RankingRow } from '@baobei/shared/schemas/dashboard';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Select, Table, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { errorMessage } from '../../../lib/api-error';
import { getRanking, type DashboardFilter } from '../api/dashboard';

const rate = (r: number | null) => (r === null ? text.noRate : `${(r * 100).toFixed(1)}%`);

/**
 * 排行: distributors, shops, brokers or listings of the period by reports, arrival rate, deals,
 * deal value or commission; with a distributor chosen, that distributor's own.
 */
/** The dashboard's filter key a ranking's row narrows to. */
const PICK: Record<RankingDim, 'distributorId' | 'shopId' | 'reporterId' | 'houseId'> = {
  distributor: 'distributorId',
  shop: 'shopId',
  reporter: 'reporterId',
  house: 'houseId',
};

export function RankingCard({
  filter,
  scopeName,
  onPick,
}: {
  filter: DashboardFilter;
  scopeName: string | null;
  /** A row clicked: the dashboard narrowed to that distributor, shop, broker or listing. */
  onPick: (key: (typeof PICK)[RankingDim], id: number) => void;
}) {
  // A distributor's ranking starts at its shops (ranking distributors would list itself alone).
  const [dim, setDim] = useState<RankingDim>('distributor');
  const [order, setOrder] = useState<RankingOrder>('reported');
  const shownDim: RankingDim = filter.distributorId && dim === 'distributor' ? 'shop' : dim;
  const ranking = useQuery({
    queryKey: ['admin', 'dashboard', 'ranking', filter.from, filter.to, filter.distributorId ?? 0, shownDim, order],
    queryFn: ({ signal }) => getRanking(filter, shownDim, order, signal),
  });
  const columns: TableColumnsType<RankingRow> = [
    { title: text.columns.rank, key: 'rank', width: 64, render: (_, __, i) => i + 1 },
    { title: text.columns.name, dataIndex: 'name', ellipsis: true },
    ...(shownDim === 'shop' || shownDim === 'reporter' ? [{ title: text.columns.detail, dataIndex: 'detail', ellipsis: true }] : []),
    { title: text.columns.reported, dataIndex: 'reported', width: 80, align: 'right' },
    { title: text.columns.arrived, dataIndex: 'arrived', width: 80, align: 'right' },
    { title: text.columns.arrivalRate, dataIndex: 'arrivalRate', width: 90, align: 'right', render: (v: number | null) => rate(v) },
    { title: text.columns.deals, dataIndex: 'dealt', width: 80, align: 'right' },
    { title: text.columns.dealValue, dataIndex: 'dealValueFen', width: 150, align: 'right', render: (v: number) => formatFenGrouped(v) },
    { title: text.columns.commission, dataIndex: 'commissionFen', width: 130, align: 'right', render: (v: number) => formatFenGrouped(v) },
  ];
  const content = ranking.isError ? (
    <Alert
      type="error"
      showIcon
      message={text.loadFailed}
      description={errorMessage(ranking.error, messages.common.requestException)}
      action={
        <Button size="small" onClick={() => void ranking.refetch()}>
          {text.retry}
        </Button>
      }
    />
  ) : (
    <Table<RankingRow>
      rowKey="id"
      size="small"
      loading={ranking.isLoading}
      columns={columns}
      dataSource={ranking.data?.list ?? []}
      pagination={{ pageSize: 10, hideOnSinglePage: true, showSizeChanger: false }}
      locale={{ emptyText: text.empty }}
      onRow={(row) => ({ onClick: () => onPick(PICK[shownDim], row.id), style: { cursor: 'pointer' }, title: text.rankingRowHint })}
    />
  );
  return (
    <ProCard
      title={scopeName ? text.rankingOf(scopeName) : text.rankingTitle}
      tooltip={text.rankingHint}
      bordered
      headerBordered
      data-testid="dashboard-ranking"
      tabs={{
        activeKey: shownDim,
        onChange: (key) => setDim(key as RankingDim),
        // ProCard shows the active tab's children: the one table, under whichever tab is active.
        items: RANKING_DIMS.filter((d) => !(filter.distributorId && d.key === 'distributor')).map((d) => ({
          key: d.key,
          label: d.label,
          children: d.key === shownDim ? content : null,
        })),
      }}
      extra={
        <Select<RankingOrder>
          aria-label={text.rankBy}
          size="small"
          value={order}
          onChange={setOrder}
          style={{ width: 110 }}
          options={RANKING_ORDERS.map((o) => ({ value: o.key, label: o.label }))}
        />
      }
    />
  );
}
