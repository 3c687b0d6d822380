import { messages } from '@baobei/shared/messages';
import type { Customer, CustomerInput } from '@baobei/shared/schemas/record';
import { Dialog, SearchBar, Toast } from 'antd-mobile';
import { useMemo, useState } from 'react';
import { AddCustomerPopup } from '../../../components/add-customer-popup';
import { Page } from '../../../components/page';
import { errorMessage, isApiError } from '../../../lib/api-error';
import { useGoBack } from '../../../lib/use-go-back';
import { useLocation, useNavigate } from 'react-router';
import { createIdempotencyKeeper } from '../../../lib/idempotency-key';
import { flushOutboxSoon } from '../../../lib/outbox/outbox-send';
import { addToOutbox } from '../../../lib/outbox/outbox-store';
import { useAddCustomer } from '../../../api/add-customer';
import { useCustomerList } from '../../../api/customer-list';
import { useRemoveCustomer } from '../api/remove-customer';
import { CustomerListBody } from '../components/customer-list-body';
import { useLoadFailedDialog } from '../hooks/use-load-failed-dialog';
import styles from '../../../components/indexed-list-page.module.css';

const customerListText = messages.customerList;

/**
 * /customer/list 客户管理 (part 2, section 2, item 4; DIANZHANG or YUEWUYUAN by the route
 * table): search on every input, grouped by initial, swipe to call or delete, add.
 */
export function CustomerListPage() {
  const goBack = useGoBack('/home?active=fky');
  const navigate = useNavigate();
  const [keyword, setKeyword] = useState('');
  // 修改后重新提交 of a refused outbox item opens the add dialog filled in (docs/decisions/094).
  const location = useLocation();
  const [reopened, setReopened] = useState(() => (location.state as { addCustomer?: CustomerInput } | null)?.addCustomer ?? null);
  const [adding, setAdding] = useState(reopened !== null);
  const [keyOf] = useState(() => createIdempotencyKeeper());
  const list = useCustomerList(keyword.trim());
  const remove = useRemoveCustomer();
  const add = useAddCustomer();

  const groups = useMemo(() => (list.data ?? []).filter((g) => g.list.length > 0), [list.data]);
  const phones = useMemo(() => groups.flatMap((g) => g.list.map((c) => c.phone)), [groups]);

  // Part 2, section 8: '获取数据失败' with the server's message and 重试; the error state stays.
  useLoadFailedDialog(list, goBack);

  const confirmRemove = async (customer: Customer) => {
    const sure = await Dialog.confirm({
      content: <div className={styles.confirm}>{customerListText.removeConfirm(customer.name)}</div>,
      confirmText: messages.common.confirm,
      cancelText: messages.common.cancel,
    });
    if (!sure) return;
    try {
      await remove.mutateAsync(customer.id);
      Toast.show({ content: messages.recordServer.customerRemoved });
    } catch (failure) {
      if (isApiError(failure) && failure.handled) return;
      const noAnswer = !isApiError(failure) || failure.code === 0;
      void Dialog.alert({
        title: customerListText.removeFailedTitle,
        content: noAnswer ? customerListText.removeException : errorMessage(failure, customerListText.removeFailed),
        confirmText: messages.common.confirm,
      });
    }
  };

  const submitNew = async (input: CustomerInput) => {
    const key = keyOf(input);
    try {
      await add.mutateAsync({ input, key, quiet: true });
      Toast.show({ content: messages.recordServer.customerAdded });
    } catch (failure) {
      // No answer at all: kept in the outbox with this key, sent when the network returns.
      if (isApiError(failure) && failure.code === 0 && (await addToOutbox({ kind: 'customer', key, input }))) {
        flushOutboxSoon();
        void Dialog.alert({ title: messages.outbox.savedTitle, content: messages.outbox.saved(messages.outbox.kind.customer), confirmText: messages.common.confirm });
        return;
      }
      if (!(isApiError(failure) && failure.handled)) {
        void Dialog.alert({
          title: messages.record.submitFailedTitle,
          content: errorMessage(failure, messages.record.submitFailed),
          confirmText: messages.common.confirm,
        });
      }
      throw failure;
    }
  };

  return (
    <Page
      backFallback="/home?active=fky"
      className={styles.page}
      right={
        <button type="button" className={styles.add} onClick={() => setAdding(true)} data-testid="customer-add">
          {customerListText.add}
        </button>
      }
    >
      <div className={styles.search}>
        <SearchBar
          placeholder={customerListText.searchPlaceholder}
          value={keyword}
          onChange={setKeyword}
          data-testid="customer-search"
        />
      </div>
      <div className={styles.body}>
        <CustomerListBody list={list} keyword={keyword} onRemove={(c) => void confirmRemove(c)} onOpen={(c) => void navigate(`/customer/${c.id}`)} />
      </div>
      <AddCustomerPopup
        visible={adding}
        onClose={() => {
          setAdding(false);
          setReopened(null);
        }}
        existingPhones={phones}
        maskedAllowed={false}
        onSubmit={submitNew}
        initial={reopened}
      />
    </Page>
  );
}
