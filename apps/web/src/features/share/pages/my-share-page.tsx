import { messages } from '@baobei/shared/messages';
import { PullToRefresh } from 'antd-mobile';
import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { Page } from '../../../components/page';
import { PagedListFooter } from '../../../components/paged-list-footer';
import { QueryStates } from '../../../components/query-states';
import { StateBlock } from '../../../components/state-block';
import { useListFailureToast } from '../../../lib/use-list-failure-toast';
import { useShareHouseVisits } from '../api/get-user-share-house-statistics';
import { useUserShareStatistics } from '../api/get-user-share-statistics';
import { ShareRow, type VisitsState } from '../components/share-row';
import styles from './my-share-page.module.css';

const shareText = messages.share;

/** /my/share 我的分享: the listings the user shared, their visit counts, and a row's visits on tap. */
export function MySharePage() {
  const navigate = useNavigate();
  const list = useUserShareStatistics();
  const items = useMemo(() => list.data?.pages.flatMap((p) => p.list) ?? [], [list.data]);
  const [expanded, setExpanded] = useState<number | null>(null);
  const visits = useShareHouseVisits(expanded);

  useListFailureToast(list, shareText.loadFailed);

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

  const body = (
    <QueryStates query={list} isEmpty={items.length === 0} empty={<StateBlock kind="empty" title={shareText.empty} testId="share-empty" />} errorTitle={shareText.loadError} testId="share">
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
        <PagedListFooter loadMore={loadMore} hasMore={list.hasNextPage} failedText={shareText.pageFailed} noMoreText={shareText.noMore} testId="share" />
      </>
    </QueryStates>
  );

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
