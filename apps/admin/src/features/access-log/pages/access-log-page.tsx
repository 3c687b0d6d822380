import { PageContainer, type ProColumns } from '@ant-design/pro-components';
import { api } from '@baobei/shared/contract';
import { adminAccessLogMessages as text } from '@baobei/shared/messages/admin/access-log';
import { isMainlandPhone } from '@baobei/shared/rules/phone';
import { ROLE_LABELS, type Role } from '@baobei/shared/rules/roles';
import { ACCESS_LOG_PAGE_SIZE, type AdminAccessLogItem } from '@baobei/shared/schemas/admin-access-log';
import { App, Space, Tag, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useMemo, useState } from 'react';
import { ExportButton } from '../../../components/export-button';
import { CursorLogTable, useCursorPages } from '../../../components/cursor-log-table';
import { shanghaiText } from '../../../lib/shanghai-text';
import { accessLogQuery, useAccessLog, useAccessLogUsers, type AccessLogFilters } from '../api/access-log';

type FormValues = { phone?: string; userId?: number; dateRange?: [Dayjs | string, Dayjs | string] };

const day = (value: Dayjs | string) => dayjs(value).format('YYYY-MM-DD');
const roleName = (role: string) => (role in ROLE_LABELS ? ROLE_LABELS[role as Role] : role);

/**
 * 访问日志 (issue 33, item 2; docs/decisions/092): who saw a customer's full phone number, newest
 * first, by the customer's whole number (the server hashes it as the log was written), the
 * account and days; pages by the server's cursor; 导出 the selection (运营管理员 only).
 */
export function AccessLogPage() {
  const { message } = App.useApp();
  const [filters, setFilters] = useState<AccessLogFilters>({});
  const pages = useCursorPages();
  const [userKeyword, setUserKeyword] = useState('');
  const log = useAccessLog(filters, pages.cursor, ACCESS_LOG_PAGE_SIZE);
  const users = useAccessLogUsers(userKeyword);
  const filtered = Object.values(filters).some((v) => v !== undefined && v !== '');

  const userOptions = useMemo(
    () => (users.data?.list ?? []).map((a) => ({ value: a.id, label: `${a.name}（${roleName(a.role)}）${a.phone}` })),
    [users.data],
  );

  const columns: ProColumns<AdminAccessLogItem>[] = [
    {
      title: text.phone,
      dataIndex: 'phone',
      hideInTable: true,
      order: 3,
      fieldProps: { placeholder: text.phonePlaceholder, maxLength: 11, inputMode: 'numeric' },
    },
    {
      title: text.user,
      dataIndex: 'userId',
      hideInTable: true,
      order: 2,
      valueType: 'select',
      fieldProps: {
        options: userOptions,
        showSearch: true,
        filterOption: false,
        onSearch: (value: string) => setUserKeyword(value.trim()),
        loading: users.isFetching,
        placeholder: text.userPlaceholder,
      },
    },
    { title: text.dateRange, dataIndex: 'dateRange', hideInTable: true, order: 1, valueType: 'dateRange' },
    {
      title: text.createdAt,
      dataIndex: 'createdAt',
      search: false,
      width: 170,
      render: (_, row) => <span style={{ whiteSpace: 'nowrap' }}>{shanghaiText(row.createdAt, 'second')}</span>,
    },
    {
      title: text.user,
      dataIndex: 'userName',
      search: false,
      width: 200,
      render: (_, row) =>
        row.actor === 'EXTERNAL' ? (
          <Tag color="orange" style={{ marginInlineEnd: 0 }}>{row.userName}</Tag>
        ) : (
          <Space direction="vertical" size={0}>
            <span>{row.userName}</span>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>{row.userPhone}</Typography.Text>
          </Space>
        ),
    },
    { title: text.phone, dataIndex: 'phoneMasked', search: false, width: 140, render: (_, row) => <span data-testid="access-log-phone">{row.phoneMasked}</span> },
    {
      title: text.route,
      dataIndex: 'routeLabel',
      search: false,
      width: 160,
      render: (_, row) => <Tag title={row.route}>{row.routeLabel}</Tag>,
    },
    {
      title: `${text.record} / ${text.customer}`,
      dataIndex: 'recordId',
      search: false,
      render: (_, row) => (
        <Typography.Text type="secondary">
          {row.recordId !== null ? `${text.record} #${row.recordId}` : `${text.customer} #${row.customerId ?? ''}`}
        </Typography.Text>
      ),
    },
  ];

  const submit = (values: FormValues) => {
    const range = values.dateRange?.length === 2 ? values.dateRange : null;
    const phone = values.phone?.trim();
    // The log keeps only the number's keyed hash: a part of a number cannot be searched (the server refuses it too).
    if (phone && !isMainlandPhone(phone)) {
      void message.error(text.phoneInvalid);
      return;
    }
    setFilters({ phone: phone || undefined, userId: values.userId, dateFrom: range ? day(range[0]) : undefined, dateTo: range ? day(range[1]) : undefined });
    pages.restart();
  };

  return (
    <PageContainer title={text.title} subTitle={text.subTitle}>
      <CursorLogTable<AdminAccessLogItem, FormValues>
        query={log}
        pages={pages}
        columns={columns}
        onSearch={submit}
        filtered={filtered}
        texts={text}
        toolBarRender={() => [<ExportButton key="export" endpoint={api.adminAccessLog.export} query={accessLogQuery(filters)} label={text.exportAction} />]}
        scrollX={900}
      />
    </PageContainer>
  );
}
