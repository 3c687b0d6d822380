import { messages } from '@baobei/shared/messages';
import { isShopManager } from '@baobei/shared/rules/access';
import { addedStaffType, filterStaffGroups, staffTypeLabel, type StaffDraft } from '@baobei/shared/rules/staff';
import type { RecognizedStaff, Staff } from '@baobei/shared/schemas/staff';
import { Dialog, DotLoading, SearchBar, Toast } from 'antd-mobile';
import { useMemo, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { ActionSheet, Picker } from '../../../components/lazy-overlays';
import { Page } from '../../../components/page';
import { StateBlock } from '../../../components/state-block';
import { errorMessage, isApiError } from '../../../lib/api-error';
import { createIdempotencyKeeper } from '../../../lib/idempotency-key';
import { useElementScrollMemory } from '../../../lib/scroll-memory';
import { useSessionStore } from '../../../lib/session/session-store';
import { useListFailureToast } from '../../../lib/use-list-failure-toast';
import { useAddStaff } from '../api/add-user';
import { useUnbindStaff } from '../api/del-user';
import { useShopOptions } from '../api/get-shop-select-list';
import { useStaffList } from '../api/get-user-list';
import { useUpdateStaff } from '../api/update-user';
import { BatchTextPopup } from '../components/batch-text-popup';
import { StaffFormPopup, EMPTY_STAFF } from '../components/staff-form-popup';
import { StaffIndexList } from '../components/staff-index-list';
import { staffRecordListPath, transferCandidates, unbindPlan } from '../staff-unbind';
import styles from '../../../components/indexed-list-page.module.css';

const staffText = messages.staff;
const commonText = messages.common;

/** The staff batch screen reads the recognised rows from the history entry's state. */
export interface StaffBatchState {
  rows: RecognizedStaff[];
}

type Editing = { kind: 'add' } | { kind: 'edit'; staff: Staff } | null;

/** A dialog with several actions, answering the key pressed (null when closed otherwise). */
function chooseAction(title: string, content: string, actions: { key: string; text: string; danger?: boolean; bold?: boolean }[]) {
  return new Promise<string | null>((resolve) => {
    Dialog.show({
      title,
      content,
      closeOnAction: true,
      actions: actions.map((a) => ({ key: a.key, text: a.text, danger: a.danger, bold: a.bold })),
      onAction: (action) => resolve(String(action.key)),
      onClose: () => resolve(null),
    });
  });
}

const multiline = (text: string) => <div className={styles.confirm}>{text}</div>;

/**
 * /staff/list 员工管理 (part 2, section 2.5; DIANZHANG by the route table): 添加 (one or a
 * batch), local search, the grouped list, swipe to call, edit or unbind; a row opens the
 * member's reports and the list keeps its scroll position for the way back. The list's
 * query is invalidated by every change here and on the batch screen (the refresh flag), so
 * coming back to it fetches again.
 */
export function StaffListPage() {
  const navigate = useNavigate();
  const location = useLocation();
  const userInfo = useSessionStore((s) => s.userInfo);
  const distributorControl = userInfo?.distributorControl === 1;
  const ownShop = userInfo?.shopname ?? '';
  const typeLabel = staffTypeLabel(addedStaffType(distributorControl));

  const list = useStaffList();
  const [keyword, setKeyword] = useState('');
  const [editing, setEditing] = useState<Editing>(null);
  const [batching, setBatching] = useState(false);
  const add = useAddStaff();
  const update = useUpdateStaff();
  const unbind = useUnbindStaff();
  const shops = useShopOptions(distributorControl && editing?.kind === 'edit');
  const keyFor = useRef(createIdempotencyKeeper()).current;

  const allGroups = useMemo(() => list.data ?? [], [list.data]);
  const groups = useMemo(() => filterStaffGroups(allGroups, keyword), [allGroups, keyword]);

  const bodyRef = useRef<HTMLDivElement>(null);
  useElementScrollMemory(location.key, groups.length > 0, bodyRef, '.adm-index-bar-body');
  // Part 2, section 8: toast 获取员工数据失败 (the server's message when it sent one), then the error state.
  useListFailureToast({ errorUpdatedAt: list.errorUpdatedAt, error: list.error, isFetchNextPageError: false }, staffText.loadFailed);

  const openAdd = () => {
    void ActionSheet.show({
      cancelText: commonText.cancel,
      actions: [
        { key: 'one', text: staffText.addOne(typeLabel), onClick: () => setEditing({ kind: 'add' }) },
        { key: 'batch', text: staffText.batchAdd, onClick: () => setBatching(true) },
      ],
      closeOnAction: true,
    });
  };

  const submitAdd = async (draft: StaffDraft) => {
    try {
      const answer = await add.mutateAsync({ input: draft, key: keyFor(draft) });
      void Dialog.alert({ title: staffText.addedTitle, content: answer.msg, confirmText: commonText.confirm });
    } catch (failure) {
      if (!(isApiError(failure) && failure.handled)) {
        const noAnswer = !isApiError(failure) || failure.code === 0;
        void Dialog.alert({
          title: staffText.addFailedTitle,
          content: noAnswer ? staffText.addException : errorMessage(failure, staffText.addFailed),
          confirmText: commonText.confirm,
        });
      }
      throw failure;
    }
  };

  const submitEdit = async (staff: Staff, draft: StaffDraft) => {
    try {
      await update.mutateAsync({ uid: staff.uid, input: draft });
      Toast.show({ icon: 'success', content: staffText.edited });
    } catch (failure) {
      if (!(isApiError(failure) && failure.handled)) {
        void Dialog.alert({ title: staffText.editFailedTitle, content: errorMessage(failure, staffText.editFailed), confirmText: commonText.confirm });
      }
      throw failure;
    }
  };

  const runUnbind = async (staff: Staff, newUid?: number) => {
    try {
      await unbind.mutateAsync({ uid: staff.uid, newUid });
      Toast.show({ icon: 'success', content: staffText.unbound });
    } catch (failure) {
      if (isApiError(failure) && failure.handled) return;
      void Dialog.alert({ title: staffText.unbindFailedTitle, content: errorMessage(failure, staffText.unbindFailed), confirmText: commonText.confirm });
    }
  };

  /** Part 2, sections 4 and 8: 解绑店长 for a manager, 解绑员工 ending 解绑员工后不可恢复 otherwise. */
  const confirmUnbind = async (staff: Staff) => {
    const manager = isShopManager(staff.distributorStaffType);
    if (unbindPlan(staff) === 'confirm') {
      const sure = await Dialog.confirm({
        title: manager ? staffText.unbindManagerTitle : staffText.unbindStaffTitle,
        content: multiline(staffText.unbindStaffContent(staff.name)),
        confirmText: commonText.confirm,
        cancelText: commonText.cancel,
      });
      if (sure) await runUnbind(staff);
      return;
    }
    const choice = await chooseAction(staffText.unbindManagerTitle, staffText.unbindManagerContent(staff.name, staff.subordinates), [
      { key: 'transfer', text: staffText.transfer, bold: true },
      { key: 'all', text: staffText.unbindAll, danger: true },
      { key: 'cancel', text: commonText.cancel },
    ]);
    if (choice === 'transfer') {
      const candidates = transferCandidates(allGroups, staff);
      if (candidates.length === 0) {
        Toast.show({ content: staffText.transferNone });
        return;
      }
      const picked = await Picker.prompt({ columns: [candidates], title: staffText.transferTitle, confirmText: commonText.confirm, cancelText: commonText.cancel });
      const heir = candidates.find((h) => h.value === picked?.[0]);
      if (!heir) return;
      const sure = await Dialog.confirm({
        title: staffText.unbindManagerTitle,
        content: multiline(staffText.transferConfirm(staff.name, staff.subordinates, heir.label)),
        confirmText: commonText.confirm,
        cancelText: commonText.cancel,
      });
      if (sure) await runUnbind(staff, heir.value);
    } else if (choice === 'all') {
      const sure = await Dialog.confirm({
        title: staffText.unbindManagerTitle,
        content: multiline(staffText.unbindAllConfirm(staff.name, staff.subordinates)),
        confirmText: commonText.confirm,
        cancelText: commonText.cancel,
      });
      if (sure) await runUnbind(staff);
    }
  };

  const openBatchList = (rows: RecognizedStaff[]) => {
    setBatching(false);
    void navigate('/staff/batch/list', { state: { rows } satisfies StaffBatchState });
  };

  let body;
  if (list.data) {
    if (groups.length > 0) {
      body = (
        <StaffIndexList
          groups={groups}
          onOpen={(staff) => void navigate(staffRecordListPath(staff))}
          onEdit={(staff) => setEditing({ kind: 'edit', staff })}
          onUnbind={(staff) => void confirmUnbind(staff)}
        />
      );
    } else {
      body = <StateBlock kind="empty" title={keyword.trim() ? staffText.searchEmpty : staffText.empty} testId="staff-empty" />;
    }
  } else if (list.isError) {
    body = <StateBlock kind="error" title={staffText.loadError} onRetry={() => void list.refetch()} testId="staff-error" />;
  } else {
    body = (
      <div className={styles.loading}>
        <DotLoading color="primary" />
      </div>
    );
  }

  const edited = editing?.kind === 'edit' ? editing.staff : null;
  return (
    <Page
      backFallback="/home?active=fky"
      className={styles.page}
      right={
        <button type="button" className={styles.add} onClick={openAdd} data-testid="staff-add">
          {staffText.add}
        </button>
      }
    >
      <div className={styles.search}>
        <SearchBar placeholder={staffText.searchPlaceholder} value={keyword} onChange={setKeyword} data-testid="staff-search" />
      </div>
      <div className={styles.body} ref={bodyRef}>
        {body}
      </div>
      <StaffFormPopup
        visible={editing !== null}
        title={edited ? staffText.editTitle : staffText.addOne(typeLabel)}
        typeLabel={edited ? staffTypeLabel(edited.distributorStaffType) : typeLabel}
        distributorControl={distributorControl}
        ownShop={ownShop}
        initial={edited ? { name: edited.name, shopname: edited.shopname, phone: edited.phone, sex: edited.sex || 1 } : EMPTY_STAFF}
        showType={edited !== null}
        shopOptions={edited ? shops.data : undefined}
        onClose={() => setEditing(null)}
        onSubmit={(draft) => (edited ? submitEdit(edited, draft) : submitAdd(draft))}
      />
      <BatchTextPopup visible={batching} withShop={distributorControl} onClose={() => setBatching(false)} onRecognized={openBatchList} />
    </Page>
  );
}
