import { messages } from '@baobei/shared/messages';
import { protectionModeRule } from '@baobei/shared/rules/record-submit';
import { arrivalTimeProblem, arrivalTimeWindow } from '@baobei/shared/rules/record-view';
import { parseShanghaiMinute } from '@baobei/shared/rules/shanghai-time';
import { externalLinkSchema, type ExternalLink, type ExternalReport, type ExternalSearch } from '@baobei/shared/schemas/record-tracking';
import { Dialog, PullToRefresh, Tabs, Toast } from 'antd-mobile';
import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { DatePicker } from '../../../components/lazy-overlays';
import { Page } from '../../../components/page';
import listPage from '../../../components/list-page.module.css';
import { PagedListBody, usePagedItems } from '../../../components/paged-list-body';
import { StateBlock } from '../../../components/state-block';
import { errorMessage, isApiError } from '../../../lib/api-error';
import { pickerLabel, pickerToText, shanghaiToPicker } from '../../../lib/audit-visit-time';
import { useListFailureToast } from '../../../lib/use-list-failure-toast';
import { NO_EXTERNAL_SEARCH, useCheckReport, useExternalCount, useExternalList, type ExternalState } from '../api/external-report';
import { ArrivalSearchBar } from '../components/arrival-search-bar';
import { ExternalReportItem } from '../components/external-report-item';
import styles from './external-record-page.module.css';

const recordText = messages.recordTrack;

/** 011: a wrong sign answers 403 whatever was wrong; the page then shows only that. */
const isInvalidLink = (error: unknown) => isApiError(error) && error.code === 403;

function readLink(params: URLSearchParams): ExternalLink | null {
  const parsed = externalLinkSchema.safeParse({ houseId: params.get('houseId') ?? '', sign: params.get('sign') ?? '' });
  return parsed.success && parsed.data.sign ? parsed.data : null;
}

function InvalidLink() {
  return (
    <Page tone="none">
      <div className={styles.invalid}>
        <StateBlock kind="error" title={recordText.externalLinkInvalid} testId="external-invalid" />
      </div>
    </Page>
  );
}

/**
 * /external/record/list?houseId=&sign= (part 2, section 2.9; live, no login): the listing's
 * reports sent to the developer, 待确认 and 已确认到访, where on-site staff confirm arrivals, searched
 * by name or phone tail and filtered by the expected visit's day (docs/decisions/089).
 */
export function ExternalRecordPage() {
  const [params] = useSearchParams();
  const paramsKey = params.toString();
  const link = useMemo(() => readLink(new URLSearchParams(paramsKey)), [paramsKey]);
  const [state, setState] = useState<ExternalState>('WAITING');
  const [search, setSearch] = useState<ExternalSearch>(NO_EXTERNAL_SEARCH);
  const searching = search.keyword !== '' || search.visitDay !== '';
  const count = useExternalCount(link, search);
  const list = useExternalList(link, state, search, !isInvalidLink(count.error));
  const check = useCheckReport(link);
  const [checkingId, setCheckingId] = useState<number | null>(null);
  const items = usePagedItems(list);
  // An invalid link shows only its page, without a toast on top.
  useListFailureToast(
    { ...list, error: isInvalidLink(list.error) ? null : list.error },
    recordText.listLoadFailed,
    recordText.listLoadException,
  );

  if (!link || isInvalidLink(count.error) || isInvalidLink(list.error)) return <InvalidLink />;

  /**
   * The actual visit time first (default now, from the report's creation to
   * now: the shared arrivalTimeProblem the server applies too), then the confirmation.
   */
  const confirmArrival = async (item: ExternalReport) => {
    const now = new Date();
    const created = parseShanghaiMinute(item.createdAt) ?? now;
    const bounds = arrivalTimeWindow(created, now);
    const picked = await DatePicker.prompt({
      title: recordText.externalVisitTimeTitle,
      precision: 'minute',
      min: shanghaiToPicker(bounds.min),
      max: shanghaiToPicker(bounds.max),
      defaultValue: shanghaiToPicker(now),
      renderLabel: pickerLabel,
      confirmText: messages.common.confirm,
      cancelText: messages.common.cancel,
    });
    if (!picked) return;
    const visitTime = pickerToText(picked);
    const at = parseShanghaiMinute(visitTime);
    if (!at) return;
    const problem = arrivalTimeProblem(at, created, new Date());
    if (problem) {
      Toast.show({ content: problem });
      return;
    }
    const sure = await Dialog.confirm({
      content: (
        <>
          <div>{recordText.externalCheckConfirm(item.customerName)}</div>
          <div data-testid="external-check-time">{recordText.externalCheckAt(visitTime)}</div>
        </>
      ),
      confirmText: messages.common.confirm,
      cancelText: messages.common.cancel,
    });
    if (!sure) return;
    const id = item.id;
    setCheckingId(id);
    try {
      await check.mutateAsync({ id, visitTime });
      Toast.show({ icon: 'success', content: recordText.externalCheckDone });
    } catch (failure) {
      Toast.show({ content: errorMessage(failure, recordText.submitFailed) });
    } finally {
      setCheckingId(null);
    }
  };

  const onRefresh = async () => {
    await Promise.all([count.refetch(), list.refetch()]);
  };

  const counts = count.data;
  const houseName = counts?.houseName ?? list.data?.pages[0]?.houseName ?? '';
  const protectionMode = counts?.protectionMode ?? list.data?.pages[0]?.protectionMode;
  const tabTitle = (label: string, n: number | undefined) => (n === undefined ? label : `${label} (${n})`);

  return (
    <Page title={recordText.externalTitle} back={false}>
      <div className={listPage.bar}>
        <header className={styles.head} data-testid="external-head">
          <h1 className={styles.house}>{houseName || '\u00a0'}</h1>
          {protectionMode && (
            <p className={styles.mode} data-testid="external-protection-mode">
              {protectionModeRule(protectionMode)}
            </p>
          )}
          {counts && (
            <div className={styles.counts}>
              <div>
                <b data-testid="external-count-waiting">{counts.waiting}</b>
                <span>{recordText.externalWaiting}</span>
              </div>
              <div>
                <b data-testid="external-count-checked">{counts.checked}</b>
                <span>{recordText.externalChecked}</span>
              </div>
            </div>
          )}
        </header>
        <Tabs activeKey={state} onChange={(key) => setState(key as ExternalState)} className={styles.tabs} data-testid="external-tabs">
          <Tabs.Tab key="WAITING" title={tabTitle(recordText.externalWaiting, counts?.waiting)} />
          <Tabs.Tab key="CHECKED" title={tabTitle(recordText.externalChecked, counts?.checked)} />
        </Tabs>
        <ArrivalSearchBar search={search} onChange={setSearch} />
      </div>
      <PullToRefresh onRefresh={onRefresh}>
        <div className={listPage.body}>
          <PagedListBody
            query={list}
            items={items}
            itemKey={(item) => item.id}
            renderItem={(item) => (
              <ExternalReportItem
                item={item}
                checking={checkingId === item.id}
                visitFirst={protectionMode === 'VISIT_FIRST'}
                onCheck={state === 'WAITING' ? () => void confirmArrival(item) : undefined}
              />
            )}
            testId="external-list"
            emptyTitle={searching ? recordText.arrivalNoMatch : recordText.externalEmpty}
            emptyTestId="external-empty"
            errorTitle={recordText.listLoadFailed}
            noMoreText={recordText.noMore}
          />
        </div>
      </PullToRefresh>
    </Page>
  );
}
