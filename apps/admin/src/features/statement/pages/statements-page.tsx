import { PageContainer, ProTable, type ActionType, type ProColumns } from '@ant-design/pro-components';
import { messages } from '@baobei/shared/messages';
import { statementMessages as text } from '@baobei/shared/messages/statement';
import { formatFenGrouped } from '@baobei/shared/rules/commission';
import { statementMonthOf } from '@baobei/shared/rules/statement';
import type { DealSums } from '@baobei/shared/schemas/deal-sums';
import type { StatementRow } from '@baobei/shared/schemas/statement';
import { Card, Col, Row, Statistic } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useRef, useState } from 'react';
import { CONSOLE_TABLE_PROPS, TableLoadError, tableEmptyText, useLatestOnly } from '../../../components/console-table';
import { errorMessage } from '../../../lib/api-error';
import { listStatements } from '../api/statements';
import { OptionSelect } from '../../../components/option-select';
import { StatementDrawer } from '../components/statement-drawer';

type Params = { month?: Dayjs | string; distributorId?: number };
const monthOf = (value: Dayjs | string | undefined) => (value ? dayjs(value).format('YYYY-MM') : statementMonthOf(new Date()));
const money = (fen: number) => formatFenGrouped(fen);

/**
 * 对账单 (issue 30, item 6; docs/decisions/082): per distributor and month (this month by
 * default; a deal by its signing date), the deals, what is owed, paid and pending; a row opens
 * the statement with every deal and its payments, and 导出 Excel.
 */
export function StatementsPage() {
  const actionRef = useRef<ActionType>(undefined);
  const latestOnly = useLatestOnly();
  const [loadError, setLoadError] = useState<string | null>(null);
  const [month, setMonth] = useState(statementMonthOf(new Date()));
  const [sums, setSums] = useState<DealSums | null>(null);
  const [open, setOpen] = useState<{ distributorId: number; distributorName: string; month: string } | null>(null);

  const columns: ProColumns<StatementRow>[] = [
    { title: text.month, dataIndex: 'month', hideInTable: true, valueType: 'dateMonth', initialValue: dayjs(), fieldProps: { allowClear: false } },
    { title: text.distributor, dataIndex: 'distributorId', hideInTable: true, renderFormItem: () => <OptionSelect kind="distributor" placeholder={text.distributorPlaceholder} /> },
    {
      title: text.distributor,
      dataIndex: 'distributorName',
      search: false,
      ellipsis: true,
      render: (_, row) => <a onClick={() => setOpen({ distributorId: row.distributorId, distributorName: row.distributorName, month })}>{row.distributorName}</a>,
    },
    { title: text.dealCount, key: 'dealCount', search: false, width: 100, align: 'right', render: (_, row) => row.sums.dealCount },
    { title: text.totalPrice, key: 'totalPrice', search: false, width: 150, align: 'right', render: (_, row) => money(row.sums.totalPriceFen) },
    { title: text.owed, key: 'owed', search: false, width: 140, align: 'right', render: (_, row) => money(row.sums.commissionFen) },
    { title: text.paid, key: 'paid', search: false, width: 140, align: 'right', render: (_, row) => <span style={{ color: '#389e0d' }}>{money(row.sums.paidFen)}</span> },
    { title: text.pending, key: 'pending', search: false, width: 140, align: 'right', render: (_, row) => <span style={{ color: '#cf1322' }}>{money(row.sums.pendingFen)}</span> },
    {
      title: text.actions,
      valueType: 'option',
      width: 90,
      render: (_, row) => [
        <a key="view" onClick={() => setOpen({ distributorId: row.distributorId, distributorName: row.distributorName, month })} data-testid="statement-view">
          {text.detail}
        </a>,
      ],
    },
  ];

  return (
    <PageContainer title={text.title} subTitle={text.rule}>
      <TableLoadError error={loadError} message={text.listFailed} onRetry={() => void actionRef.current?.reload()} />
      {sums ? (
        <Card size="small" style={{ marginBottom: 16 }} data-testid="statement-month-sums">
          <Row gutter={16}>
            <Col span={4}>
              <Statistic title={`${text.period(month)} · ${text.dealCount}`} value={sums.dealCount} />
            </Col>
            <Col span={5}>
              <Statistic title={text.totalPrice} value={money(sums.totalPriceFen)} />
            </Col>
            <Col span={5}>
              <Statistic title={text.owed} value={money(sums.commissionFen)} />
            </Col>
            <Col span={5}>
              <Statistic title={text.paid} value={money(sums.paidFen)} valueStyle={{ color: '#389e0d' }} />
            </Col>
            <Col span={5}>
              <Statistic title={text.pending} value={money(sums.pendingFen)} valueStyle={{ color: '#cf1322' }} />
            </Col>
          </Row>
        </Card>
      ) : null}
      <ProTable<StatementRow, Params>
        rowKey="distributorId"
        actionRef={actionRef}
        columns={columns}
        search={{ labelWidth: 'auto', defaultCollapsed: false, span: { xs: 24, sm: 24, md: 12, lg: 8, xl: 8, xxl: 6 } }}
        options={CONSOLE_TABLE_PROPS.options}
        size="middle"
        pagination={{ defaultPageSize: 20, showSizeChanger: true }}
        onRow={(row) => ({ onClick: () => setOpen({ distributorId: row.distributorId, distributorName: row.distributorName, month }), style: { cursor: 'pointer' } })}
        locale={{ emptyText: tableEmptyText(loadError, text.listFailed, text.empty) }}
        request={latestOnly(async ({ current, pageSize, ...params }) => {
          const chosen = monthOf((params as Params).month);
          setMonth(chosen);
          try {
            const page = await listStatements({ month: chosen, distributorId: (params as Params).distributorId, page: current ?? 1, pageSize: pageSize ?? 20 });
            setLoadError(null);
            setSums(page.sums);
            return { data: page.list, total: page.total, success: true };
          } catch (error) {
            setLoadError(errorMessage(error, messages.common.requestException));
            setSums(null);
            return { data: [], total: 0, success: false };
          }
        })}
      />
      <StatementDrawer target={open} onClose={() => setOpen(null)} />
    </PageContainer>
  );
}
