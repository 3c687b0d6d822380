import { api } from '@baobei/shared/contract';
import { adminDealMessages as dealText } from '@baobei/shared/messages/admin-deal';
import { statementMessages as text } from '@baobei/shared/messages/statement';
import { formatFenGrouped, type SettlementState } from '@baobei/shared/rules/commission';
import { EXPORT_BYTES_PER_ROW } from '@baobei/shared/schemas/admin-export';
import type { StatementDeal } from '@baobei/shared/schemas/statement';
import { useQuery } from '@tanstack/react-query';
import { Alert, Card, Col, Drawer, Row, Space, Statistic, Table, Tag, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { ExportButton } from '../../../components/export-button';
import { errorMessage } from '../../../lib/api-error';
import { getStatement } from '../api/statements';

const STATE_COLORS: Record<SettlementState, string> = { PENDING: 'orange', PARTIAL: 'processing', SETTLED: 'success' };
const yuan = (fen: number) => dealText.yuan(formatFenGrouped(fen));

/** A deal's payments, each with its day, amount and 发票号; a reversed one struck through with 已冲销. */
function Payments({ deal }: { deal: StatementDeal }) {
  if (deal.payments.length === 0) return <Typography.Text type="secondary">{text.noPayments}</Typography.Text>;
  return (
    <Space direction="vertical" size={2} data-testid="statement-payments">
      {deal.payments.map((p) => (
        <span key={p.id} data-testid="statement-payment" data-reversed={p.reversed}>
          {p.reversed ? (
            <Tooltip title={p.reverseReason}>
              <Tag color="default">{text.paymentReversed}</Tag>
            </Tooltip>
          ) : null}
          <Typography.Text delete={p.reversed} type={p.reversed ? 'secondary' : undefined} style={{ whiteSpace: 'nowrap' }}>
            {p.paidOn} {yuan(p.amountFen)}
          </Typography.Text>
          {/* The invoice under its payment: the drawer's table fits without a sideways scroll. */}
          <br />
          <Typography.Text type="secondary" style={{ whiteSpace: 'nowrap' }}>
            {text.colInvoiceNo} {p.invoiceNo || text.noInvoice}
          </Typography.Text>
        </span>
      ))}
    </Space>
  );
}

/**
 * One distributor's 对账单 (docs/decisions/082): the month's sums, each deal with what is owed,
 * paid and pending and its payments, and 导出 Excel of the whole statement.
 */
export function StatementDrawer({ target, onClose }: { target: { distributorId: number; distributorName: string; month: string } | null; onClose: () => void }) {
  const [page, setPage] = useState({ page: 1, pageSize: 20 });
  const statement = useQuery({
    queryKey: ['admin', 'statement', target?.distributorId, target?.month, page.page, page.pageSize],
    queryFn: ({ signal }) => getStatement({ distributorId: target!.distributorId, month: target!.month, ...page }, signal),
    enabled: target !== null,
  });
  const data = statement.data;
  return (
    <Drawer
      open={target !== null}
      onClose={onClose}
      width="min(1320px, 100vw)"
      destroyOnHidden
      afterOpenChange={(open) => (open ? undefined : setPage({ page: 1, pageSize: 20 }))}
      title={target ? text.detailTitle(target.distributorName, target.month) : ''}
      extra={
        target ? (
          <ExportButton
            endpoint={api.adminExport.statement}
            query={{ distributorId: target.distributorId, month: target.month }}
            bytesPerRow={EXPORT_BYTES_PER_ROW.statement}
            label={text.export}
            type="primary"
          />
        ) : null
      }
      data-testid="statement-drawer"
    >
      {statement.error ? <Alert type="error" showIcon message={text.listFailed} description={errorMessage(statement.error, text.listFailed)} style={{ marginBottom: 16 }} /> : null}
      <Typography.Paragraph type="secondary">{text.rule}</Typography.Paragraph>
      <Card size="small" style={{ marginBottom: 16 }} data-testid="statement-sums">
        <Row gutter={16}>
          <Col span={4}>
            <Statistic title={text.dealCount} value={data?.sums.dealCount ?? 0} />
          </Col>
          <Col span={5}>
            <Statistic title={text.totalPrice} value={data ? formatFenGrouped(data.sums.totalPriceFen) : '-'} />
          </Col>
          <Col span={5}>
            <Statistic title={text.owed} value={data ? formatFenGrouped(data.sums.commissionFen) : '-'} />
          </Col>
          <Col span={5}>
            <Statistic title={text.paid} value={data ? formatFenGrouped(data.sums.paidFen) : '-'} valueStyle={{ color: '#389e0d' }} />
          </Col>
          <Col span={5}>
            <Statistic title={text.pending} value={data ? formatFenGrouped(data.sums.pendingFen) : '-'} valueStyle={{ color: '#cf1322' }} />
          </Col>
        </Row>
      </Card>
      <Table<StatementDeal>
        rowKey="dealId"
        size="small"
        loading={statement.isFetching}
        dataSource={data?.deals ?? []}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: text.empty }}
        pagination={{
          current: page.page,
          pageSize: page.pageSize,
          total: data?.total ?? 0,
          showSizeChanger: true,
          onChange: (p, size) => setPage({ page: size === page.pageSize ? p : 1, pageSize: size }),
        }}
        columns={[
          { title: text.colSignedOn, dataIndex: 'signedOn', width: 100 },
          { title: text.colRecordId, dataIndex: 'recordId', width: 76 },
          { title: text.colCustomer, dataIndex: 'customerName', width: 90, ellipsis: true },
          { title: text.colHouse, dataIndex: 'houseName', width: 120, ellipsis: true },
          { title: text.colUnit, key: 'unit', width: 100, render: (_, d) => `${d.building} ${d.room}` },
          { title: text.colBroker, dataIndex: 'reporterName', width: 80, ellipsis: true },
          { title: text.owed, dataIndex: 'commissionFen', width: 110, align: 'right', render: (v: number) => formatFenGrouped(v) },
          { title: text.paid, dataIndex: 'paidFen', width: 110, align: 'right', render: (v: number) => formatFenGrouped(v) },
          { title: text.pending, dataIndex: 'pendingFen', width: 110, align: 'right', render: (v: number) => formatFenGrouped(v) },
          { title: text.colState, dataIndex: 'settlementState', width: 90, render: (_, d) => <Tag color={STATE_COLORS[d.settlementState]}>{d.settlementText}</Tag> },
          { title: text.colPayments, key: 'payments', width: 260, render: (_, d) => <Payments deal={d} /> },
        ]}
      />
    </Drawer>
  );
}
