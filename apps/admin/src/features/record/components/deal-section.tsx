import { ModalForm, ProFormDatePicker, ProFormText, ProFormTextArea } from '@ant-design/pro-components';
import { messages } from '@baobei/shared/messages';
import { adminConsoleMessages } from '@baobei/shared/messages/admin';
import { adminDealMessages as text } from '@baobei/shared/messages/admin-deal';
import { formatFenGrouped, type SettlementState } from '@baobei/shared/rules/commission';
import { commissionPointText } from '@baobei/shared/rules/house-format';
import { DEAL_STATUSES, type RecordStatus } from '@baobei/shared/rules/record-status';
import { shanghaiDay } from '@baobei/shared/rules/shanghai-time';
import { INVOICE_NO_MAX, type CommissionPayment, type Deal } from '@baobei/shared/schemas/record-deal';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Descriptions, Empty, Image, Skeleton, Space, Table, Tag, Tooltip, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useRef, useState } from 'react';
import { errorMessage, isApiError } from '../../../lib/api-error';
import { addPayment, getDeal, newPaymentKey, reversePayment } from '../api/deal';
import { useConsoleAccess } from '../../../lib/console-access';
import { AdjustCommissionForm, EditDealForm, RecordDealForm } from './deal-forms';

const dealKey = (recordId: number) => ['admin', 'deal', recordId] as const;

const STATE_COLORS: Record<SettlementState, string> = { PENDING: 'orange', PARTIAL: 'processing', SETTLED: 'success' };

export function SettlementTag({ state, label }: { state: SettlementState; label: string }) {
  return <Tag color={STATE_COLORS[state]}>{label}</Tag>;
}

const yuan = (fen: number) => text.yuan(formatFenGrouped(fen));

/**
 * The drawer's 成交与结佣 (docs/decisions/055): the deal as the auditor recorded it, the
 * commission with its breakdown and the policy as it was at recording, an adjustment with its
 * reason, the settlement and the payments; 登记结佣 records a payment (both console roles, when
 * the scope changes deals: docs/decisions/081). With that scope, 登记成交 on a 成交 report
 * without a deal, 修改成交 and 调整佣金 (decision 085).
 */
export function DealSection({ recordId, status, onPaid }: { recordId: number; status: RecordStatus; onPaid: () => void }) {
  const client = useQueryClient();
  const deal = useQuery({ queryKey: dealKey(recordId), queryFn: ({ signal }) => getDeal(recordId, signal) });
  const [paying, setPaying] = useState(false);
  const [form, setForm] = useState<'record' | 'edit' | 'adjust' | null>(null);
  const { canWrite } = useConsoleAccess('deals');
  const d = deal.data;
  const closeForm = () => setForm(null);
  /** A change's answer replaces the shown deal; the report table reloads (its row shows the deal in short). */
  const changed = (next: Deal) => {
    client.setQueryData(dealKey(recordId), next);
    setForm(null);
    onPaid();
  };
  const stale = () => void deal.refetch();

  return (
    <section aria-label={text.sectionTitle} data-testid="deal-section">
      <Space style={{ width: '100%', justifyContent: 'space-between', marginBottom: 8 }}>
        <Space size={8}>
          <Typography.Title level={5} style={{ margin: 0 }}>
            {text.sectionTitle}
          </Typography.Title>
          {d ? <SettlementTag state={d.settlementState} label={d.settlementText} /> : null}
        </Space>
        {d ? (
          <Space size={8}>
            {canWrite ? (
              <>
                <Button onClick={() => setForm('edit')} data-testid="deal-edit">
                  {text.editDeal}
                </Button>
                <Button onClick={() => setForm('adjust')} data-testid="deal-adjust">
                  {text.adjustCommission}
                </Button>
              </>
            ) : null}
            {d.leftFen <= 0 ? (
              <Typography.Text type="success">{text.settled}</Typography.Text>
            ) : canWrite ? (
              <Button type="primary" onClick={() => setPaying(true)} data-testid="deal-add-payment">
                {text.addPayment}
              </Button>
            ) : null}
          </Space>
        ) : null}
      </Space>
      {deal.isError ? (
        <Alert
          type="error"
          showIcon
          message={text.loadFailed}
          description={errorMessage(deal.error, messages.common.requestException)}
          action={
            <Button size="small" onClick={() => void deal.refetch()}>
              {adminConsoleMessages.retry}
            </Button>
          }
        />
      ) : deal.isPending ? (
        <Skeleton active paragraph={{ rows: 4 }} />
      ) : !d ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={<span>{text.noDeal}</span>}>
          {canWrite && DEAL_STATUSES.includes(status) ? (
            <Space direction="vertical" size={12}>
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {text.noDealConsoleHint}
              </Typography.Text>
              <Button type="primary" onClick={() => setForm('record')} data-testid="deal-record">
                {text.recordDeal}
              </Button>
            </Space>
          ) : (
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {text.noDealHint}
            </Typography.Text>
          )}
        </Empty>
      ) : (
        <DealFacts
          deal={d}
          onReversed={(next) => {
            client.setQueryData(dealKey(recordId), next);
            onPaid();
          }}
        />
      )}
      {canWrite && d ? (
        <>
          <EditDealForm deal={d} open={form === 'edit'} onClose={closeForm} onDone={changed} onStale={stale} />
          <AdjustCommissionForm deal={d} open={form === 'adjust'} onClose={closeForm} onDone={changed} onStale={stale} />
        </>
      ) : null}
      {canWrite && d === null ? <RecordDealForm recordId={recordId} open={form === 'record'} onClose={closeForm} onDone={changed} onStale={stale} /> : null}
      {d ? (
        <PaymentForm
          deal={d}
          open={paying}
          onClose={() => setPaying(false)}
          onPaid={(next) => {
            client.setQueryData(dealKey(recordId), next);
            setPaying(false);
            onPaid();
          }}
        />
      ) : null}
    </section>
  );
}

