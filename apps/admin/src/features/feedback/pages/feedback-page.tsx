import { PageContainer, ProTable, type ActionType, type ProColumns } from '@ant-design/pro-components';
import { messages } from '@baobei/shared/messages';
import { adminFeedbackMessages as text } from '@baobei/shared/messages/admin';
import { ROLE_LABELS, type Role } from '@baobei/shared/rules/roles';
import type { AdminFeedbackItem, FeedbackStatus } from '@baobei/shared/schemas/admin-feedback';
import { App, Badge, Button, Space, Tag, Tooltip, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useRef, useState } from 'react';
import { errorMessage } from '../../../lib/api-error';
import { listFeedback, useFeedbackPendingCount, useHandleFeedback, type FeedbackFilters } from '../api/feedback';
import { HandleFeedbackModal } from '../components/handle-feedback-modal';
import { CONSOLE_TABLE_PROPS, TableLoadError, tableEmptyText, useLatestOnly } from '../../../components/console-table';
import { shanghaiText } from '../../../lib/shanghai-text';
import { useConsoleAccess } from '../../../lib/console-access';

type Params = { keyword?: string; dateRange?: [Dayjs | string, Dayjs | string]; status?: FeedbackStatus };

const roleName = (role: string) => (role in ROLE_LABELS ? ROLE_LABELS[role as Role] : role);
const day = (value: Dayjs | string) => dayjs(value).format('YYYY-MM-DD');

function Time({ at }: { at: string }) {
  return (
    <span style={{ whiteSpace: 'nowrap' }}>
      {shanghaiText(at, 'day')}
      <br />
      <Typography.Text type="secondary">{shanghaiText(at, 'second').slice(11)}</Typography.Text>
    </span>
  );
}

/**
 * 意见反馈 (issue 16, item 5; decision 050): the messages sent with the app's 帮助与反馈, newest
 * first, in tabs 未处理 (with the count) / 已处理 / 全部, searched by keyword and submit days; who
 * sent each (name, role, phone, distributor and shop); 标记已处理 with an optional note.
 */
