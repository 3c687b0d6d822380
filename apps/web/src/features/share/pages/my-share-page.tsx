import { messages } from '@baobei/shared/messages';
import { DotLoading, InfiniteScroll, PullToRefresh, Toast } from 'antd-mobile';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { Page } from '../../../components/page';
import { StateBlock } from '../../../components/state-block';
import { errorMessage, isApiError } from '../../../lib/api-error';
import { useShareHouseVisits } from '../api/get-user-share-house-statistics';
import { useUserShareStatistics } from '../api/get-user-share-statistics';
import { ShareRow, type VisitsState } from '../components/share-row';
import styles from './my-share-page.module.css';

const m = messages.share;

/** Part 1, section 9: the scroll load offset is 100. */
const LOAD_MORE_THRESHOLD = 100;

/** /my/share 我的分享: the listings the user shared, their visit counts, and a row's visits on tap. */
export function MySharePage() {
  const navigate = useNavigate();
  const list = useUserShareStatistics();
  const items = useMemo(() => list.data?.pages.flatMap((p) => p.list) ?? [], [list.data]);
  const [expanded, setExpanded] = useState<number | null>(null);
  const visits = useShareHouseVisits(expanded);

  const failedAt = list.errorUpdatedAt;
  const told = useRef(failedAt);
  const { error, isFetchNextPageError } = list;
  useEffect(() => {
    if (failedAt === told.current || !error) return;
    told.current = failedAt;
    if (isFetchNextPageError || (isApiError(error) && error.handled)) return;
    Toast.show({ content: errorMessage(error, m.loadFailed), position: 'bottom' });
  }, [failedAt, error, isFetchNextPageError]);

  const visitsState: VisitsState | null =
    expanded === null
      ? null
      : {
          status: visits.status,
          items: visits.data?.pages.flatMap((p) => p.list) ?? [],
          hasMore: visits.hasNextPage,
          loadingMore: visits.isFetchingNextPage,
        };

  const loadMore = async () => {
    const result = await list.fetchNextPage();
    if (result.isError) throw result.error;
  };

  let body;
  if (list.data) {
    body =
      items.length === 0 ? (
        <StateBlock kind="empty" title={m.empty} testId="share-empty" />
      ) : (
        <>
          <div data-testid="share-list">
            {items.map((item) => (
              <ShareRow
                key={item.houseId}
                item={item}
                expanded={expanded === item.houseId}
                visits={expanded === item.houseId ? visitsState : null}
                onToggle={() => setExpanded((current) => (current === item.houseId ? null : item.houseId))}
                onOpenHouse={() => void navigate(`/house/detail/${item.houseId}`)}
                onRetryVisits={() => void visits.refetch()}
                onMoreVisits={() => void visits.fetchNextPage()}
              />
            ))}
          </div>
          <InfiniteScroll loadMore={loadMore} hasMore={list.hasNextPage} threshold={LOAD_MORE_THRESHOLD}>
            {(hasMore, failed, retry) =>
              failed ? (
                <button type="button" className={styles.more} onClick={retry}>
                  {m.pageFailed}
                </button>
              ) : hasMore ? (
                <span className={styles.more}>
                  <DotLoading />
                </span>
              ) : (
                <span className={styles.more}>{m.noMore}</span>
              )
            }
          </InfiniteScroll>
        </>
      );
  } else if (list.isError) {
    body = <StateBlock kind="error" title={m.loadError} onRetry={() => void list.refetch()} testId="share-error" />;
  } else {
    body = (
      <div className={styles.loading}>
        <DotLoading color="primary" />
      </div>
    );
  }

  return (
    <Page backFallback="/home?active=my">
      <PullToRefresh
        onRefresh={async () => {
          await Promise.all([list.refetch(), expanded !== null ? visits.refetch() : null]);
        }}
      >
        <div className={styles.body}>{body}</div>
      </PullToRefresh>
    </Page>
  );
}