function DealFacts({ deal: d, onReversed }: { deal: Deal; onReversed: (next: Deal) => void }) {
  const adjusted = d.adjustedCommissionFen !== null;
  const [reversing, setReversing] = useState<CommissionPayment | null>(null);
  const { canWrite } = useConsoleAccess('deals');
  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      <Descriptions bordered size="small" column={2} labelStyle={{ width: 110 }}>
        <Descriptions.Item label={text.unit}>
          {d.building} {d.room}
        </Descriptions.Item>
        <Descriptions.Item label={text.floorArea}>{text.area(d.floorArea)}</Descriptions.Item>
        <Descriptions.Item label={text.totalPrice}>{yuan(d.totalPriceFen)}</Descriptions.Item>
        <Descriptions.Item label={text.signedOn}>{d.signedOn}</Descriptions.Item>
        <Descriptions.Item label={text.propertyType}>{d.propertyTypeText}</Descriptions.Item>
        <Descriptions.Item label={text.recordedAt}>{d.createdAt}</Descriptions.Item>
        <Descriptions.Item label={text.contract} span={2}>
          <Image src={d.contractPicture} width={72} height={72} style={{ objectFit: 'cover', borderRadius: 4 }} />
        </Descriptions.Item>
      </Descriptions>

      <Descriptions title={text.commissionTitle} bordered size="small" column={2} labelStyle={{ width: 110 }} data-testid="deal-commission">
        <Descriptions.Item label={text.basis} span={2}>
          {d.breakdown.basis || '—'}
        </Descriptions.Item>
        <Descriptions.Item label={text.base}>{yuan(d.breakdown.baseFen)}</Descriptions.Item>
        <Descriptions.Item label={text.incentive}>{yuan(d.breakdown.incentiveFen)}</Descriptions.Item>
        <Descriptions.Item label={text.computed} span={2}>
          {yuan(d.breakdown.totalFen)}
        </Descriptions.Item>
        <Descriptions.Item label={text.policy} span={2}>
          {d.policy ? (
            <Space size={16} wrap>
              <span>{text.policyPeriod(d.policy.policyStartDate, d.policy.policyEndDate, d.policy.longTerm)}</span>
              <span>{text.policyPoint(commissionPointText(d.policy.secondaryPoint))}</span>
              <span>{text.policyAward(d.policy.secondaryAward)}</span>
            </Space>
          ) : (
            <Typography.Text type="secondary">{text.policyNone}</Typography.Text>
          )}
        </Descriptions.Item>
        {d.breakdown.notes.length ? (
          <Descriptions.Item label={text.notes} span={2}>
            {d.breakdown.notes.map((note) => (
              <div key={note}>
                <Typography.Text type="warning">{note}</Typography.Text>
              </div>
            ))}
          </Descriptions.Item>
        ) : null}
        {adjusted ? (
          <>
            <Descriptions.Item label={text.adjusted}>{yuan(d.adjustedCommissionFen!)}</Descriptions.Item>
            <Descriptions.Item label={text.adjustReason}>{d.adjustReason}</Descriptions.Item>
          </>
        ) : null}
        <Descriptions.Item label={text.owed}>
          <Typography.Text strong>{yuan(d.commissionFen)}</Typography.Text>
        </Descriptions.Item>
        <Descriptions.Item label={text.settlement}>
          <SettlementTag state={d.settlementState} label={d.settlementText} />
        </Descriptions.Item>
        <Descriptions.Item label={text.paid}>{yuan(d.paidFen)}</Descriptions.Item>
        <Descriptions.Item label={text.left}>{yuan(d.leftFen)}</Descriptions.Item>
      </Descriptions>

      <div>
        <Typography.Title level={5}>{text.paymentsTitle}</Typography.Title>
        <Table
          size="small"
          rowKey="id"
          pagination={false}
          dataSource={d.payments}
          locale={{ emptyText: text.noPayments }}
          data-testid="deal-payments"
          columns={[
            { title: text.colPaidOn, dataIndex: 'paidOn', width: 110 },
            {
              title: text.colAmount,
              dataIndex: 'amountFen',
              align: 'right',
              width: 130,
              // A reversed payment no longer counts: struck through.
              render: (fen: number, p: CommissionPayment) => (p.reversed ? <Typography.Text delete type="secondary">{formatFenGrouped(fen)}</Typography.Text> : formatFenGrouped(fen)),
            },
            { title: text.colReference, dataIndex: 'reference', render: (v: string) => v || '—' },
            { title: text.colInvoiceNo, dataIndex: 'invoiceNo', render: (v: string) => v || '—' },
            { title: text.colPayer, dataIndex: 'createdByName', width: 90 },
            { title: text.colCreatedAt, dataIndex: 'createdAt', width: 140 },
            {
              title: text.colState,
              key: 'state',
              width: 90,
              render: (_: unknown, p: CommissionPayment) =>
                p.reversed ? (
                  <Tooltip title={text.reversedTip(p.reverseReason, p.reversedAt)}>
                    <Tag>{text.reversedTag}</Tag>
                  </Tooltip>
                ) : canWrite ? (
                  <a onClick={() => setReversing(p)} aria-label={`${text.reverse} ${p.amount}`}>
                    {text.reverse}
                  </a>
                ) : null,
            },
          ]}
        />
        <ReverseForm deal={d} payment={reversing} onClose={() => setReversing(null)} onReversed={onReversed} />
      </div>
    </Space>
  );
}

