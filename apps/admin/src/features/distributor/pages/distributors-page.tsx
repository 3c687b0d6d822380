import { PageContainer, ProTable, type ActionType, type ProColumns } from '@ant-design/pro-components';
import { messages } from '@baobei/shared/messages';
import { UploadOutlined } from '@ant-design/icons';
import { api } from '@baobei/shared/contract';
import { adminDistributorMessages as text, adminImportMessages } from '@baobei/shared/messages/admin';
import type { AdminDistributorListItem, DistributorStatus } from '@baobei/shared/schemas/admin-distributor';
import { Alert, App, Badge, Button, Popconfirm, Typography } from 'antd';
import { useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { errorMessage, isApiError } from '../../../lib/api-error';
import { listDistributors, setDistributorActive, useDistributorOptions, type DistributorListFilters } from '../api/distributors';
import { DistributorDrawer } from '../components/distributor-drawer';
import { CreateDistributorForm } from '../components/create-distributor-form';
import { PasswordModal, type ShownPassword } from '../../../components/password-modal';
import { CONSOLE_TABLE_PROPS, TableLoadError, tableEmptyText, useLatestOnly } from '../../../components/console-table';
import { shanghaiText } from '../../../lib/shanghai-text';
import { managerColumn } from '../components/manager-column';
import { useConsoleAccess, writable } from '../../../lib/console-access';
import { ImportModal, type ImportEndpoints } from '../../../components/import-modal';

const DISTRIBUTOR_IMPORT: ImportEndpoints = {
  template: api.adminImport.distributorTemplate,
  check: api.adminImport.distributorCheck,
  run: api.adminImport.distributorImport,
};

type Params = { keyword?: string; status?: DistributorStatus; cityId?: number };

const statusEnum = { enabled: { text: text.statusEnabled, status: 'Success' }, disabled: { text: text.statusDisabled, status: 'Error' } };

/**
 * 分销商 (issue 16 item 1; decision 046): the company's distributors with a search over names,
 * credit code and manager phone, status and city filters and paging; a row opens its drawer
 * (edit, shops, staff), 停用/启用 at the row's version behind a Popconfirm (a 409 reloads);
 * 新建分销商 signs one up with its general account (decision 078).
 */
export function DistributorsPage() {
  const actionRef = useRef<ActionType>(undefined);
  const latestOnly = useLatestOnly();
  const { message } = App.useApp();
  const options = useDistributorOptions();
  const [params, setParams] = useSearchParams();
  const [loadError, setLoadError] = useState<string | null>(null);
  const [filtered, setFiltered] = useState(false);
  const [busy, setBusy] = useState<number | null>(null);
  const [shownPassword, setShownPassword] = useState<ShownPassword | null>(null);
  const [importing, setImporting] = useState(false);
  const openId = Number(params.get('id')) || null;
  const open = (id: number | null) => setParams(id ? { id: String(id) } : {}, { replace: true });

  const toggle = async (row: AdminDistributorListItem) => {
    setBusy(row.id);
    try {
      await setDistributorActive(row, !row.active);
      void message.success(row.active ? text.disabled : text.enabled);
    } catch (error) {
      if (isApiError(error) && error.code === 409) void message.warning(text.staleReloaded);
      else void message.error(errorMessage(error, messages.common.requestException));
    } finally {
      setBusy(null);
      void actionRef.current?.reload();
    }
  };

  const { canWrite } = useConsoleAccess('distributors');
  const columns: ProColumns<AdminDistributorListItem>[] = [
    { title: text.keyword, dataIndex: 'keyword', hideInTable: true, order: 3, fieldProps: { placeholder: text.keywordPlaceholder, maxLength: 50 } },
    { title: text.status, dataIndex: 'status', hideInTable: true, order: 2, valueType: 'select', valueEnum: statusEnum },
    {
      title: text.city,
      dataIndex: 'cityId',
      hideInTable: true,
      order: 1,
      valueType: 'select',
      fieldProps: { options: options.data?.cities ?? [], showSearch: true, optionFilterProp: 'label', loading: options.isPending },
    },
    {
      title: text.name,
      dataIndex: 'name',
      search: false,
      width: 230,
      render: (_, row) => (
        <div>
          <a onClick={() => open(row.id)}>{row.name}</a>
          <br />
          <Typography.Text type="secondary">{row.shortName}</Typography.Text>
        </div>
      ),
    },
    { title: text.creditNo, dataIndex: 'creditNo', search: false, width: 180, render: (_, row) => <Typography.Text copyable={{ text: row.creditNo }}>{row.creditNo}</Typography.Text> },
    { title: text.city, dataIndex: 'cityName', search: false, width: 72, render: (_, row) => row.cityName || '-' },
    managerColumn(120),
    { title: text.channel, dataIndex: 'channelName', search: false, width: 90, render: (_, row) => row.channelName || text.channelNone },
    { title: text.staffCount, dataIndex: 'staffCount', search: false, width: 56, align: 'right' },
    {
      title: text.status,
      dataIndex: 'active',
      search: false,
      width: 80,
      render: (_, row) => <Badge status={row.active ? 'success' : 'error'} text={row.active ? text.statusEnabled : text.statusDisabled} />,
    },
    { title: text.createdAt, dataIndex: 'createdAt', search: false, width: 100, render: (_, row) => shanghaiText(row.createdAt, 'day') },
    {
      title: text.actions,
      valueType: 'option',
      width: 110,
      fixed: 'right',
      render: (_, row) => [
        <a key="view" onClick={() => open(row.id)}>
          {text.view}
        </a>,
        ...writable(canWrite, [
          <Popconfirm
            key="active"
            title={`${row.active ? text.disable : text.enable}「${row.shortName || row.name}」`}
            description={<div style={{ maxWidth: 300 }}>{row.active ? text.disableConfirm : text.enableConfirm}</div>}
            okText={row.active ? text.disable : text.enable}
            okButtonProps={{ danger: row.active }}
            cancelText={text.cancel}
            onConfirm={() => toggle(row)}
          >
            <Button type="link" size="small" danger={row.active} loading={busy === row.id} style={{ padding: 0, height: 'auto' }}>
              {row.active ? text.disable : text.enable}
            </Button>
          </Popconfirm>,
        ]),
      ],
    },
  ];

  return (
    <PageContainer title={text.title}>
      <TableLoadError error={loadError} message={text.loadFailed} onRetry={() => void actionRef.current?.reload()} />
      {options.isError ? <Alert type="warning" showIcon style={{ marginBottom: 16 }} message={text.filtersUnavailable} /> : null}
      <ProTable<AdminDistributorListItem, Params>
        rowKey="id"
        actionRef={actionRef}
        columns={columns}
        search={{ labelWidth: 'auto', defaultCollapsed: false, span: { xs: 24, sm: 24, md: 12, lg: 8, xl: 8, xxl: 6 } }}
        {...CONSOLE_TABLE_PROPS}
        pagination={{ defaultPageSize: 20, showSizeChanger: true, showTotal: text.total }}
        locale={{
          emptyText: tableEmptyText(loadError, text.loadFailed, filtered ? text.noMatch : text.empty),
        }}
        toolBarRender={() =>
          writable(canWrite, [
            <Button key="import" icon={<UploadOutlined />} onClick={() => setImporting(true)}>
              {adminImportMessages.button}
            </Button>,
            <CreateDistributorForm
              key="create"
              options={options.data}
              onCreated={(shown) => {
                setShownPassword(shown);
                void actionRef.current?.reload();
              }}
            />,
          ])
        }
        request={latestOnly(async ({ current, pageSize, keyword, status, cityId }) => {
          const filters: DistributorListFilters = { keyword: keyword?.trim() || undefined, status, cityId };
          setFiltered(Object.values(filters).some((v) => v !== undefined));
          try {
            const page = await listDistributors(current ?? 1, pageSize ?? 20, filters);
            setLoadError(null);
            return { data: page.list, total: page.total, success: true };
          } catch (error) {
            setLoadError(errorMessage(error, messages.common.requestException));
            return { data: [], total: 0, success: false };
          }
        })}
      />
      <DistributorDrawer id={openId} options={options.data} onClose={() => open(null)} onChanged={() => void actionRef.current?.reload()} />
      <PasswordModal shown={shownPassword} onClose={() => setShownPassword(null)} />
      <ImportModal
        open={importing}
        what="分销商"
        endpoints={DISTRIBUTOR_IMPORT}
        hint={adminImportMessages.noPasswordHint}
        onClose={() => setImporting(false)}
        onDone={() => {
          setImporting(false);
          void actionRef.current?.reload();
        }}
      />
    </PageContainer>
  );
}
