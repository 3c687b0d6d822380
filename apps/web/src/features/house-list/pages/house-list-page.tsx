import { messages } from '@baobei/shared/messages';
import type { HouseListFilters } from '@baobei/shared/schemas/house';
import { useQueryClient } from '@tanstack/react-query';
import { Button, InfiniteScroll, PullToRefresh, SearchBar, Toast, type SearchBarRef } from 'antd-mobile';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { Page } from '../../../components/page';
import { StateBlock } from '../../../components/state-block';
import { errorMessage, isApiError } from '../../../lib/api-error';
import { useScrollMemory } from '../../../lib/scroll-memory';
import { useSessionStore } from '../../../lib/session/session-store';
import { keepFirstPageOnly, useHouseList } from '../api/get-house-list';
import { useSearchInfo } from '../api/get-search-info';
import { HouseFilterBar } from '../components/house-filter-bar';
import { HouseListItemCard } from '../components/house-list-item';
import { HouseListSkeleton } from '../components/house-list-skeleton';
import {

  filtersFromParams,
  FOCUS_PARAM,
  hasAnyFilter,
  LOAD_MORE_THRESHOLD,
  paramsFromFilters,
  SEARCH_DEBOUNCE_MS,
} from '../house-list-filters';
import styles from './house-list-page.module.css';

const m = messages.houseList;

/** Part 1, section 8: failed-list toasts appear at the bottom; the client has told already when `handled`. */
function toastListFailure(error: unknown): void {
  if (isApiError(error) && error.handled) return;
  Toast.show({ content: errorMessage(error, m.loadFailed), position: 'bottom' });
}

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
  const searchRef = useRef<SearchBarRef>(null);

  const sessionReady = useSessionStore((s) => s.ready);
  const info = useSearchInfo(sessionReady);
  const list = useHouseList(filters, sessionReady);
  const items = useMemo(() => list.data?.pages.flatMap((p) => p.list) ?? [], [list.data]);
  useScrollMemory(location.key, list.data !== undefined);

  // Reads the address at the time of the change, so a search that fires after its pause
  // never undoes a filter chosen meanwhile.
  const apply = (patch: Partial<HouseListFilters>) => {
    setParams((current) => paramsFromFilters({ ...filtersFromParams(current), ...patch }), { replace: true });
  };

  // The search box: typed text searches after a pause, Enter and clear at once. A text
  // being composed with an input method (pinyin) is not searched half-way.
  const [input, setInput] = useState(filters.keyword);
  const [seenKeyword, setSeenKeyword] = useState(filters.keyword);
  const composing = useRef(false);
  if (seenKeyword !== filters.keyword) {
    // The address changed (back, forward, clear): show its keyword.
    setSeenKeyword(filters.keyword);
    setInput(filters.keyword);
  }
  useEffect(() => {
    if (input.trim() === filters.keyword || composing.current) return;
    const timer = setTimeout(() => apply({ keyword: input }), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- re-arm only when the text or the applied keyword changes
  }, [input, filters.keyword]);

  // A list failure that arrives while the page shows (first page or a refresh) toasts once.
  // (A failure cached from an earlier visit is not told again.)
  const failedAt = list.errorUpdatedAt;
  const toldFailure = useRef(failedAt);
  const listError = list.error;
  useEffect(() => {
    if (failedAt === toldFailure.current || !listError) return;
    toldFailure.current = failedAt;
    toastListFailure(listError);
  }, [failedAt, listError]);

  const loadMore = async () => {
    const result = await list.fetchNextPage();
    // Rejecting shows InfiniteScroll's own tap-to-retry line; the toast was shown above.
    if (result.isError) throw result.error;
  };

  const onRefresh = async () => {
    keepFirstPageOnly(queryClient, filters);
    await list.refetch();
  };

  let body;
  if (list.data) {
    body =
      items.length === 0 ? (
        <StateBlock
          kind="empty"
          title={m.empty}
          description={hasAnyFilter(filters) ? m.emptyHint : undefined}
          action={
            hasAnyFilter(filters) ? (
              <Button size="small" color="primary" fill="outline" onClick={() => setParams({}, { replace: true })}>
                {m.clearFilters}
              </Button>
            ) : undefined
          }
          testId="house-list-empty"
        />
      ) : (
        <>
          <div data-testid="house-list">
            {items.map((item) => (
              <HouseListItemCard key={item.id} item={item} onOpen={() => void navigate(`/house/detail/${item.id}`)} />
            ))}
          </div>
          <InfiniteScroll loadMore={loadMore} hasMore={list.hasNextPage} threshold={LOAD_MORE_THRESHOLD}>
            {(hasMore, failed, retry) =>
              failed ? (
                <button type="button" className={styles.more} onClick={retry} data-testid="house-list-more-failed">
                  {m.pageFailed}
                </button>
              ) : hasMore ? (
                <span className={styles.more}>{m.loadingMore}…</span>
              ) : (
                <span className={styles.more} data-testid="house-list-end">
                  {m.noMore}
                </span>
              )
            }
          </InfiniteScroll>
        </>
      );
  } else if (list.isError) {
    body = (
      <StateBlock
        kind="error"
        title={m.loadError}
        description={isApiError(list.error) && list.error.msg ? list.error.msg : undefined}
        onRetry={() => void list.refetch()}
        testId="house-list-error"
      />
    );
  } else {
    body = <HouseListSkeleton />;
  }

  return (
    <Page backFallback="/home" className={styles.page}>
      <div className={styles.bar}>
        <div className={styles.search}>
          <SearchBar
            ref={searchRef}
            value={input}
            placeholder={m.searchPlaceholder}
            autoFocus={autoFocus}
            maxLength={50}
            onChange={setInput}
            onCompositionStart={() => {
              composing.current = true;
            }}
            onCompositionEnd={(event) => {
              composing.current = false;
              setInput(event.currentTarget.value);
            }}
            onSearch={(value) => {
              apply({ keyword: value });
              searchRef.current?.blur();
            }}
            onClear={() => apply({ keyword: '' })}
            data-testid="house-search"
          />
        </div>
        <HouseFilterBar
          info={info.data}
          infoFailed={info.isError}
          onRetryInfo={() => void info.refetch()}
          filters={filters}
          onChange={apply}
        />
      </div>
      <PullToRefresh onRefresh={onRefresh}>
        <div className={styles.body}>{body}</div>
      </PullToRefresh>
    </Page>
  );
}