interface PaymentValues {
  amount: string;
  paidOn: string;
  reference?: string;
  invoiceNo?: string;
}

/**
 * 登记结佣: amount, date, reference, 发票号; one Idempotency-Key per opened form (a new one after a
 * refusal); the server's refusal shown in place.
 */
function PaymentForm({ deal, open, onClose, onPaid }: { deal: Deal; open: boolean; onClose: () => void; onPaid: (deal: Deal) => void }) {
  const { message } = App.useApp();
  const [failure, setFailure] = useState<string | null>(null);
  const key = useRef(newPaymentKey());
  const today = shanghaiDay(new Date());
  return (
    <ModalForm<PaymentValues>
      title={text.formTitle}
      open={open}
      width={480}
      initialValues={{ paidOn: today }}
      modalProps={{
        destroyOnHidden: true,
        onCancel: onClose,
        afterClose: () => {
          setFailure(null);
          key.current = newPaymentKey();
        },
      }}
      submitter={{ searchConfig: { submitText: text.formSubmit, resetText: adminConsoleMessages.cancel } }}
      onFinish={async (values) => {
        setFailure(null);
        try {
          const next = await addPayment({ id: deal.recordId, amount: values.amount.trim(), paidOn: values.paidOn, reference: (values.reference ?? '').trim(), invoiceNo: (values.invoiceNo ?? '').trim() }, key.current);
          void message.success(messages.deal.paid);
          onPaid(next);
          return true;
        } catch (error) {
          // A refusal is the server's answer to this key (it replays it): a corrected form is a new
          // payment and takes a new key. A network failure keeps it, so a retry is recorded once.
          if (isApiError(error) && error.code >= 400 && error.code < 500) key.current = newPaymentKey();
          setFailure(errorMessage(error, messages.common.requestException));
          return false;
        }
      }}
    >
      <Typography.Paragraph data-testid="deal-payment-left">
        {text.formLeft(formatFenGrouped(deal.leftFen))}
        <Typography.Text type="secondary"> · {deal.building} {deal.room} · {deal.customerName}</Typography.Text>
      </Typography.Paragraph>
      {failure ? <Alert type="error" showIcon role="alert" message={failure} style={{ marginBottom: 16 }} data-testid="deal-payment-error" /> : null}
      <ProFormText
        name="amount"
        label={text.formAmount}
        placeholder={text.formAmountPlaceholder}
        rules={[{ required: true, whitespace: true, message: messages.deal.amountInvalid }]}
      />
      <ProFormDatePicker
        name="paidOn"
        label={text.formPaidOn}
        width="md"
        rules={[{ required: true, message: messages.deal.paidOnInvalid }]}
        fieldProps={{ disabledDate: (day: Dayjs) => day.isAfter(dayjs(today), 'day') || day.isBefore(dayjs(deal.signedOn), 'day') }}
      />
      <ProFormText name="reference" label={text.formReference} placeholder={text.formReferencePlaceholder} fieldProps={{ maxLength: 100 }} />
      <ProFormText name="invoiceNo" label={text.formInvoiceNo} placeholder={text.formInvoiceNoPlaceholder} fieldProps={{ maxLength: INVOICE_NO_MAX }} />
    </ModalForm>
  );
}

