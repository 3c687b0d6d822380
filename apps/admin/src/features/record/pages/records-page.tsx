import { PageContainer, ProTable, type ActionType, type ProColumns } from '@ant-design/pro-components';
import { api } from '@baobei/shared/contract';
import { messages } from '@baobei/shared/messages';
import { adminBatchMessages as batch, adminRecordMessages as text } from '@baobei/shared/messages/admin';
import { newIdempotencyKey } from '@baobei/shared/rules/idempotency-key';
import { adminDealMessages as dealText } from '@baobei/shared/messages/admin-deal';
import { formatFenGrouped } from '@baobei/shared/rules/commission';
import { DATE_PRESETS, RECORD_LIST_PRESET_CODES } from '@baobei/shared/rules/date-presets';
import { recordStatusList } from '@baobei/shared/rules/record-status';
import { PROTECTION_STATES } from '@baobei/shared/rules/record-view';
import type { AdminRecordFilterInput, AdminRecordRow } from '@baobei/shared/schemas/admin-record';
import { INVOICE_NO_MAX } from '@baobei/shared/schemas/record-deal';
import { EXPORT_BYTES_PER_ROW } from '@baobei/shared/schemas/admin-export';
import { Alert, Button, DatePicker, Form, Input, Space, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { FUNNEL_STAGE_FILTERS } from '@baobei/shared/rules/channel-dashboard';
import { CitySelect } from '../../../components/city-select';
import { dayParam, idParam } from '../../../lib/search-params';
import { isMaskedPhone } from '@baobei/shared/rules/phone';
import { ExportButton } from '../../../components/export-button';
import { errorMessage } from '../../../lib/api-error';
import { listRecords } from '../api/records';
import { OptionSelect } from '../../../components/option-select';
import { SettlementTag } from '../components/deal-section';
import { RecordDrawer } from '../components/record-drawer';
import { ProtectionCell, RecordStatusTag } from '../components/status-tag';
import { CONSOLE_TABLE_PROPS, TableLoadError, tableEmptyText, useLatestOnly } from '../../../components/console-table';
import { BATCH_SELECTION, BatchFormModal, batchAlert, useBatchRunner } from '../../../components/batch-actions';
import { call } from '../../../lib/api-client';
import { useConsoleAccess } from '../../../lib/console-access';

type Params = {
  keyword?: string;
  status?: string;
  datePreset?: number;
  dateRange?: [Dayjs | string, Dayjs | string];
  houseId?: number;
  distributorId?: number;
  reporterId?: number;
  auditorId?: number;
  protection?: string;
  stage?: string;
  cityId?: number;
  phoneKey?: string;
  /** 数据驾驶舱's shop (the table's parameter, not a field of the form). */
  shopId?: number;
};

const statusEnum = Object.fromEntries(recordStatusList().map((s) => [s.value, { text: s.text }]));
const protectionEnum = Object.fromEntries(PROTECTION_STATES.map((s) => [s, { text: text.protectionState[s] }]));
const stageEnum = Object.fromEntries(FUNNEL_STAGE_FILTERS.map((s) => [s, { text: text.stageText[s] }]));
/** The mobile list's presets but 自选时间, which is the range picker beside it. */
const presetOptions = DATE_PRESETS.filter((p) => RECORD_LIST_PRESET_CODES.includes(p.value) && p.value !== 99).map((p) => ({ value: p.value, label: p.text }));

const day = (value: Dayjs | string) => (typeof value === 'string' ? value.slice(0, 10) : value.format('YYYY-MM-DD'));

/** Date over time, so a column stays narrow; an expected visit says 预计 before its time. */
function Minute({ value, expected }: { value: string; expected?: boolean }) {
  if (!value) return <Typography.Text type="secondary">-</Typography.Text>;
  const [date, time] = value.split(' ');
  return (
    <span style={{ whiteSpace: 'nowrap' }}>
      <Typography.Text type={expected ? 'secondary' : undefined}>{date}</Typography.Text>
      <br />
      <Typography.Text type="secondary">{expected ? text.expectedVisit(time ?? '') : time}</Typography.Text>
    </span>
  );
}

/** The search form's values as the shared filter (adminRecordFilterSchema): a range is 自选时间 and wins over a preset. */
export function filterOf(params: Params): AdminRecordFilterInput {
  const range = params.dateRange?.length === 2 ? params.dateRange : null;
  return {
    keyword: params.keyword?.trim() || undefined,
    status: (params.status || undefined) as AdminRecordFilterInput['status'],
    datePreset: range ? 99 : params.datePreset || undefined,
    dateFrom: range ? day(range[0]) : undefined,
    dateTo: range ? day(range[1]) : undefined,
    houseId: params.houseId,
    distributorId: params.distributorId,
    reporterId: params.reporterId,
    auditorId: params.auditorId,
    protection: (params.protection || undefined) as AdminRecordFilterInput['protection'],
    stage: (params.stage || undefined) as AdminRecordFilterInput['stage'],
    cityId: params.cityId,
    phoneKey: params.phoneKey?.trim() || undefined,
    shopId: params.shopId,
  };
}


/**
 * The search form's first values from the address: 数据驾驶舱 opens a funnel step here with its
 * period (dateFrom, dateTo), scope (cityId, houseId, distributorId) and step (stage).
 */
export function initialParams(search: URLSearchParams): Params {
  const from = dayParam(search.get('dateFrom'));
  const to = dayParam(search.get('dateTo'));
  const stage = search.get('stage');
  const initial: Params = {};
  if (from && to) initial.dateRange = [from, to];
  if (stage && (FUNNEL_STAGE_FILTERS as readonly string[]).includes(stage)) initial.stage = stage;
  for (const key of ['cityId', 'houseId', 'distributorId', 'reporterId'] as const) {
    const id = idParam(search.get(key));
    if (id) initial[key] = id;
  }
  // 数据驾驶舱's alert of one phone among many distributors.
  const phoneKey = search.get('phoneKey');
  if (phoneKey && isMaskedPhone(phoneKey)) initial.phoneKey = phoneKey;
  return initial;
}

/**
 * 报备管理 (issue 16, item 3; docs/decisions/048): every report of the company with the mobile
 * list's filters (status, time preset or range, listing, distributor, broker, auditor) and
 * keyword, paged on the server; a row opens the drawer with the history, images and dynamics
 * and the auditor-admin actions.
 */
export function RecordsPage() {
  const actionRef = useRef<ActionType>(undefined);
  const [search] = useSearchParams();
  const [initial] = useState(() => initialParams(search));
  // 数据驾驶舱's shop scope: a shop has no field of the form; it is the table's own parameter
  // (ProTable requests again when it changes) until cleared.
  const [shopId, setShopId] = useState(() => idParam(search.get('shopId')));
  const latestOnly = useLatestOnly();
  const [loadError, setLoadError] = useState<string | null>(null);
  const [filtered, setFiltered] = useState(false);
  const [open, setOpen] = useState<AdminRecordRow | null>(null);
  /** The batch dialog open (更换审核员 or 结佣) with the selection it acts on. */
  const [batching, setBatching] = useState<{ kind: 'reassign' | 'pay'; rows: AdminRecordRow[]; clear: () => void } | null>(null);
  const runBatch = useBatchRunner(actionRef);
  // docs/decisions/081: 更换审核员 is the reports area's change, 结佣 the deals area's.
  const reports = useConsoleAccess('reports');
  const deals = useConsoleAccess('deals');
  const labelIn = (rows: AdminRecordRow[]) => (id: number) => {
    const row = rows.find((r) => r.id === id);
    return row ? `${row.customerName} · ${row.houseName}` : String(id);
  };
  /** The filter of the rows shown: 导出Excel exports exactly these (docs/decisions/049). */
  const [exportFilter, setExportFilter] = useState<AdminRecordFilterInput>({});

  const select = (kind: 'house' | 'distributor' | 'broker' | 'auditor') => () => <OptionSelect kind={kind} />;

  const columns: ProColumns<AdminRecordRow>[] = [
    { title: text.keyword, dataIndex: 'keyword', hideInTable: true, order: 9, fieldProps: { placeholder: text.keywordPlaceholder, maxLength: 30 } },
    { title: text.status, dataIndex: 'status', hideInTable: true, order: 8, valueType: 'select', valueEnum: statusEnum },
    { title: text.datePreset, dataIndex: 'datePreset', hideInTable: true, order: 7, valueType: 'select', fieldProps: { options: presetOptions } },
    { title: text.dateRange, dataIndex: 'dateRange', hideInTable: true, order: 6, valueType: 'dateRange' },
    { title: text.house, dataIndex: 'houseId', hideInTable: true, order: 5, renderFormItem: select('house') },
    { title: text.distributor, dataIndex: 'distributorId', hideInTable: true, order: 4, renderFormItem: select('distributor') },
    { title: text.broker, dataIndex: 'reporterId', hideInTable: true, order: 3, renderFormItem: select('broker') },
    { title: text.auditor, dataIndex: 'auditorId', hideInTable: true, order: 2, renderFormItem: select('auditor') },
    { title: text.protection, dataIndex: 'protection', hideInTable: true, order: 1, valueType: 'select', valueEnum: protectionEnum },
    { title: text.stage, dataIndex: 'stage', hideInTable: true, order: 0, valueType: 'select', valueEnum: stageEnum },
    { title: text.city, dataIndex: 'cityId', hideInTable: true, order: 0, renderFormItem: () => <CitySelect /> },
    { title: text.phoneKey, dataIndex: 'phoneKey', hideInTable: true, order: 0, fieldProps: { placeholder: text.phoneKeyPlaceholder, maxLength: 11 } },
    {
      title: text.customer,
      dataIndex: 'customerName',
      search: false,
      width: 96,
      ellipsis: true,
      render: (_, row) => <a onClick={() => setOpen(row)}>{row.customerName}</a>,
    },
    { title: text.phone, dataIndex: 'customerPhone', search: false, width: 118, render: (_, row) => <span style={{ whiteSpace: 'nowrap' }}>{row.customerPhone}</span> },
    { title: text.house, dataIndex: 'houseName', search: false, width: 140, ellipsis: true },
    { title: text.distributor, dataIndex: 'distributorName', search: false, ellipsis: true, render: (_, row) => row.distributorName || '-' },
    {
      title: text.broker,
      dataIndex: 'reporterName',
      search: false,
      width: 112,
      render: (_, row) => (
        <span style={{ whiteSpace: 'nowrap' }}>
          {row.reporterName}
          <br />
          <Typography.Text type="secondary">{row.reporterPhone}</Typography.Text>
        </span>
      ),
    },
    { title: text.reportTime, dataIndex: 'createdAt', search: false, width: 98, render: (_, row) => <Minute value={row.createdAt} /> },
    {
      title: text.visitTime,
      dataIndex: 'visitTime',
      search: false,
      width: 100,
      render: (_, row) => (row.visitTime ? <Minute value={row.visitTime} /> : <Minute value={row.estimatedVisitTime} expected />),
    },
    { title: text.status, dataIndex: 'status', search: false, width: 96, render: (_, row) => <RecordStatusTag status={row.status} /> },
    { title: text.protection, dataIndex: 'protection', search: false, width: 150, render: (_, row) => <ProtectionCell protection={row.protection} /> },
    { title: text.auditor, dataIndex: 'auditorName', search: false, width: 88, ellipsis: true, render: (_, row) => <span data-testid="record-auditor">{row.auditorName || text.unassigned}</span> },
    {
      // docs/decisions/055: the deal joined in the list's own statement.
      title: dealText.colDeal,
      dataIndex: 'deal',
      search: false,
      width: 124,
      render: (_, row) =>
        row.deal ? (
          <div style={{ lineHeight: 1.4, whiteSpace: 'nowrap' }}>
            <div>{dealText.yuan(formatFenGrouped(row.deal.totalPriceFen))}</div>
            <SettlementTag state={row.deal.settlementState} label={row.deal.settlementText} />
          </div>
        ) : (
          '-'
        ),
    },
    {
      title: text.actions,
      valueType: 'option',
      width: 60,
      fixed: 'right',
      render: (_, row) => [
        <a key="view" onClick={() => setOpen(row)}>
          {text.view}
        </a>,
      ],
    },
  ];

  return (
    <PageContainer title={text.title} subTitle={text.subTitle}>
      <TableLoadError error={loadError} message={text.loadFailed} onRetry={() => void actionRef.current?.reload()} />
      {shopId ? (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 16 }}
          message={text.shopScoped}
          action={
            <Button
              size="small"
              onClick={() => {
                setShopId(undefined);
              }}
            >
              {text.shopScopeClear}
            </Button>
          }
          data-testid="records-shop-scope"
        />
      ) : null}
      <ProTable<AdminRecordRow, Params>
        rowKey="id"
        actionRef={actionRef}
        columns={columns}
        search={{ labelWidth: 'auto', defaultCollapsed: false, span: { xs: 24, sm: 24, md: 12, lg: 8, xl: 6, xxl: 6 } }}
        form={{ initialValues: initial }}
        params={{ shopId }}
        options={CONSOLE_TABLE_PROPS.options}
        toolBarRender={() => [
          <ExportButton key="export" endpoint={api.adminExport.records} query={exportFilter} bytesPerRow={EXPORT_BYTES_PER_ROW.records} type="primary" />,
        ]}
        size="middle"
        scroll={{ x: 1300 }}
        pagination={{ defaultPageSize: 20, showSizeChanger: true, showTotal: text.total }}
        // A click on a row opens it, but not one on its checkbox (the batch selection).
        onRow={(row) => ({
          onClick: (event) => {
            if (!(event.target as HTMLElement).closest('.ant-table-selection-column')) setOpen(row);
          },
          style: { cursor: 'pointer' },
        })}
        rowSelection={reports.canWrite || deals.canWrite ? BATCH_SELECTION : false}
        tableAlertRender={batchAlert}
        tableAlertOptionRender={({ selectedRows, onCleanSelected }) => (
          <Space>
            {reports.canWrite && (
              <Button size="small" onClick={() => setBatching({ kind: 'reassign', rows: selectedRows, clear: onCleanSelected })}>
                {batch.reassign}
              </Button>
            )}
            {deals.canWrite && (
              <Button size="small" onClick={() => setBatching({ kind: 'pay', rows: selectedRows, clear: onCleanSelected })}>
                {batch.pay}
              </Button>
            )}
          </Space>
        )}
        locale={{
          emptyText: tableEmptyText(loadError, text.loadFailed, filtered ? text.noMatch : text.empty),
        }}
        request={latestOnly(async ({ current, pageSize, ...params }) => {
          const filter = filterOf(params as Params);
          setExportFilter(filter);
          setFiltered(Object.values(filter).some((v) => v !== undefined));
          try {
            const page = await listRecords(current ?? 1, pageSize ?? 20, filter);
            setLoadError(null);
            return { data: page.list, total: page.total, success: true };
          } catch (error) {
            setLoadError(errorMessage(error, messages.common.requestException));
            return { data: [], total: 0, success: false };
          }
        })}
      />
      <RecordDrawer row={open} onClose={() => setOpen(null)} onChanged={() => void actionRef.current?.reload()} />
      <BatchFormModal<{ auditorId: number }>
        open={batching?.kind === 'reassign'}
        title={batch.reassignTitle(batching?.rows.length ?? 0)}
        okText={batch.reassign}
        onCancel={() => setBatching(null)}
        onSubmit={async ({ auditorId }) => {
          if (!batching) return;
          const { rows, clear } = batching;
          await runBatch(() => call(api.adminBatch.reassignRecords, { body: { ids: rows.map((r) => r.id), auditorId } }), labelIn(rows), clear);
          setBatching(null);
        }}
      >
        <Form.Item name="auditorId" label={batch.auditor} rules={[{ required: true, message: batch.auditorRequired }]}>
          <OptionSelect kind="auditor" blockDisabled placeholder={batch.auditorRequired} />
        </Form.Item>
      </BatchFormModal>
      <BatchFormModal<{ paidOn: Dayjs; reference?: string; invoiceNo?: string }>
        open={batching?.kind === 'pay'}
        title={batch.payTitle(batching?.rows.length ?? 0)}
        okText={batch.pay}
        hint={<Typography.Paragraph type="secondary">{batch.payHint}</Typography.Paragraph>}
        onCancel={() => setBatching(null)}
        onSubmit={async ({ paidOn, reference, invoiceNo }) => {
          if (!batching) return;
          const { rows, clear } = batching;
          const body = { ids: rows.map((r) => r.id), paidOn: paidOn.format('YYYY-MM-DD'), reference: reference?.trim() ?? '', invoiceNo: invoiceNo?.trim() ?? '' };
          // One key per submitted batch: a retried request pays once.
          await runBatch(() => call(api.adminBatch.payDeals, { body }, { headers: { 'Idempotency-Key': `batch-pay-${newIdempotencyKey()}` } }), labelIn(rows), clear);
          setBatching(null);
        }}
      >
        <Form.Item name="paidOn" label={batch.paidOn} initialValue={dayjs()} rules={[{ required: true, message: batch.paidOnInvalid }]}>
          <DatePicker disabledDate={(d: Dayjs) => d.isAfter(dayjs(), 'day')} />
        </Form.Item>
        <Form.Item name="reference" label={batch.reference}>
          <Input maxLength={100} />
        </Form.Item>
        <Form.Item name="invoiceNo" label={dealText.formInvoiceNo}>
          <Input maxLength={INVOICE_NO_MAX} placeholder={dealText.formInvoiceNoPlaceholder} />
        </Form.Item>
      </BatchFormModal>
    </PageContainer>
  );
}
