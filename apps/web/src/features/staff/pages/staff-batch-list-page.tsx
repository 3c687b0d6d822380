import { messages } from '@baobei/shared/messages';
import { addedStaffType, staffTypeLabel, type StaffDraft } from '@baobei/shared/rules/staff';
import { Button, Dialog, List, SwipeAction, Toast } from 'antd-mobile';
import { useMemo, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { Page } from '../../../components/page';
import { StateBlock } from '../../../components/state-block';
import { errorMessage, isApiError } from '../../../lib/api-error';
import { createIdempotencyKeeper } from '../../../lib/idempotency-key';
import { useSessionStore } from '../../../lib/session/session-store';
import { useBatchAddStaff } from '../api/batch-add-user';
import { planBatch, rowsFromState, type BatchRow } from '../batch-rows';
import { StaffFormPopup } from '../components/staff-form-popup';
import styles from './staff-batch-list-page.module.css';

const staffText = messages.staff;
const commonText = messages.common;

/**
 * /staff/batch/list (part 2, section 2.6): the recognised rows passed in the history entry's
 * state, each with the first rule it fails; a tap edits a row, a swipe removes it. 确认添加
 * sends the valid rows not yet sent in one batch-add-user (the button counts them); each row
 * then says 已添加 or why it was refused, and a refused one is sent again only once edited.
 */
export function StaffBatchListPage() {
  const location = useLocation();
  const navigate = useNavigate();
  const userInfo = useSessionStore((s) => s.userInfo);
  const distributorControl = userInfo?.distributorControl === 1;
  const typeLabel = staffTypeLabel(addedStaffType(distributorControl));
  const [rows, setRows] = useState<BatchRow[]>(() => rowsFromState(location.state));
  const [editing, setEditing] = useState<number | null>(null);
  const batch = useBatchAddStaff();
  const keyFor = useRef(createIdempotencyKeeper()).current;

  // Only valid rows not yet added nor refused are sent and counted.
  const plan = useMemo(() => planBatch(rows, { distributorControl }), [rows, distributorControl]);
  const pending = plan.sendable;
  const sentSome = plan.refused > 0 || rows.some((r) => r.added);

  const backToList = () => void navigate('/staff/list', { replace: true });

  const submit = async () => {
    if (pending.length === 0) {
      Toast.show({ content: staffText.batchNothing });
      return;
    }
    const list = pending.map((r) => r.draft);
    try {
      const answer = await batch.mutateAsync({ list, key: keyFor(list) });
      setRows((current) => {
        const results = new Map(pending.map((r, i) => [r.id, answer.data.list[i]]));
        return current.map((r) => {
          const result = results.get(r.id);
          return result ? { ...r, added: result.added, reason: result.reason } : r;
        });
      });
      Toast.show({ content: answer.msg });
    } catch (failure) {
      if (isApiError(failure) && failure.handled) return;
      const noAnswer = !isApiError(failure) || failure.code === 0;
      void Dialog.alert({
        title: staffText.addFailedTitle,
        content: noAnswer ? staffText.addException : errorMessage(failure, staffText.addFailed),
        confirmText: commonText.confirm,
      });
    }
  };

  const saveRow = (id: number, draft: StaffDraft) => {
    setRows((current) => current.map((r) => (r.id === id ? { ...r, draft, reason: '' } : r)));
    return Promise.resolve();
  };

  const editingRow = rows.find((r) => r.id === editing) ?? null;
  const footer =
    rows.length === 0 ? null : (
      <div className={styles.footer}>
        {pending.length > 0 || !sentSome ? (
          <Button
            block
            color="primary"
            loading={batch.isPending}
            disabled={pending.length === 0}
            onClick={() => void submit()}
            data-testid="staff-batch-submit"
          >
            {staffText.batchSubmit(pending.length)}
          </Button>
        ) : (
          <Button block color="primary" onClick={backToList} data-testid="staff-batch-done">
            {staffText.batchDone}
          </Button>
        )}
      </div>
    );

  return (
    <Page backFallback="/staff/list" className={styles.page} footer={footer}>
      {rows.length === 0 ? (
        <StateBlock
          kind="empty"
          title={staffText.batchEmpty}
          testId="staff-batch-empty"
          action={
            <Button size="small" color="primary" fill="outline" onClick={backToList}>
              {staffText.batchBack}
            </Button>
          }
        />
      ) : (
        <>
          <p className={styles.hint}>{staffText.batchHint}</p>
          <List data-testid="staff-batch-list">
            {rows.map((row, i) => {
              const problem = row.added ? '' : plan.problems.get(row.id) || '';
              const item = (
                <List.Item
                  data-testid="staff-batch-row"
                  data-state={row.added ? 'added' : problem ? 'refused' : 'ready'}
                  onClick={row.added ? undefined : () => setEditing(row.id)}
                  arrow={!row.added}
                  prefix={<span className={styles.index}>{i + 1}</span>}
                  description={
                    <span className={styles.meta}>
                      <span>{row.draft.phone || '—'}</span>
                      <span>{row.draft.sex === 2 ? staffText.female : staffText.male}</span>
                      {distributorControl && <span>{row.draft.shopname || '—'}</span>}
                    </span>
                  }
                  extra={
                    row.added ? (
                      <span className={styles.added}>{staffText.batchRowAdded}</span>
                    ) : problem ? (
                      <span className={styles.problem} data-testid="staff-batch-reason">
                        {problem}
                      </span>
                    ) : undefined
                  }
                >
                  {row.draft.name || '—'}
                </List.Item>
              );
              return row.added ? (
                <div key={row.id}>{item}</div>
              ) : (
                <SwipeAction
                  key={row.id}
                  rightActions={[
                    {
                      key: 'remove',
                      color: 'danger',
                      text: staffText.batchRowRemove,
                      onClick: () => setRows((current) => current.filter((r) => r.id !== row.id)),
                    },
                  ]}
                >
                  {item}
                </SwipeAction>
              );
            })}
          </List>
        </>
      )}
      <StaffFormPopup
        visible={editingRow !== null}
        title={staffText.batchEditTitle}
        typeLabel={typeLabel}
        distributorControl={distributorControl}
        ownShop={userInfo?.shopname ?? ''}
        initial={editingRow?.draft ?? { name: '', shopname: '', phone: '', sex: 1 }}
        onClose={() => setEditing(null)}
        onSubmit={(draft) => (editingRow ? saveRow(editingRow.id, draft) : Promise.resolve())}
        testId="staff-batch-form"
      />
    </Page>
  );
}
