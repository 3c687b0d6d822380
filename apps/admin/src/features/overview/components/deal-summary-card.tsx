import { messages } from '@baobei/shared/messages';
import { adminConsoleMessages } from '@baobei/shared/messages/admin';
import { adminDealMessages as text } from '@baobei/shared/messages/admin-deal';
import { formatFenGrouped } from '@baobei/shared/rules/commission';
import { STATISTICS_DATE_OPTIONS, STATISTICS_DEFAULT_DATE_TYPE } from '@baobei/shared/rules/statistics';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Col, Row, Select, Skeleton, Statistic, Typography } from 'antd';
import { useState } from 'react';
import { errorMessage } from '../../../lib/api-error';
import { getDealSummary } from '../api/deal-summary';

/**
 * 成交与佣金 (docs/decisions/055): every deal of the company signed in a statistics period (本月
 * first, as the mobile statistics), its value and the commission owed, paid and pending.
 */
export function DealSummaryCard() {
  const [dateType, setDateType] = useState(STATISTICS_DEFAULT_DATE_TYPE);
  const summary = useQuery({ queryKey: ['admin', 'deal', 'summary', dateType], queryFn: ({ signal }) => getDealSummary(dateType, signal) });
  const s = summary.data?.sums;
  const range = summary.data?.range;
  return (
    <Card
      title={text.overviewTitle}
      data-testid="overview-deals"
      extra={
        <Select
          aria-label={text.overviewPeriod}
          value={dateType}
          onChange={setDateType}
          style={{ width: 120 }}
          options={STATISTICS_DATE_OPTIONS.map((o) => ({ value: o.value, label: o.text }))}
        />
      }
    >
      {summary.isError ? (
        <Alert
          type="error"
          showIcon
          message={text.overviewFailed}
          description={errorMessage(summary.error, messages.common.requestException)}
          action={
            <Button size="small" onClick={() => void summary.refetch()}>
              {adminConsoleMessages.retry}
            </Button>
          }
        />
      ) : !s ? (
        <Skeleton active paragraph={{ rows: 2 }} />
      ) : (
        <>
          <Row gutter={[24, 16]}>
            <Col xs={12} lg={4}>
              <Statistic title={text.overviewCount} value={s.dealCount} />
            </Col>
            <Col xs={12} lg={5}>
              <Statistic title={text.overviewValue} value={formatFenGrouped(s.totalPriceFen)} />
            </Col>
            <Col xs={12} lg={5}>
              <Statistic title={text.overviewOwed} value={formatFenGrouped(s.commissionFen)} />
            </Col>
            <Col xs={12} lg={5}>
              <Statistic title={text.overviewPaid} value={formatFenGrouped(s.paidFen)} valueStyle={{ color: '#389e0d' }} />
            </Col>
            <Col xs={12} lg={5}>
              <Statistic title={text.overviewPending} value={formatFenGrouped(s.pendingFen)} valueStyle={{ color: '#d46b08' }} />
            </Col>
          </Row>
          <Typography.Paragraph type="secondary" style={{ margin: '12px 0 0' }}>
            {text.overviewHint}
            {range ? ` · ${messages.statistics.periodRange(range.start, range.end)}` : ` · ${messages.statistics.periodAll}`}
          </Typography.Paragraph>
        </>
      )}
    </Card>
  );
}
