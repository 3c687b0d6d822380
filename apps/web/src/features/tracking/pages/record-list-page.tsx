import { messages } from '@baobei/shared/messages';
import { offlineMessages } from '@baobei/shared/messages/offline';
import { formatShanghaiMinute } from '@baobei/shared/rules/shanghai-time';
import type { RecordStatus } from '@baobei/shared/rules/record-status';
import { developerGroupCopyText, reportActions, reportCopyText } from '@baobei/shared/rules/record-view';
import { offersAwaitingVisitView } from '@baobei/shared/rules/awaiting-visit';
import { isAuditorRole, isChannelRole } from '@baobei/shared/rules/roles';
import type { RecordRow } from '@baobei/shared/schemas/record-tracking';
import { hashKey, useQueryClient } from '@tanstack/react-query';
import { Button, PullToRefresh, Tabs, Toast } from 'antd-mobile';
import { useDeferredValue, useMemo, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { Page } from '../../../components/page';
import listPage from '../../../components/list-page.module.css';
import { PagedListBody, usePagedItems } from '../../../components/paged-list-body';
import { VisitTimePicker } from '../components/visit-time-picker';
import { copyText } from '../../../lib/clipboard';
import { confirmMarkVisit, startReReport } from '../model/report-quick-actions';
import { useScrollMemory } from '../../../lib/scroll-memory';
import { selectRole, useSessionStore } from '../../../lib/session/session-store';
import { recordKeys } from '../api/query-keys';
import { submitRecordAudit } from '../api/submit-record-audit';
import { useListFailureToast } from '../../../lib/use-list-failure-toast';
import { keepFirstPageOnly, recordListQueryOptions, useRecordList } from '../api/get-record-list';
import { getRecordRow, replaceRow } from '../api/get-record-row';
import { useBrokerOptions } from '../api/get-users-select-list';
import { RecordFilterBar } from '../components/record-filter-bar';
import { RecordListItem, type RecordItemView } from '../components/record-list-item';
import {
  filtersFromParams,
  paramsFromFilters,
  RECORD_SEARCH_DEBOUNCE_MS,
  tabLabel,
  type RecordListFilters,
  type RecordListVariant,
} from '../model/record-list-filters';
import { exportText, toggleSelected } from '../model/record-selection';
import styles from './record-list-page.module.css';
import { KeywordSearchBar } from '../../../components/keyword-search-bar';
import { useRemoveFirstScreen } from '../../../lib/first-screen';

const recordText = messages.recordTrack;
/** antd-mobile's Tabs need a non-empty key; the 全部 tab (value '') uses this one. */
const ALL_TAB = 'ALL';

/**
 * /record/list 我的订单 and /subDistributor/record/list 公司订单 (part 2, section 2.1): search,
 * status tabs with counts, time filter, the company list's broker filter, pull-to-refresh,
 * infinite scroll, and the multi-select (the auditors' export, the reporters' 复制报备). The filters live in the address,
 * so coming back from a report keeps them.
 */
function RecordListScreen({ variant }: { variant: RecordListVariant }) {
  const [params, setParams] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const role = useSessionStore(selectRole);
  const sessionReady = useSessionStore((s) => s.ready);
  const userInfo = useSessionStore((s) => s.userInfo);
  const viewer = {
    role,
    staffType: userInfo?.distributorStaffType ?? '',
    permissionList: userInfo?.permissionList ?? [],
  };
  const auditor = role !== null && isAuditorRole(role);
  const channel = isChannelRole(role);

  const paramsKey = params.toString();
  // Keyed by the query string: the same filters keep the same object (and query key).
  const filters = useMemo(() => filtersFromParams(new URLSearchParams(paramsKey), variant), [paramsKey, variant]);
  const apply = (patch: Partial<RecordListFilters>) => {
    setParams((current) => paramsFromFilters(current, { ...filtersFromParams(current, variant), ...patch }), { replace: true });
  };

  const list = useRecordList(variant, filters, sessionReady);
  // The pages arrive through the query's store, whose updates React renders in one blocking
  // task; the deferred copy draws the rows and tabs in an interruptible transition instead
  // (decision 045). It lags by one render: until then the page stays as it was.
  const data = useDeferredValue(list.data);
  const shownList = {
    data,
    isError: list.isError,
    refetch: list.refetch,
    fetchNextPage: list.fetchNextPage,
    hasNextPage: list.hasNextPage,
  };
  // The server's first screen of this page goes when the list or its failure is drawn.
  useRemoveFirstScreen(data !== undefined || list.isError);
  const brokers = useBrokerOptions(variant === 'company' && sessionReady);
  const items = usePagedItems({ data });
  const tabs = data?.pages[0]?.recordType ?? [];
  // Opened without a network: the tab's first page as this device last read it (decision 094).
  const keptAt = data?.pages[0]?.keptAt;
  useScrollMemory(location.key, data !== undefined);
  useListFailureToast(list, recordText.listLoadFailed, recordText.listLoadException);
  useListFailureToast(
    { errorUpdatedAt: brokers.errorUpdatedAt, error: brokers.error, isFetchNextPageError: false },
    recordText.brokerListFailed,
  );

  // Multi-select: null outside it, else the chosen report ids. The auditors export the
  // spec's text; the reporter's side copies it for the developer's group (复制报备, decision 090).
  const [selected, setSelected] = useState<Set<number> | null>(null);
  const copyChosen = async () => {
    const text = selected ? exportText(items, selected, auditor ? reportCopyText : developerGroupCopyText) : '';
    if (!text) {
      Toast.show({ content: auditor ? recordText.exportNothing : recordText.copyNothing });
      return;
    }
    Toast.show({ content: (await copyText(text)) ? recordText.copyFormatDone : recordText.copyFailed });
  };

  const view: RecordItemView = {
    showBroker: auditor || channel || variant === 'company',
    showDistributor: auditor || channel,
    showEstimatedVisit: auditor,
  };

  const openReport = (id: number) => {
    if (selected) {
      setSelected(toggleSelected(selected, id));
      return;
    }
    void navigate(auditor ? `/record/audit/${id}` : `/record/detail/${id}`);
  };

  // The row being changed or re-reported, and the row whose 已到访 picker is open.
  const [busyId, setBusyId] = useState<number | null>(null);
  const [visitPick, setVisitPick] = useState<{ row: RecordRow; openedAt: Date } | null>(null);

  /** Refetches one row in place and marks every other report query stale (details, counts, other lists). */
  const refreshRow = async (id: number) => {
    const listKey = recordListQueryOptions(variant, filters).queryKey;
    try {
      replaceRow(queryClient, variant, filters, await getRecordRow(id));
      Toast.show({ content: recordText.rowUpdated });
    } catch {
      // The row could not be read back: the list refetches in place instead.
      void list.refetch();
    }
    const listHash = hashKey(listKey);
    void queryClient.invalidateQueries({ queryKey: recordKeys.all, predicate: (q) => q.queryHash !== listHash });
  };

  /** Part 2, section 4 from a row: the same confirm and route as the detail's, then that row refreshes. */
  const markFromRow = async (row: RecordRow, status: RecordStatus, visitTime: string) => {
    setBusyId(row.id);
    try {
      const changed = await confirmMarkVisit(submitRecordAudit, row, status, visitTime, () => void refreshRow(row.id));
      if (changed) await refreshRow(row.id);
    } finally {
      setBusyId(null);
    }
  };

  const reReportFromRow = async (row: RecordRow) => {
    setBusyId(row.id);
    try {
      await startReReport(queryClient, row, (path) => void navigate(path));
    } finally {
      setBusyId(null);
    }
  };

  // 审核 / 查看 open the audit page, as a tap on an auditor's row; 报备单操作 opens the detail, where its menu is.
  const openMenu = (id: number) => void navigate(auditor ? `/record/audit/${id}` : `/record/detail/${id}`);

  const onRefresh = async () => {
    keepFirstPageOnly(queryClient, variant, filters);
    await list.refetch();
  };

  // The staff screen opens a staff member's list with their name (part 2, section 2.5).
  const staffName = params.get('name');
  const title =
    variant === 'company' && staffName && String(filters.broker) === params.get('id') ? staffName : undefined;

  const toolbar = selected ? (
    <div className={styles.toolbar} data-testid="record-select-toolbar">
      <span className={styles.count}>{recordText.exportSelected(selected.size)}</span>
      <Button size="small" onClick={() => setSelected(new Set(items.map((i) => i.id)))} data-testid="record-select-all">
        {recordText.selectAll}
      </Button>
      <Button size="small" color="primary" onClick={() => void copyChosen()} data-testid="record-export">
        {auditor ? recordText.exportConfirm : recordText.copyAll}
      </Button>
      <Button size="small" fill="outline" onClick={() => setSelected(null)} data-testid="record-select-leave">
        {recordText.exportLeave}
      </Button>
    </div>
  ) : null;

  return (
    <Page
      title={title}
      backFallback="/home?active=fky"
      right={
        !selected ? (
          <button type="button" className={styles.navButton} onClick={() => setSelected(new Set())} data-testid="record-multi-select">
            {recordText.multiSelect}
          </button>
        ) : undefined
      }
      footer={toolbar}
    >
      <div className={`${listPage.bar} ${styles.bar}`}>
        <div className={listPage.search}>
          <KeywordSearchBar
            keyword={filters.keyword}
            onKeyword={(keyword) => apply({ keyword })}
            delayMs={RECORD_SEARCH_DEBOUNCE_MS}
            placeholder={recordText.searchPlaceholder}
            maxLength={30}
            testId="record-search"
          />
        </div>
        {tabs.length > 0 && (
          <Tabs
            className={styles.tabs}
            activeKey={filters.approvalStatus || ALL_TAB}
            onChange={(key) => apply({ approvalStatus: key === ALL_TAB ? '' : (key as RecordListFilters['approvalStatus']) })}
            data-testid="record-tabs"
          >
            {tabs.map((tab) => (
              <Tabs.Tab key={tab.value || ALL_TAB} title={tabLabel(tab)} />
            ))}
          </Tabs>
        )}
        {/* The tabs come with the first page: until then an empty bar of their height holds the
            filters and the list where they will stay (no layout shift, decision 033). */}
        {tabs.length === 0 && data === undefined && !list.isError && (
          <Tabs className={`${styles.tabs} ${styles.tabsPending}`} aria-hidden="true">
            <Tabs.Tab key="pending" title={'\u00a0'} />
          </Tabs>
        )}
        <RecordFilterBar
          filters={filters}
          onChange={apply}
          awaitingVisit={offersAwaitingVisitView(role)}
          brokers={
            variant === 'company'
              ? { options: brokers.data, failed: brokers.isError, onRetry: () => void brokers.refetch() }
              : undefined
          }
        />
      </div>
      <PullToRefresh onRefresh={onRefresh}>
        {keptAt !== undefined && (
          <p className={styles.kept} data-testid="record-list-kept">
            {offlineMessages.keptAt(formatShanghaiMinute(new Date(keptAt)))}
          </p>
        )}
        <div className={`${listPage.body} ${styles.body} ${list.isPlaceholderData ? styles.stale : ''}`}>
          <PagedListBody
            query={shownList}
            items={items}
            itemKey={(item) => item.id}
            renderItem={(item) => (
              <RecordListItem
                item={item}
                view={view}
                selected={selected ? selected.has(item.id) : undefined}
                onTap={() => openReport(item.id)}
                actions={reportActions(viewer, item)}
                busy={busyId === item.id}
                onMenu={() => openMenu(item.id)}
                onReReport={() => void reReportFromRow(item)}
                onMarkUnvisit={() => void markFromRow(item, 'UNVISIT', '')}
                onMarkVisit={() => setVisitPick({ row: item, openedAt: new Date() })}
              />
            )}
            testId="record-list"
            emptyTitle={filters.awaitingVisit ? recordText.awaitingVisitEmpty : recordText.listEmpty}
            emptyTestId="record-empty"
            errorTitle={recordText.listLoadError}
            noMoreText={recordText.noMore}
          />
        </div>
      </PullToRefresh>
      <VisitTimePicker
        openedAt={visitPick?.openedAt ?? null}
        onClose={() => setVisitPick(null)}
        onPick={(visitTime) => {
          if (visitPick) void markFromRow(visitPick.row, 'VISIT', visitTime);
        }}
      />
    </Page>
  );
}

export function RecordListPage() {
  return <RecordListScreen variant="mine" />;
}

export function SubDistributorRecordListPage() {
  return <RecordListScreen variant="company" />;
}
