import { messages } from '@baobei/shared/messages';
import { DotLoading, InfiniteScroll } from 'antd-mobile';
import styles from './paged-list-footer.module.css';

/** Part 1, section 9: a list loads its next page 100 px before the end. */
export const LOAD_MORE_THRESHOLD = 100;

export interface PagedListFooterProps {
  /** Rejects when the page failed: the footer then offers tap-to-retry. */
  loadMore: () => Promise<void>;
  hasMore: boolean;
  /** Part 1, section 8: '请求失败，点击重新加载' unless the page says otherwise. */
  failedText?: string;
  noMoreText: string;
  /** Test ids: `${testId}-more-failed` and `${testId}-end`. */
  testId?: string;
}

/** The end of an infinite list: loading, tap-to-retry after a failed page, or no more. */
export function PagedListFooter({ loadMore, hasMore, failedText, noMoreText, testId }: PagedListFooterProps) {
  return (
    <InfiniteScroll loadMore={loadMore} hasMore={hasMore} threshold={LOAD_MORE_THRESHOLD}>
      {(more, failed, retry) =>
        failed ? (
          <button type="button" className={styles.more} onClick={retry} data-testid={testId && `${testId}-more-failed`}>
            {failedText ?? messages.favorite.pageFailed}
          </button>
        ) : more ? (
          <span className={styles.more}>
            <DotLoading />
          </span>
        ) : (
          <span className={styles.more} data-testid={testId && `${testId}-end`}>
            {noMoreText}
          </span>
        )
      }
    </InfiniteScroll>
  );
}
