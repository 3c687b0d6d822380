import { messages } from '@baobei/shared/messages';
import { useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { PullToRefresh } from 'antd-mobile';
import { useMemo } from 'react';
import { useNavigate } from 'react-router';
import { Page } from '../../../components/page';
import { PagedListFooter } from '../../../components/paged-list-footer';
import { QueryStates } from '../../../components/query-states';
import { StateBlock } from '../../../components/state-block';
import { houseKeys } from '../api/query-keys';
import { selectLoggedIn, useSessionStore } from '../../../lib/session/session-store';
import { useListFailureToast } from '../../../lib/use-list-failure-toast';
import { useFavoriteHouseList } from '../api/get-favorite-house-list';
import { FavoriteHouseItem } from '../components/favorite-item';
import styles from './favorite-page.module.css';

const favoriteText = messages.favorite;

/**
 * /my/favorite (part 1, section 2): the paged favourites with pull-to-refresh; '没有收藏的楼盘'
 * when empty, '获取收藏楼盘失败,点我重新获取' on failure (tap retries), the server's message
 * (or '获取收藏楼盘列表失败') in a toast at the bottom.
 */
export function FavoritePage() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const signedIn = useSessionStore(selectLoggedIn);
  const list = useFavoriteHouseList();
  const items = useMemo(() => list.data?.pages.flatMap((p) => p.list) ?? [], [list.data]);

  useListFailureToast(list, favoriteText.loadFailed);

  const loadMore = async () => {
    const result = await list.fetchNextPage();
    if (result.isError) throw result.error;
  };

  const refresh = async () => {
    // Start again from the first page rather than refetching every page loaded so far.
    queryClient.setQueryData<InfiniteData<unknown, number>>(houseKeys.favorites(), (data) =>
      data ? { pages: data.pages.slice(0, 1), pageParams: data.pageParams.slice(0, 1) } : data,
    );
    await list.refetch();
  };

  const body = (
    <QueryStates query={list} isEmpty={items.length === 0} empty={<StateBlock kind="empty" title={favoriteText.empty} testId="favorite-empty" />} errorTitle={favoriteText.loadError} testId="favorite">
      <>
        <div data-testid="favorite-list">
          {items.map((item) => (
            <FavoriteHouseItem
              key={item.houseId}
              item={item}
              signedIn={signedIn}
              onOpen={() => void navigate(`/house/detail/${item.houseId}`)}
            />
          ))}
        </div>
        <PagedListFooter loadMore={loadMore} hasMore={list.hasNextPage} failedText={favoriteText.pageFailed} noMoreText={favoriteText.noMore} testId="favorite" />
      </>
    </QueryStates>
  );

  return (
    <Page backFallback="/home?active=my" className={styles.page}>
      <PullToRefresh onRefresh={refresh}>
        <div className={styles.body}>{body}</div>
      </PullToRefresh>
    </Page>
  );
}
