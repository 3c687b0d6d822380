import { messages } from '@baobei/shared/messages';
import { DEFAULT_COMMISSION_PROPERTY, listsByCommission } from '@baobei/shared/rules/commission-rank';
import type { HouseListFilters } from '@baobei/shared/schemas/house';
import { useQueryClient } from '@tanstack/react-query';
import { Button, PullToRefresh } from 'antd-mobile';
import { useDeferredValue, useMemo, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import listPage from '../../../components/list-page.module.css';
import { Page } from '../../../components/page';
import { PagedListFooter } from '../../../components/paged-list-footer';
import { StateBlock } from '../../../components/state-block';
import { isApiError } from '../../../lib/api-error';
import { useScrollMemory } from '../../../lib/scroll-memory';
import { selectLoggedIn, useSessionStore } from '../../../lib/session/session-store';
import { useListFailureToast } from '../../../lib/use-list-failure-toast';
import { keepFirstPageOnly, useHouseList } from '../api/get-house-list';
import { useSearchInfo } from '../api/get-search-info';
import { CommissionChips } from '../components/commission-chips';
import { HouseFilterBar } from '../components/house-filter-bar';
import { HouseListItemCard } from '../components/house-list-item';
import { HouseListSkeleton } from '../components/house-list-skeleton';
import {
  filtersFromParams,
  FOCUS_PARAM,
  hasAnyFilter,
  paramsFromFilters,
  SEARCH_DEBOUNCE_MS,
} from '../model/house-list-filters';
import styles from './house-list-page.module.css';
import { KeywordSearchBar } from '../../../components/keyword-search-bar';
import { useRemoveFirstScreen } from '../../../lib/first-screen';

const listText = messages.houseList;

/** The cards a 390x844 phone shows before scrolling: their pictures are not lazy (decision 033). */
const FIRST_SCREEN_CARDS = 4;

/**
 * /house/list (part 1, section 2): keyword search, four filters, infinite scroll and
 * pull-to-refresh. The filters are the address's query, so going back keeps them.
 */
export function HouseListPage() {
  const [params, setParams] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const paramsKey = params.toString();
  // Keyed by the query string: the same filters keep the same object (and query key).
  const filters = useMemo(() => filtersFromParams(new URLSearchParams(paramsKey)), [paramsKey]);
  const [autoFocus] = useState(() => params.get(FOCUS_PARAM) === '1');

  const sessionReady = useSessionStore((s) => s.ready);
  const loggedIn = useSessionStore(selectLoggedIn);
  const info = useSearchInfo(sessionReady);
  const list = useHouseList(filters, sessionReady);
  // The pages arrive through the query's store, whose updates React renders in one blocking
  // task; the deferred copy draws the cards in an interruptible transition instead (decision 045).
  const data = useDeferredValue(list.data);
  // The server's first screen of this page goes when the list or its failure is drawn.
  useRemoveFirstScreen(data !== undefined || list.isError);
  const items = useMemo(() => data?.pages.flatMap((p) => p.list) ?? [], [data]);
  useScrollMemory(location.key, data !== undefined);

  // Reads the address at the time of the change, so a search that fires after its pause
  // never undoes a filter chosen meanwhile.
  const apply = (patch: Partial<HouseListFilters>) => {
    setParams((current) => paramsFromFilters({ ...filtersFromParams(current), ...patch }), { replace: true });
  };

  useListFailureToast(list, listText.loadFailed);

  const loadMore = async () => {
    const result = await list.fetchNextPage();
    // Rejecting shows the footer's tap-to-retry line.
    if (result.isError) throw result.error;
  };

  const onRefresh = async () => {
    keepFirstPageOnly(queryClient, filters);
    await list.refetch();
  };

  let body;
  if (data) {
    body =
      items.length === 0 ? (
        <StateBlock
          kind="empty"
          title={listText.empty}
          description={hasAnyFilter(filters) ? listText.emptyHint : undefined}
          action={
            hasAnyFilter(filters) ? (
              <Button size="small" color="primary" fill="outline" onClick={() => setParams({}, { replace: true })}>
                {listText.clearFilters}
              </Button>
            ) : undefined
          }
          testId="house-list-empty"
        />
      ) : (
        <>
          <div data-testid="house-list">
            {items.map((item, index) => (
              <HouseListItemCard
                key={item.id}
                item={item}
                eager={index < FIRST_SCREEN_CARDS}
                onOpen={() => void navigate(`/house/detail/${item.id}`)}
                commissionFor={loggedIn && listsByCommission(filters) ? filters.commissionProperty || DEFAULT_COMMISSION_PROPERTY : null}
              />
            ))}
          </div>
          <PagedListFooter loadMore={loadMore} hasMore={list.hasNextPage} failedText={listText.pageFailed} noMoreText={listText.noMore} testId="house-list" />
        </>
      );
  } else if (list.isError) {
    body = (
      <StateBlock
        kind="error"
        title={listText.loadError}
        description={isApiError(list.error) && list.error.msg ? list.error.msg : undefined}
        onRetry={() => void list.refetch()}
        testId="house-list-error"
      />
    );
  } else {
    body = <HouseListSkeleton />;
  }

  return (
    <Page backFallback="/home">
      <div className={`${listPage.bar} ${styles.bar}`}>
        <div className={listPage.search}>
          <KeywordSearchBar
            keyword={filters.keyword}
            onKeyword={(keyword) => apply({ keyword })}
            delayMs={SEARCH_DEBOUNCE_MS}
            placeholder={listText.searchPlaceholder}
            autoFocus={autoFocus}
            maxLength={50}
            testId="house-search"
          />
        </div>
        <HouseFilterBar
          info={info.data}
          infoFailed={info.isError}
          onRetryInfo={() => void info.refetch()}
          filters={filters}
          onChange={apply}
          signedIn={loggedIn}
        />
        {loggedIn && <CommissionChips filters={filters} onChange={apply} />}
      </div>
      <PullToRefresh onRefresh={onRefresh}>
        <div className={styles.body}>{body}</div>
      </PullToRefresh>
    </Page>
  );
}

