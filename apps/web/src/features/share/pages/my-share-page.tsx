import { messages } from '@baobei/shared/messages';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { usePagedItems } from '../../../components/paged-list-body';
import { RefreshableListPage } from '../../../components/refreshable-list-page';
import { useListFailureToast } from '../../../lib/use-list-failure-toast';
import { useShareHouseVisits } from '../api/get-user-share-house-statistics';
import { useUserShareStatistics } from '../api/get-user-share-statistics';
import { ShareRow, type VisitsState } from '../components/share-row';

const shareText = messages.share;

/** /my/share 我的分享: the listings the user shared, their visit counts, and a row's visits on tap. */
export function MySharePage() {
  const navigate = useNavigate();
  const list = useUserShareStatistics();
  const items = usePagedItems(list);
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

  return (
    <RefreshableListPage
      backFallback="/home?active=my"
      onRefresh={() => Promise.all([list.refetch(), expanded !== null ? visits.refetch() : null])}
      query={list}
      items={items}
      itemKey={(item) => item.houseId}
      renderItem={(item) => (
        <ShareRow
          item={item}
          expanded={expanded === item.houseId}
          visits={expanded === item.houseId ? visitsState : null}
          onToggle={() => setExpanded((current) => (current === item.houseId ? null : item.houseId))}
          onOpenHouse={() => void navigate(`/house/detail/${item.houseId}`)}
          onRetryVisits={() => void visits.refetch()}
          onMoreVisits={() => void visits.fetchNextPage()}
        />
      )}
      testId="share"
      listTestId="share-list"
      emptyTitle={shareText.empty}
      emptyTestId="share-empty"
      errorTitle={shareText.loadError}
      noMoreText={shareText.noMore}
      failedText={shareText.pageFailed}
    />
  );
}
