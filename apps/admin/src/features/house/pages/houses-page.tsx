import { PlusOutlined, UploadOutlined } from '@ant-design/icons';
import { PageContainer, ProTable, type ActionType, type ProColumns } from '@ant-design/pro-components';
import { messages } from '@baobei/shared/messages';
import { api } from '@baobei/shared/contract';
import { adminBatchMessages, adminConsoleMessages, adminHouseListMessages as text, adminImportMessages } from '@baobei/shared/messages/admin';
import { SELLING_STATUSES, SELLING_STATUS_TEXT } from '@baobei/shared/rules/house';
import type { AdminHouseListItem } from '@baobei/shared/schemas/admin-house';
import { Alert, App, Badge, Button, Image, Popconfirm, Space, Tag, Tooltip, Typography } from 'antd';
import { useMemo, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { errorMessage, isApiError } from '../../../lib/api-error';
import { useConsoleAccess, writable } from '../../../lib/console-access';
import { listHouses, setHouseActive, type HouseListFilters } from '../api/house-list';
import { useHouseOptions } from '../api/house-options';
import { HOUSE_NEW_PATH, houseEditPath } from '../house-paths';
import { ArrivalLinkModal } from '../components/arrival-link-modal';
import { HouseHistoryDrawer } from '../components/house-history-drawer';
import type { ValueNames } from '../components/history-values';
import { CONSOLE_TABLE_PROPS, TableLoadError, tableEmptyText, useLatestOnly } from '../../../components/console-table';
import { shanghaiText } from '../../../lib/shanghai-text';
import { ImportModal, type ImportEndpoints } from '../../../components/import-modal';
import { BATCH_SELECTION, batchAlert, useBatchConfirm, useBatchRunner } from '../../../components/batch-actions';
import { call } from '../../../lib/api-client';

const HOUSE_IMPORT: ImportEndpoints = { template: api.adminImport.houseTemplate, check: api.adminImport.houseCheck, run: api.adminImport.houseImport };

type Params = { keyword?: string; cityId?: number; sellingStatus?: string; featureId?: number; active?: 'true' | 'false' };

const SELLING_STATUS_COLORS: Record<string, string> = {
  SELLING: 'green',
  PENDING: 'default',
  SELL_OUT: 'red',
  OFFER_BUY: 'orange',
  SELL_SOON: 'blue',
  STOP_SELL: 'default',
};

/** Features and tags shown in a row; the rest behind +N (all of them in its tooltip). */
const MAX_TAGS = 3;

const sellingStatusEnum = Object.fromEntries(SELLING_STATUSES.map((s) => [s, { text: SELLING_STATUS_TEXT[s] }]));
const activeEnum = { true: { text: text.active, status: 'Success' }, false: { text: text.withdrawn, status: 'Default' } };

/**
 * 楼盘管理 (issue 15 items 4 and 6; decision 043): the company's listings (withdrawn ones too)
 * with a name search, city, selling status, feature and state filters and paging; each row
 * opens the edit form, withdraws or restores at its version (a 409 reloads the table), shows
 * its change history and its external arrival link.
 */
export function HousesPage() {
  const actionRef = useRef<ActionType>(undefined);
  const latestOnly = useLatestOnly();
  const navigate = useNavigate();
  const { message } = App.useApp();
  const options = useHouseOptions();
  const [loadError, setLoadError] = useState<string | null>(null);
  /** The last request had a search or a filter: an empty answer means no match, not no listings. */
  const [filtered, setFiltered] = useState(false);
  const [historyOf, setHistoryOf] = useState<AdminHouseListItem | null>(null);
  const [linkOf, setLinkOf] = useState<AdminHouseListItem | null>(null);
  const [busy, setBusy] = useState<number | null>(null);
  const [importing, setImporting] = useState(false);
  const confirm = useBatchConfirm();
  const runBatch = useBatchRunner(actionRef);
  const { canWrite } = useConsoleAccess('houses');

  const names = useMemo<ValueNames>(
    () => ({
      cities: new Map((options.data?.cities ?? []).map((c) => [c.value, c.label])),
      features: new Map((options.data?.features ?? []).map((f) => [f.value, f.label])),
    }),
    [options.data],
  );

  const toggle = async (row: AdminHouseListItem) => {
    setBusy(row.id);
    try {
      await setHouseActive(row, !row.active);
      void message.success(row.active ? text.withdrawDone : text.restoreDone);
    } catch (error) {
      if (isApiError(error) && error.code === 409) void message.warning(text.reloaded);
      else void message.error(errorMessage(error, messages.common.requestException));
    } finally {
      setBusy(null);
      void actionRef.current?.reload();
    }
  };

  const columns: ProColumns<AdminHouseListItem>[] = [
    { title: text.keyword, dataIndex: 'keyword', hideInTable: true, order: 5, fieldProps: { placeholder: text.keywordPlaceholder, maxLength: 50 } },
    {
      title: text.city,
      dataIndex: 'cityId',
      hideInTable: true,
      order: 4,
      valueType: 'select',
      fieldProps: { options: options.data?.cities ?? [], showSearch: true, optionFilterProp: 'label', loading: options.isPending },
    },
    { title: text.sellingStatus, dataIndex: 'sellingStatus', hideInTable: true, order: 3, valueType: 'select', valueEnum: sellingStatusEnum },
    {
      title: text.feature,
      dataIndex: 'featureId',
      hideInTable: true,
      order: 2,
      valueType: 'select',
      fieldProps: { options: options.data?.features ?? [], loading: options.isPending },
    },
    { title: text.state, dataIndex: 'active', hideInTable: true, order: 1, valueType: 'select', valueEnum: activeEnum },
    {
      title: text.picture,
      dataIndex: 'buildingDiagram',
      search: false,
      width: 84,
      render: (_, row) =>
        row.buildingDiagram ? (
          <Image src={row.buildingDiagram} width={64} height={48} style={{ objectFit: 'cover', borderRadius: 4 }} alt={row.name} />
        ) : (
          <div
            style={{ width: 64, height: 48, borderRadius: 4, background: '#f5f5f5', color: '#bfbfbf', display: 'flex', alignItems: 'center', justifyContent: 'center', fontSize: 12 }}
          >
            {text.noPicture}
          </div>
        ),
    },
    {
      title: text.name,
      dataIndex: 'name',
      search: false,
      ellipsis: true,
      render: (_, row) => <Link to={houseEditPath(row.id)}>{row.name}</Link>,
    },
    { title: text.city, dataIndex: 'cityName', search: false, width: 72 },
    {
      title: text.price,
      dataIndex: 'showPrice',
      search: false,
      width: 116,
      render: (_, row) => (
        <span style={{ whiteSpace: 'nowrap' }}>
          {row.showPrice.price}
          {row.showPrice.unit ? <Typography.Text type="secondary"> {row.showPrice.unit}</Typography.Text> : null}
        </span>
      ),
    },
    {
      title: text.sellingStatus,
      dataIndex: 'sellingStatus',
      search: false,
      width: 90,
      render: (_, row) => <Tag color={SELLING_STATUS_COLORS[row.sellingStatus]}>{SELLING_STATUS_TEXT[row.sellingStatus]}</Tag>,
    },
    {
      title: text.features,
      dataIndex: 'features',
      search: false,
      width: 176,
      render: (_, row) => {
        const all = [...row.features.map((f) => ({ key: `f${f.id}`, name: f.name, feature: true })), ...row.tags.map((t) => ({ key: `t${t}`, name: t, feature: false }))];
        if (all.length === 0) return '-';
        const shown = all.slice(0, MAX_TAGS);
        return (
          <Space wrap size={[4, 4]}>
            {shown.map((t) => (
              <Tag key={t.key} color={t.feature ? 'gold' : undefined} style={{ marginInlineEnd: 0 }}>
                {t.name}
              </Tag>
            ))}
            {all.length > MAX_TAGS ? (
              <Tooltip title={all.map((t) => t.name).join('、')}>
                <Tag style={{ marginInlineEnd: 0 }}>{text.moreTags(all.length - MAX_TAGS)}</Tag>
              </Tooltip>
            ) : null}
          </Space>
        );
      },
    },
    {
      title: text.state,
      dataIndex: 'active',
      search: false,
      width: 84,
      render: (_, row) => <Badge status={row.active ? 'success' : 'default'} text={row.active ? text.active : text.withdrawn} />,
    },
    {
      title: text.updatedAt,
      dataIndex: 'updatedAt',
      search: false,
      width: 104,
      render: (_, row) => (
        <span style={{ whiteSpace: 'nowrap' }}>
          {shanghaiText(row.updatedAt, 'day')}
          <br />
          <Typography.Text type="secondary">{shanghaiText(row.updatedAt, 'second').slice(11)}</Typography.Text>
        </span>
      ),
    },
    {
      title: text.actions,
      valueType: 'option',
      width: 228,
      fixed: 'right',
      render: (_, row) => [
        ...(canWrite
          ? [
              <Link key="edit" to={houseEditPath(row.id)}>
                {text.edit}
              </Link>,
              <Popconfirm
                key="active"
                title={row.active ? text.withdrawConfirm(row.name) : text.restoreConfirm(row.name)}
                description={row.active ? text.withdrawConfirmHint(row.reportCount) : undefined}
                okText={row.active ? text.withdraw : text.restore}
                okButtonProps={{ danger: row.active }}
                cancelText={adminConsoleMessages.cancel}
                onConfirm={() => toggle(row)}
              >
                <Button type="link" size="small" danger={row.active} loading={busy === row.id} style={{ padding: 0, height: 'auto' }}>
                  {row.active ? text.withdraw : text.restore}
                </Button>
              </Popconfirm>,
            ]
          : []),
        <a key="history" onClick={() => setHistoryOf(row)}>
          {text.history}
        </a>,
        <a key="link" onClick={() => setLinkOf(row)}>
          {text.arrivalLink}
        </a>,
      ],
    },
  ];

  return (
    <PageContainer title={text.title} subTitle={text.subTitle}>
      <TableLoadError error={loadError} message={text.loadFailed} onRetry={() => void actionRef.current?.reload()} />
      {options.isError ? <Alert type="warning" showIcon style={{ marginBottom: 16 }} message={text.optionsFailed} /> : null}
      <ProTable<AdminHouseListItem, Params>
        rowKey="id"
        actionRef={actionRef}
        columns={columns}
        search={{ labelWidth: 'auto', defaultCollapsed: false, span: { xs: 24, sm: 24, md: 12, lg: 8, xl: 6, xxl: 6 } }}
        {...CONSOLE_TABLE_PROPS}
        pagination={{ defaultPageSize: 20, showSizeChanger: true, showTotal: text.total }}
        locale={{
          emptyText: tableEmptyText(loadError, text.loadFailed, filtered ? text.noMatch : text.empty),
        }}
        request={latestOnly(async ({ current, pageSize, keyword, cityId, sellingStatus, featureId, active }) => {
          const filters: HouseListFilters = {
            keyword: keyword?.trim() || undefined,
            cityId,
            sellingStatus: sellingStatus as HouseListFilters['sellingStatus'],
            featureId,
            active,
          };
          setFiltered(Object.values(filters).some((v) => v !== undefined));
          try {
            const page = await listHouses(current ?? 1, pageSize ?? 20, filters);
            setLoadError(null);
            return { data: page.list, total: page.total, success: true };
          } catch (error) {
            setLoadError(errorMessage(error, messages.common.requestException));
            return { data: [], total: 0, success: false };
          }
        })}
        rowSelection={canWrite ? BATCH_SELECTION : false}
        tableAlertRender={batchAlert}
        tableAlertOptionRender={({ selectedRowKeys, selectedRows, onCleanSelected }) => {
          const ids = selectedRowKeys.map(Number);
          const labelOf = (id: number) => selectedRows.find((r) => r.id === id)?.name ?? String(id);
          const batch = (active: boolean) =>
            confirm(active ? adminBatchMessages.restoreConfirm(ids.length) : adminBatchMessages.withdrawConfirm(ids.length), active ? adminBatchMessages.restore : adminBatchMessages.withdraw, () =>
              runBatch(() => call(active ? api.adminBatch.restoreHouses : api.adminBatch.withdrawHouses, { body: { ids } }), labelOf, onCleanSelected),
            !active);
          return (
            <Space>
              <Button size="small" onClick={() => batch(true)}>
                {adminBatchMessages.restore}
              </Button>
              <Button size="small" danger onClick={() => batch(false)}>
                {adminBatchMessages.withdraw}
              </Button>
            </Space>
          );
        }}
        toolBarRender={() =>
          writable(canWrite, [
          <Button key="import" icon={<UploadOutlined />} onClick={() => setImporting(true)}>
            {adminImportMessages.button}
          </Button>,
          <Button key="create" type="primary" icon={<PlusOutlined />} onClick={() => void navigate(HOUSE_NEW_PATH)}>
            {text.create}
          </Button>,
          ])
        }
      />
      <ImportModal
        open={importing}
        what="楼盘"
        endpoints={HOUSE_IMPORT}
        onClose={() => setImporting(false)}
        onDone={() => {
          setImporting(false);
          void actionRef.current?.reload();
        }}
      />
      <HouseHistoryDrawer house={historyOf} names={names} onClose={() => setHistoryOf(null)} />
      <ArrivalLinkModal house={linkOf} onClose={() => setLinkOf(null)} />
    </PageContainer>
  );
}
