import { Fragment, useMemo, type Key, type ReactNode } from 'react';
import { PagedListFooter } from './paged-list-footer';
import { QueryStates } from './query-states';
import { StateBlock } from './state-block';

/** What the body reads of an infinite list query whose pages each carry a `list`. */
export interface PagedListQuery<T> {
  data: { pages: { list: T[] }[] } | undefined;
  isError: boolean;
  refetch: () => unknown;
  fetchNextPage: () => Promise<{ isError: boolean; error: unknown }>;
  hasNextPage: boolean;
}

/** Every loaded page's rows in order; the same array while the pages stay the same. */
export function usePagedItems<T>(query: { data: { pages: { list: T[] }[] } | undefined }): T[] {
  const { data } = query;
  return useMemo(() => data?.pages.flatMap((p) => p.list) ?? [], [data]);
}

export interface PagedListBodyProps<T> {
  query: PagedListQuery<T>;
  /** The query's rows (usePagedItems), which the page may need as well. */
  items: T[];
  itemKey: (item: T) => Key;
  renderItem: (item: T) => ReactNode;
  /** Test ids: `${testId}-error`, the footer's `${testId}-more-failed` and `${testId}-end`, and the rows' box. */
  testId: string;
  /** The rows' box when its test id is not `testId`. */
  listTestId?: string;
  emptyTitle: string;
  emptyTestId: string;
  errorTitle: string;
  noMoreText: string;
  /** The footer's tap-to-retry text when the page says otherwise. */
  failedText?: string;
}

/**
 * An infinite list's body: loading, error with tap-to-retry, empty, or the rows with the
 * footer that loads the next page (and offers tap-to-retry when a page fails).
 */
export function PagedListBody<T>({
  query,
  items,
  itemKey,
  renderItem,
  testId,
  listTestId = testId,
  emptyTitle,
  emptyTestId,
  errorTitle,
  noMoreText,
  failedText,
}: PagedListBodyProps<T>) {
  const loadMore = async () => {
    const result = await query.fetchNextPage();
    // Rejecting shows the footer's tap-to-retry line.
    if (result.isError) throw result.error;
  };
  return (
    <QueryStates
      query={query}
      isEmpty={items.length === 0}
      empty={<StateBlock kind="empty" title={emptyTitle} testId={emptyTestId} />}
      errorTitle={errorTitle}
      testId={testId}
    >
      <div data-testid={listTestId}>
        {items.map((item) => (
          <Fragment key={itemKey(item)}>{renderItem(item)}</Fragment>
        ))}
      </div>
      <PagedListFooter loadMore={loadMore} hasMore={query.hasNextPage} failedText={failedText} noMoreText={noMoreText} testId={testId} />
    </QueryStates>
  );
}
