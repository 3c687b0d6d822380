import { ProTable, type ProColumns, type ProTableProps } from '@ant-design/pro-components';
import { messages } from '@baobei/shared/messages';
import { adminAuditLogMessages, adminConsoleMessages } from '@baobei/shared/messages/admin';
import { Alert, Button, Empty, Space, Typography } from 'antd';
import { useState } from 'react';
import { errorMessage } from '../lib/api-error';

/**
 * The pages of a log read by the server's cursor, newest first (操作日志, 访问日志): the cursors of the
 * pages opened so far, [null (page 1), page 2's, …], so 上一页 goes back through them; the log is
 * not counted. A new filter starts again from page 1.
 */
export function useCursorPages() {
  const [cursors, setCursors] = useState<(string | null)[]>([null]);
  return {
    cursor: cursors[cursors.length - 1] ?? null,
    page: cursors.length,
    back: () => setCursors((c) => (c.length > 1 ? c.slice(0, -1) : c)),
    forward: (next: string) => setCursors((c) => [...c, next]),
    restart: () => setCursors([null]),
  };
}
export type CursorPages = ReturnType<typeof useCursorPages>;

/** What the table reads of the page's query (TanStack Query's result). */
interface LogQuery<T> {
  data: { list: T[]; nextCursor: string | null } | undefined;
  isError: boolean;
  isFetching: boolean;
  error: unknown;
  refetch: () => unknown;
}

export interface CursorLogTableProps<T extends { id: number }, F extends Record<string, unknown>> {
  query: LogQuery<T>;
  pages: CursorPages;
  columns: ProColumns<T>[];
  /** The search form's values, as the page turns them into its filters (and `pages.restart()`). */
  onSearch: (values: F) => void;
  /** A filter is set: the empty table says 没有符合条件… instead of 暂无…. */
  filtered: boolean;
  texts: { loadFailed: string; noMatch: string; empty: string };
  toolBarRender?: ProTableProps<T, F>['toolBarRender'];
  expandable?: ProTableProps<T, F>['expandable'];
  scrollX: number;
  pageTestId?: string;
}

/**
 * A console log as a ProTable over a cursor-paged query (操作日志, 访问日志): its load failure above
 * the table with 重试, the search form, the empty states, and 上一页 / 下一页 in the footer.
 */
export function CursorLogTable<T extends { id: number }, F extends Record<string, unknown>>({
  query,
  pages,
  columns,
  onSearch,
  filtered,
  texts,
  toolBarRender,
  expandable,
  scrollX,
  pageTestId,
}: CursorLogTableProps<T, F>) {
  const next = query.data?.nextCursor ?? null;
  return (
    <>
      {query.isError ? (
        <Alert
          type="error"
          showIcon
          role="alert"
          style={{ marginBottom: 16 }}
          message={texts.loadFailed}
          description={errorMessage(query.error, messages.common.requestException)}
          action={
            <Button size="small" onClick={() => void query.refetch()}>
              {adminConsoleMessages.retry}
            </Button>
          }
        />
      ) : null}
      <ProTable<T, F>
        rowKey="id"
        columns={columns}
        dataSource={query.data?.list ?? []}
        loading={query.isFetching}
        onSubmit={(values) => onSearch(values as F)}
        onReset={() => onSearch({} as F)}
        search={{ labelWidth: 'auto', defaultCollapsed: false, span: { xs: 24, sm: 24, md: 12, lg: 8, xl: 8, xxl: 6 } }}
        options={{ density: false, setting: false, reload: () => void query.refetch() }}
        {...(toolBarRender ? { toolBarRender } : {})}
        {...(expandable ? { expandable } : {})}
        scroll={{ x: scrollX }}
        pagination={false}
        locale={{
          emptyText: query.isError ? (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={texts.loadFailed} />
          ) : (
            <Empty description={filtered ? texts.noMatch : texts.empty} />
          ),
        }}
        footer={() => (
          <Space style={{ width: '100%', justifyContent: 'flex-end' }}>
            <Typography.Text type="secondary" data-testid={pageTestId}>
              {adminAuditLogMessages.pageOf(pages.page)}
            </Typography.Text>
            <Button size="small" disabled={pages.page === 1 || query.isFetching} onClick={pages.back}>
              {adminAuditLogMessages.prev}
            </Button>
            <Button size="small" disabled={!next || query.isFetching} onClick={() => next && pages.forward(next)}>
              {adminAuditLogMessages.next}
            </Button>
          </Space>
        )}
      />
    </>
  );
}
