import { messages } from '@baobei/shared/messages';
import type { AddFollowUpInput, CustomerDetail, CustomerIntentInput } from '@baobei/shared/schemas/customer-page';
import type { CustomerInput } from '@baobei/shared/schemas/record';
import { Dialog, DotLoading, Toast } from 'antd-mobile';
import { useMemo, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { lazyWhenOpen } from '../../../components/lazy-when-open';
import { Page } from '../../../components/page';
import { StateBlock } from '../../../components/state-block';
import { useCustomerList } from '../../../api/customer-list';
import { errorMessage, isApiError } from '../../../lib/api-error';
import { useAddCustomerFollowUp, useEditCustomer, useSetCustomerIntent } from '../api/customer-page-writes';
import { useCustomerDetail } from '../api/get-customer-detail';
import { useMoreFollowUps } from '../api/get-customer-follow-ups';
import { CustomerHeadCard } from '../components/customer-head-card';
import { CustomerIntentCard } from '../components/customer-intent-card';
import { CustomerReportsCard } from '../components/customer-reports-card';
import { FollowUpCard } from '../components/follow-up-card';
import styles from '../components/customer-page.module.css';

const pageText = messages.customerPage;

// The owner's forms load when first opened (decision 033), keeping the page's first load small.
const AddCustomerPopup = lazyWhenOpen(() => import('../../../components/add-customer-popup').then((m) => m.AddCustomerPopup));
const IntentFormPopup = lazyWhenOpen(() => import('../components/intent-form-popup').then((m) => m.IntentFormPopup));
const FollowUpFormPopup = lazyWhenOpen(() => import('../components/follow-up-form-popup').then((m) => m.FollowUpFormPopup));
const BACK = '/customer/list';

function positiveInt(raw: string | undefined): number {
  const value = Number(raw);
  return Number.isInteger(value) && value > 0 ? value : 0;
}

/** A refused write: the server's message in a dialog (a network failure already showed its own). */
function showWriteFailure(failure: unknown): void {
  if (isApiError(failure) && failure.handled) return;
  void Dialog.alert({ title: pageText.saveFailedTitle, content: errorMessage(failure, messages.common.requestException), confirmText: messages.common.confirm });
}

/**
 * `/customer/:id` (issue 32, item 1; docs/decisions/088): the customer, its 意向, 跟进记录 and
 * 报备记录. The owner edits; a shop manager or general account reads their staff's customers
 * (opened from 公司客户). Anyone else is answered 404 by the server, shown as its message.
 */
export function CustomerDetailPage() {
  const id = positiveInt(useParams().id);
  const detail = useCustomerDetail(id);
  if (detail.data) return <CustomerDetailView detail={detail.data} />;
  const gone = id === 0 || (isApiError(detail.error) && (detail.error.code === 404 || detail.error.code === 403));
  return (
    <Page backFallback={BACK}>
      {gone ? (
        <StateBlock kind="error" title={isApiError(detail.error) ? detail.error.msg : messages.recordServer.customerNotFound} testId="customer-detail-error" />
      ) : detail.isError ? (
        <StateBlock kind="error" title={pageText.loadError} onRetry={() => void detail.refetch()} testId="customer-detail-error" />
      ) : (
        <div className={styles.loading}>
          <DotLoading color="primary" />
        </div>
      )}
    </Page>
  );
}

function CustomerDetailView({ detail }: { detail: CustomerDetail }) {
  const navigate = useNavigate();
  const id = detail.customer.id;
  const [editing, setEditing] = useState(false);
  const [intentOpen, setIntentOpen] = useState(false);
  const [followUpOpen, setFollowUpOpen] = useState(false);
  const [wantMore, setWantMore] = useState(false);

  const edit = useEditCustomer(id);
  const setIntent = useSetCustomerIntent(id);
  const addFollowUp = useAddCustomerFollowUp(id);
  const more = useMoreFollowUps(id, wantMore);
  // The add dialog's duplicate rule: the owner's other customers' phones (their cached list).
  const own = useCustomerList('', detail.canEdit);
  const otherPhones = useMemo(
    () => (own.data ?? []).flatMap((g) => g.list).filter((c) => c.id !== id).map((c) => c.phone),
    [own.data, id],
  );

  const followUps = [...detail.followUps.list, ...(wantMore ? (more.data?.pages.flatMap((p) => p.list) ?? []) : [])];
  const hasMore = followUps.length < detail.followUps.total;
  const loadMore = () => {
    if (!wantMore) setWantMore(true);
    else if (more.isError) void more.refetch();
    else void more.fetchNextPage();
  };

  const write = async (run: () => Promise<unknown>, done: string) => {
    try {
      await run();
      Toast.show({ content: done });
    } catch (failure) {
      showWriteFailure(failure);
      throw failure;
    }
  };
  const submitEdit = (input: CustomerInput) => write(() => edit.mutateAsync({ id, ...input }), pageText.edited);
  const submitIntent = (input: Omit<CustomerIntentInput, 'id'>) => write(() => setIntent.mutateAsync({ id, ...input }), pageText.intentSaved);
  const submitFollowUp = async (input: Omit<AddFollowUpInput, 'id'>) => {
    await write(() => addFollowUp.mutateAsync({ id, ...input }), pageText.followUpAdded);
    // The later pages start again from the new first page.
    setWantMore(false);
  };

  return (
    <Page
      backFallback={BACK}
      className={styles.page}
      right={
        detail.canEdit ? (
          <button type="button" className={styles.link} onClick={() => setEditing(true)} data-testid="customer-edit">
            {pageText.edit}
          </button>
        ) : undefined
      }
    >
      <CustomerHeadCard detail={detail} />
      <CustomerIntentCard intent={detail.intent} onEdit={detail.canEdit ? () => setIntentOpen(true) : undefined} />
      <FollowUpCard
        followUps={followUps}
        total={detail.followUps.total}
        onAdd={detail.canEdit ? () => setFollowUpOpen(true) : undefined}
        onMore={hasMore ? loadMore : undefined}
        loadingMore={more.isFetching}
        moreFailed={more.isError}
      />
      <CustomerReportsCard reports={detail.reports} onOpen={(reportId) => void navigate(`/record/detail/${reportId}`)} />
      {detail.canEdit && (
        <>
          <AddCustomerPopup
            visible={editing}
            onClose={() => setEditing(false)}
            existingPhones={otherPhones}
            // As the server's add and edit: a hidden number stays acceptable; each report checks its listing's rule.
            maskedAllowed
            initial={detail.customer}
            onSubmit={submitEdit}
          />
          <IntentFormPopup visible={intentOpen} intent={detail.intent} onClose={() => setIntentOpen(false)} onSubmit={submitIntent} />
          <FollowUpFormPopup visible={followUpOpen} onClose={() => setFollowUpOpen(false)} onSubmit={submitFollowUp} />
        </>
      )}
    </Page>
  );
}
