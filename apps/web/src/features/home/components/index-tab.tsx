import { messages } from '@baobei/shared/messages';
import type { IndexData } from '@baobei/shared/schemas/house';
import { Button, PullToRefresh, Toast } from 'antd-mobile';
import { useDeferredValue, useEffect, useLayoutEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { Dialog } from '../../../components/lazy-overlays';
import { StateBlock } from '../../../components/state-block';
import { errorMessage, isApiError } from '../../../lib/api-error';
import { useCompanyStore } from '../../../lib/company-store';
import { firstScreenCity, removeFirstScreen } from '../../../lib/first-screen';
import { inAppPath } from '../../../lib/in-app-path';
import { clearDraft, readStoredDraft } from '../../../lib/report-draft-slot';
import { useScrollMemory } from '../../../lib/scroll-memory';
import { useSessionStore } from '../../../lib/session/session-store';
import { useCurrentCity } from '../../../lib/use-current-city';
import { useIndexData } from '../api/get-index-data';
import { columnMorePath, HOUSE_LIST_PATH, houseDetailPath, isIndexEmpty, navPath, visibleColumns } from '../index-columns';
import { useLocateCity } from '../use-locate-city';
import { BannerSwiper } from './banner-swiper';
import { IndexColumnSection } from './index-column';
import { IndexHeader } from './index-header';
import { IndexSkeleton } from './index-skeleton';
import { NavGrid } from './nav-grid';
import styles from './index-tab.module.css';

/** Part 1, section 9: index refresh delay 300 ms (the indicator stays at least that long). */
const REFRESH_DELAY_MS = 300;

const delay = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

function IndexContent({
  data,
  onOpen,
}: {
  data: IndexData;
  onOpen: (path: string) => void;
}) {
  return (
    <>
      <BannerSwiper
        banners={data.banners}
        onOpen={(banner) => {
          const path = inAppPath(banner.link);
          if (path) onOpen(path);
        }}
      />
      <NavGrid navs={data.navs} onOpen={(nav) => onOpen(navPath(nav.featureId))} />
      {visibleColumns(data.columns).map((column) => (
        <IndexColumnSection
          key={column.id}
          column={column}
          onMore={() => onOpen(columnMorePath(column))}
          onOpenHouse={(id) => onOpen(houseDetailPath(id))}
        />
      ))}
    </>
  );
}

/**
 * Part 1, section 4: an unexpired report draft is offered back ('恢复报备'); confirming opens
 * its form, cancelling clears it. Expired drafts are dropped by the storage silently.
 */
function useRestoreDraft(open: (path: string) => void) {
  useEffect(() => {
    let cancelled = false;
    void readStoredDraft().then(async (draft) => {
      if (!draft || cancelled) return;
      const resume = await Dialog.confirm({
        title: messages.record.restoreDraft,
        content: messages.reportForm.restoreDraft,
        confirmText: messages.common.confirm,
        cancelText: messages.common.cancel,
      });
      if (resume) open(draft.formPath);
      else await clearDraft();
    });
    return () => {
      cancelled = true;
    };
    // Once per visit of the index.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
}

/**
 * The index tab (part 1, section 2): the current city's banners, navigation and columns,
 * with pull-to-refresh and the scroll position kept across a visit to a detail page.
 */
export function IndexTab() {
  const navigate = useNavigate();
  const location = useLocation();
  const company = useCompanyStore((s) => s.company);
  const sessionReady = useSessionStore((s) => s.ready);
  const current = useCurrentCity();
  useLocateCity({ cityLoaded: current.loaded, hasStoredCity: current.stored !== null });

  // The first request waits for the stored city and the session's city list, so it asks
  // for the right city once instead of the default first.
  const cityId = current.city?.value ?? null;
  const query = useIndexData(cityId, current.loaded && sessionReady);
  const { refetch } = query;
  // The index arrives through stores (the city, the session, the query) whose updates React
  // renders in one blocking task; the deferred copy draws the banners and columns in an
  // interruptible transition instead (decision 045). It lags by one render.
  const data = useDeferredValue(query.data);
  useScrollMemory(location.key, data !== undefined);

  // The server's first screen (the default city's banner) gives way once this tab shows its
  // own content, before that is painted; at once when the city shown is another.
  const otherCity = current.city !== null && current.city.value !== firstScreenCity();
  const shown = data !== undefined || query.isError;
  useLayoutEffect(() => {
    if (shown || otherCity) removeFirstScreen();
  }, [shown, otherCity]);

  const open = (path: string) => void navigate(path);
  useRestoreDraft(open);

  const onRefresh = async () => {
    const [result] = await Promise.all([refetch(), delay(REFRESH_DELAY_MS)]);
    if (result.isError && !(isApiError(result.error) && result.error.handled)) {
      Toast.show({ content: errorMessage(result.error, messages.index.loadFailed), position: 'bottom' });
    }
  };

  let body;
  if (data) {
    body = isIndexEmpty(data) ? (
      <StateBlock
        kind="empty"
        title={messages.index.empty}
        description={messages.index.emptyHint}
        action={
          <Button size="small" color="primary" fill="outline" onClick={() => open(HOUSE_LIST_PATH)}>
            {messages.index.browseAll}
          </Button>
        }
        testId="home-empty"
      />
    ) : (
      <IndexContent data={data} onOpen={open} />
    );
  } else if (query.isError) {
    body = (
      <StateBlock
        kind="error"
        title={messages.index.loadFailed}
        description={isApiError(query.error) && query.error.msg ? query.error.msg : undefined}
        onRetry={() => void refetch()}
        testId="home-error"
      />
    );
  } else {
    body = <IndexSkeleton />;
  }

  return (
    <div className={styles.tab} data-testid="home-index">
      <PullToRefresh onRefresh={onRefresh}>
        <IndexHeader
          logo={company?.logo ?? ''}
          title={company?.title ?? ''}
          cityName={current.city?.text ?? data?.city.text ?? ''}
          onSelectCity={() => open('/select/city')}
          onSearch={() => open(`${HOUSE_LIST_PATH}?focus=1`)}
          overlap={data ? !isIndexEmpty(data) && data.banners.length > 0 : !query.isError}
        />
        <div className={styles.body} data-city-id={data?.city.value}>
          {body}
        </div>
      </PullToRefresh>
    </div>
  );
}