export function FeedbackPage() {
  const actionRef = useRef<ActionType>(undefined);
  const latestOnly = useLatestOnly();
  const { message } = App.useApp();
  const [status, setStatus] = useState<FeedbackStatus>('pending');
  const [loadError, setLoadError] = useState<string | null>(null);
  const [filtered, setFiltered] = useState(false);
  const [handling, setHandling] = useState<AdminFeedbackItem | null>(null);
  const pending = useFeedbackPendingCount();
  const handle = useHandleFeedback();

  const { canWrite } = useConsoleAccess('feedback');
  const columns: ProColumns<AdminFeedbackItem>[] = [
    { title: text.keyword, dataIndex: 'keyword', hideInTable: true, order: 2, fieldProps: { placeholder: text.keywordPlaceholder, maxLength: 50 } },
    { title: text.dateRange, dataIndex: 'dateRange', hideInTable: true, order: 1, valueType: 'dateRange' },
    {
      title: text.content,
      dataIndex: 'content',
      search: false,
      render: (_, row) => (
        <Typography.Paragraph style={{ margin: 0, whiteSpace: 'pre-wrap', wordBreak: 'break-word' }} ellipsis={{ rows: 3, expandable: 'collapsible' }}>
          {row.content}
        </Typography.Paragraph>
      ),
    },
    {
      title: text.sender,
      dataIndex: 'senderName',
      search: false,
      width: 180,
      render: (_, row) =>
        row.senderId === null ? (
          <Typography.Text type="secondary">{text.senderGone}</Typography.Text>
        ) : (
          <Space direction="vertical" size={0}>
            <Space size={6}>
              <span>{row.senderName}</span>
              {row.senderRole ? <Tag style={{ marginInlineEnd: 0 }}>{roleName(row.senderRole)}</Tag> : null}
            </Space>
            <Typography.Text type="secondary">{row.senderPhone}</Typography.Text>
          </Space>
        ),
    },
    {
      title: text.distributor,
      dataIndex: 'distributorName',
      search: false,
      width: 200,
      render: (_, row) =>
        row.distributorName ? (
          <Space direction="vertical" size={0}>
            <span>{row.distributorName}</span>
            {row.shopName ? <Typography.Text type="secondary">{row.shopName}</Typography.Text> : null}
          </Space>
        ) : (
          text.none
        ),
    },
    { title: text.createdAt, dataIndex: 'createdAt', search: false, width: 110, render: (_, row) => <Time at={row.createdAt} /> },
    {
      title: text.state,
      dataIndex: 'handled',
      search: false,
      width: 200,
      render: (_, row) =>
        row.handled ? (
          <Space direction="vertical" size={2} style={{ width: '100%' }}>
            <Badge status="success" text={text.statusHandled} />
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {row.handledByName}
              {row.handledAt ? ` · ${shanghaiText(row.handledAt)}` : ''}
            </Typography.Text>
            {row.handleNote ? (
              <Tooltip title={row.handleNote}>
                <Typography.Text style={{ fontSize: 12 }} ellipsis data-testid="feedback-note">
                  {text.note}：{row.handleNote}
                </Typography.Text>
              </Tooltip>
            ) : null}
          </Space>
        ) : (
          <Badge status="warning" text={text.statusPending} />
        ),
    },
    {
      title: text.actions,
      valueType: 'option',
      width: 120,
      fixed: 'right',
      render: (_, row) =>
        row.handled || !canWrite
          ? [<Typography.Text key="done" type="secondary">{text.none}</Typography.Text>]
          : [
              <Button key="handle" type="link" size="small" style={{ padding: 0 }} onClick={() => setHandling(row)}>
                {text.handle}
              </Button>,
            ],
    },
  ];

  const pendingCount = pending.data ?? 0;
  const tabLabel = (label: string, count?: number) => (
    <span>
      {label}
      {count ? <Badge count={count} size="small" offset={[6, -2]} overflowCount={999} /> : null}
    </span>
  );

  return (
    <PageContainer title={text.title} subTitle={text.subTitle}>
      <TableLoadError error={loadError} message={text.loadFailed} onRetry={() => void actionRef.current?.reload()} />
      <ProTable<AdminFeedbackItem, Params>
        rowKey="id"
        actionRef={actionRef}
        columns={columns}
        params={{ status }}
        search={{ labelWidth: 'auto', defaultCollapsed: false, span: { xs: 24, sm: 24, md: 12, lg: 8, xl: 8, xxl: 6 } }}
        {...CONSOLE_TABLE_PROPS}
        pagination={{ defaultPageSize: 20, showSizeChanger: true, showTotal: text.total }}
        toolbar={{
          menu: {
            type: 'tab',
            activeKey: status,
            items: [
              { key: 'pending', label: tabLabel(text.statusPending, pendingCount) },
              { key: 'handled', label: text.statusHandled },
              { key: 'all', label: text.statusAll },
            ],
            onChange: (key) => setStatus((key as FeedbackStatus) ?? 'pending'),
          },
        }}
        locale={{
          emptyText: tableEmptyText(loadError, text.loadFailed, filtered ? text.noMatch : status === 'pending' ? text.emptyPending : text.empty),
        }}
        request={latestOnly(async ({ current, pageSize, keyword, dateRange }) => {
          const range = dateRange?.length === 2 ? dateRange : null;
          const filters: FeedbackFilters = {
            status,
            keyword: keyword?.trim() || undefined,
            dateFrom: range ? day(range[0]) : undefined,
            dateTo: range ? day(range[1]) : undefined,
          };
          setFiltered(Boolean(filters.keyword || range));
          try {
            const page = await listFeedback(current ?? 1, pageSize ?? 20, filters);
            setLoadError(null);
            return { data: page.list, total: page.total, success: true };
          } catch (error) {
            setLoadError(errorMessage(error, messages.common.requestException));
            return { data: [], total: 0, success: false };
          }
        })}
      />
      <HandleFeedbackModal
        item={handling}
        onClose={() => setHandling(null)}
        onHandle={async (note) => {
          const target = handling!;
          const item = await handle.mutateAsync({ id: target.id, note });
          // A message someone else handled meanwhile keeps their handling (the server's rule).
          if (item.changed) void message.success(text.handled);
          else void message.info(text.alreadyHandled);
          setHandling(null);
          void actionRef.current?.reload();
        }}
      />
    </PageContainer>
  );
}
