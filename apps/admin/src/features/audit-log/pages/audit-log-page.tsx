import { PageContainer, type ProColumns } from '@ant-design/pro-components';
import { adminAuditLogMessages as text } from '@baobei/shared/messages/admin';
import { AUDIT_ACTIONS, AUDIT_ENTITIES, auditActionLabel, auditEntityLabel } from '@baobei/shared/rules/audit-log';
import { AUDIT_LOG_PAGE_SIZE, type AdminAuditLogItem } from '@baobei/shared/schemas/admin-audit-log';
import { Space, Tag, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useMemo, useState } from 'react';
import { CursorLogTable, useCursorPages } from '../../../components/cursor-log-table';
import { useAuditActors, useAuditLog, type AuditLogFilters } from '../api/audit-log';
import { AuditLogChanges } from '../components/audit-log-changes';
import { roleName } from '../components/audit-values';
import { shanghaiText } from '../../../lib/shanghai-text';

type FormValues = { actorId?: number; action?: string; entity?: string; entityId?: number | string; dateRange?: [Dayjs | string, Dayjs | string] };

/** A tag colour by the action's verb (the last part: create, update, delete, …). */
function actionColor(action: string): string {
  const verb = action.split('.').pop() ?? '';
  if (/create|add|submit|approve|restore|enable/.test(verb)) return 'green';
  if (/delete|remove|withdraw|reject|disable|unbind/.test(verb)) return 'red';
  if (/handle|check|status/.test(verb)) return 'cyan';
  if (/renew|reset|password|unlock|session/.test(verb)) return 'purple';
  return 'blue';
}

const day = (value: Dayjs | string) => dayjs(value).format('YYYY-MM-DD');

/**
 * 操作日志 (issue 16, item 6; decision 050): the company's audit rows newest first, filtered by
 * who (a searched account), action, object (type and id) and days; each row expands to its
 * changes as 字段 | 原值 | 新值. Pages follow the server's cursor (上一页 goes back through the
 * cursors already seen); the log is not counted.
 */
export function AuditLogPage() {
  const [filters, setFilters] = useState<AuditLogFilters>({});
  const pages = useCursorPages();
  const [actorKeyword, setActorKeyword] = useState('');
  const log = useAuditLog(filters, pages.cursor, AUDIT_LOG_PAGE_SIZE);
  const actors = useAuditActors(actorKeyword);
  const filtered = Object.values(filters).some((v) => v !== undefined && v !== '');

  const actorOptions = useMemo(
    () => (actors.data?.list ?? []).map((a) => ({ value: a.id, label: `${a.name}（${roleName(a.role)}）${a.phone}` })),
    [actors.data],
  );

  const columns: ProColumns<AdminAuditLogItem>[] = [
    {
      title: text.actor,
      dataIndex: 'actorId',
      hideInTable: true,
      order: 5,
      valueType: 'select',
      fieldProps: {
        options: actorOptions,
        showSearch: true,
        filterOption: false,
        onSearch: (value: string) => setActorKeyword(value.trim()),
        loading: actors.isFetching,
        placeholder: text.actorPlaceholder,
      },
    },
    {
      title: text.action,
      dataIndex: 'action',
      hideInTable: true,
      order: 4,
      valueType: 'select',
      fieldProps: {
        options: AUDIT_ACTIONS.map((a) => ({ value: a, label: auditActionLabel(a) })),
        showSearch: true,
        optionFilterProp: 'label',
        placeholder: text.actionPlaceholder,
      },
    },
    {
      title: text.entity,
      dataIndex: 'entity',
      hideInTable: true,
      order: 3,
      valueType: 'select',
      fieldProps: { options: AUDIT_ENTITIES.map((e) => ({ value: e, label: auditEntityLabel(e) })) },
    },
    { title: text.entityId, dataIndex: 'entityId', hideInTable: true, order: 2, valueType: 'digit', fieldProps: { min: 1, precision: 0, style: { width: '100%' } } },
    { title: text.dateRange, dataIndex: 'dateRange', hideInTable: true, order: 1, valueType: 'dateRange' },
    {
      title: text.createdAt,
      dataIndex: 'createdAt',
      search: false,
      width: 170,
      render: (_, row) => <span style={{ whiteSpace: 'nowrap' }}>{shanghaiText(row.createdAt, 'second')}</span>,
    },
    {
      title: text.actor,
      dataIndex: 'actorName',
      search: false,
      width: 200,
      render: (_, row) =>
        row.actorId === null ? (
          <Typography.Text type="secondary">{text.system}</Typography.Text>
        ) : (
          <Space size={6} wrap>
            <span>{row.actorName}</span>
            {row.actorRole ? <Tag style={{ marginInlineEnd: 0 }}>{roleName(row.actorRole)}</Tag> : null}
          </Space>
        ),
    },
    {
      title: text.action,
      dataIndex: 'action',
      search: false,
      width: 170,
      render: (_, row) => (
        <Tag color={actionColor(row.action)} title={row.action} data-testid="audit-log-action">
          {row.actionLabel}
        </Tag>
      ),
    },
    {
      title: text.object,
      dataIndex: 'entity',
      search: false,
      width: 200,
      render: (_, row) => (
        <Space direction="vertical" size={0}>
          <span>
            {row.entityLabel}
            {row.entityId !== null ? <Typography.Text type="secondary"> #{row.entityId}</Typography.Text> : null}
          </span>
          {row.objectName ? (
            <Typography.Text type="secondary" ellipsis style={{ maxWidth: 180, fontSize: 12 }} title={row.objectName}>
              {row.objectName}
            </Typography.Text>
          ) : null}
        </Space>
      ),
    },
    {
      title: text.detail,
      dataIndex: 'changes',
      search: false,
      ellipsis: true,
      render: (_, row) =>
        row.changes.length === 0 ? (
          <Typography.Text type="secondary">{text.noChanges}</Typography.Text>
        ) : (
          <span>
            {row.changes.map((c) => c.label).join('、')}
            {row.version !== null ? <Typography.Text type="secondary">（{text.version(row.version)}）</Typography.Text> : null}
          </span>
        ),
    },
  ];

  const submit = (values: FormValues) => {
    const range = values.dateRange?.length === 2 ? values.dateRange : null;
    const entityId = values.entityId === undefined || values.entityId === '' || values.entityId === null ? undefined : Number(values.entityId);
    setFilters({
      actorId: values.actorId,
      action: values.action,
      entity: values.entity,
      entityId,
      dateFrom: range ? day(range[0]) : undefined,
      dateTo: range ? day(range[1]) : undefined,
    });
    pages.restart();
  };

  return (
    <PageContainer title={text.title} subTitle={text.subTitle}>
      <CursorLogTable<AdminAuditLogItem, FormValues>
        query={log}
        pages={pages}
        columns={columns}
        onSearch={submit}
        filtered={filtered}
        texts={text}
        expandable={{ expandedRowRender: (row) => <AuditLogChanges item={row} />, rowExpandable: () => true }}
        scrollX={1000}
        pageTestId="audit-log-page"
      />
    </PageContainer>
  );
}
