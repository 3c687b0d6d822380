import { messages } from '@baobei/shared/messages';
import { useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { usePagedItems } from '../../../components/paged-list-body';
import { RefreshableListPage } from '../../../components/refreshable-list-page';
import { houseKeys } from '../api/query-keys';
import { selectLoggedIn, useSessionStore } from '../../../lib/session/session-store';
import { useListFailureToast } from '../../../lib/use-list-failure-toast';
import { useFavoriteHouseList } from '../api/get-favorite-house-list';
import { FavoriteHouseItem } from '../components/favorite-item';

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
  const items = usePagedItems(list);

  useListFailureToast(list, favoriteText.loadFailed);

  const refresh = async () => {
    // Start again from the first page rather than refetching every page loaded so far.
    queryClient.setQueryData<InfiniteData<unknown, number>>(houseKeys.favorites(), (data) =>
      data ? { pages: data.pages.slice(0, 1), pageParams: data.pageParams.slice(0, 1) } : data,
    );
    await list.refetch();
  };

  return (
    <RefreshableListPage
      backFallback="/home?active=my"
      onRefresh={refresh}
      query={list}
      items={items}
      itemKey={(item) => item.houseId}
      renderItem={(item) => (
        <FavoriteHouseItem item={item} signedIn={signedIn} onOpen={() => void navigate(`/house/detail/${item.houseId}`)} />
      )}
      testId="favorite"
      listTestId="favorite-list"
      emptyTitle={favoriteText.empty}
      emptyTestId="favorite-empty"
      errorTitle={favoriteText.loadError}
      noMoreText={favoriteText.noMore}
      failedText={favoriteText.pageFailed}
    />
  );
}