/** 冲销 one payment with a reason (decision 080): the server keeps it, marked, and moves the paid sum. */
function ReverseForm({ deal, payment, onClose, onReversed }: { deal: Deal; payment: CommissionPayment | null; onClose: () => void; onReversed: (next: Deal) => void }) {
  const { message } = App.useApp();
  const [failure, setFailure] = useState<string | null>(null);
  return (
    <ModalForm<{ reason: string }>
      title={payment ? text.reverseTitle(payment.amount) : ''}
      open={payment !== null}
      width={480}
      layout="vertical"
      modalProps={{ destroyOnHidden: true, onCancel: () => (setFailure(null), onClose()) }}
      submitter={{ searchConfig: { submitText: text.reverseSubmit }, submitButtonProps: { danger: true } }}
      onFinish={async ({ reason }) => {
        if (!payment) return false;
        setFailure(null);
        try {
          const next = await reversePayment({ id: deal.recordId, paymentId: payment.id, reason });
          void message.success(text.reversedDone);
          onReversed(next);
          onClose();
          return true;
        } catch (error) {
          setFailure(errorMessage(error, messages.common.requestException));
          return false;
        }
      }}
    >
      <Alert type="warning" showIcon message={text.reverseHint} style={{ marginBottom: 16 }} />
      {failure ? <Alert type="error" showIcon message={failure} role="alert" style={{ marginBottom: 16 }} /> : null}
      <ProFormTextArea
        name="reason"
        label={text.reverseReason}
        placeholder={text.reverseReasonPlaceholder}
        fieldProps={{ maxLength: 200, showCount: true }}
        rules={[{ required: true, whitespace: true, message: messages.deal.reverseReasonRequired }]}
      />
    </ModalForm>
  );
}
