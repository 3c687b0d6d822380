import { PageContainer, ProTable, type ActionType, type ProColumns } from '@ant-design/pro-components';
import { messages } from '@baobei/shared/messages';
import { adminJobMessages as text } from '@baobei/shared/messages/admin-job';
import { isPlatformAdmin } from '@baobei/shared/rules/access';
import type { AdminJobFailureItem, JobFailureResult } from '@baobei/shared/schemas/admin-job';
import { Badge, Tag, Typography } from 'antd';
import { useRef, useState } from 'react';
import { useMe } from '../../../api/get-me';
import { CONSOLE_TABLE_PROPS, TableLoadError, tableEmptyText, useLatestOnly } from '../../../components/console-table';
import { errorMessage } from '../../../lib/api-error';
import { getJobFailures } from '../api/get-job-failures';
import { shanghaiText } from '../../../lib/shanghai-text';

type Params = { queue?: string; result?: JobFailureResult };

const jobName = (queue: string) => text.jobNames[queue] ?? queue;
const jobEnum = Object.fromEntries(Object.entries(text.jobNames).map(([queue, label]) => [queue, { text: label }]));
const resultEnum = { final: { text: text.resultFinal, status: 'Error' }, retrying: { text: text.resultRetrying, status: 'Warning' } };

/**
 * 后台任务 (issue 17, item 1; decision 056): every failed attempt of a queued job, newest first,
 * filtered by job and result. An operator sees its company's jobs; a platform administrator the
 * instance's, with the company of each (全平台 for the instance's own jobs). Read only: a job
 * retries by itself, and one that failed finally is the log's to explain.
 */
export function JobFailuresPage() {
  const me = useMe();
  const instance = me.data ? isPlatformAdmin(me.data.user.role) : false;
  const [loadError, setLoadError] = useState<string | null>(null);
  const [filtered, setFiltered] = useState(false);
  const actionRef = useRef<ActionType>(undefined);
  const latestOnly = useLatestOnly();

  const columns: ProColumns<AdminJobFailureItem>[] = [
    { title: text.job, dataIndex: 'queue', hideInTable: true, order: 2, valueType: 'select', valueEnum: jobEnum, fieldProps: { placeholder: text.jobPlaceholder } },
    { title: text.result, dataIndex: 'result', hideInTable: true, order: 1, valueType: 'select', valueEnum: resultEnum, fieldProps: { placeholder: text.resultPlaceholder } },
    {
      title: text.job,
      dataIndex: 'queue',
      search: false,
      width: 200,
      render: (_, row) => (
        <span>
          {jobName(row.queue)}
          <br />
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {row.queue}
          </Typography.Text>
        </span>
      ),
    },
    {
      title: text.result,
      dataIndex: 'final',
      search: false,
      width: 110,
      render: (_, row) => <Badge status={row.final ? 'error' : 'warning'} text={row.final ? text.resultFinal : text.resultRetrying} />,
    },
    { title: text.attempt, dataIndex: 'attempt', search: false, width: 90, render: (_, row) => text.attemptText(row.attempt) },
    {
      title: text.error,
      dataIndex: 'error',
      search: false,
      render: (_, row) => (
        <Typography.Paragraph style={{ margin: 0, wordBreak: 'break-word' }} ellipsis={{ rows: 2, expandable: 'collapsible' }}>
          {row.error}
        </Typography.Paragraph>
      ),
    },
    ...(instance
      ? [
          {
            title: text.company,
            dataIndex: 'companyTitle',
            search: false,
            width: 160,
            render: (_: unknown, row: AdminJobFailureItem) => (row.companyId === null ? <Tag>{text.instanceWide}</Tag> : row.companyTitle),
          } satisfies ProColumns<AdminJobFailureItem>,
        ]
      : []),
    {
      title: text.failedAt,
      dataIndex: 'failedAt',
      search: false,
      width: 170,
      render: (_, row) => <span style={{ whiteSpace: 'nowrap' }}>{shanghaiText(row.failedAt, 'second')}</span>,
    },
    {
      title: text.jobId,
      dataIndex: 'jobId',
      search: false,
      width: 130,
      render: (_, row) => (
        // A pg-boss id is a UUID: its start, the whole on hover and copied whole (the log's jobId).
        <Typography.Text type="secondary" style={{ fontSize: 12, maxWidth: 96 }} copyable={{ text: row.jobId }} ellipsis={{ tooltip: row.jobId }}>
          {row.jobId}
        </Typography.Text>
      ),
    },
  ];

  return (
    <PageContainer title={text.title} subTitle={instance ? text.subTitleInstance : text.subTitleCompany}>
      <TableLoadError error={loadError} message={text.loadFailed} onRetry={() => void actionRef.current?.reload()} />
      <ProTable<AdminJobFailureItem, Params>
        rowKey="id"
        columns={columns}
        actionRef={actionRef}
        search={{ labelWidth: 'auto', defaultCollapsed: false, span: { xs: 24, sm: 24, md: 12, lg: 8, xl: 8, xxl: 6 } }}
        {...CONSOLE_TABLE_PROPS}
        pagination={{ defaultPageSize: 20, showSizeChanger: true, showTotal: text.total }}
        locale={{ emptyText: tableEmptyText(loadError, text.loadFailed, filtered ? text.noMatch : text.empty) }}
        request={latestOnly(async ({ current, pageSize, queue, result }) => {
          setFiltered(Boolean(queue || result));
          try {
            const page = await getJobFailures(current ?? 1, pageSize ?? 20, { queue, result });
            setLoadError(null);
            return { data: page.list, total: page.total, success: true };
          } catch (error) {
            setLoadError(errorMessage(error, messages.common.requestException));
            return { data: [], total: 0, success: false };
          }
        })}
      />
    </PageContainer>
  );
}
