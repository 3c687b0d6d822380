import { messages } from '@baobei/shared/messages';
import type { Customer, CustomerInput } from '@baobei/shared/schemas/record';
import { Dialog, SearchBar, Toast } from 'antd-mobile';
import { useMemo, useState } from 'react';
import { AddCustomerPopup } from '../../../components/add-customer-popup';
import { Page } from '../../../components/page';
import { errorMessage, isApiError } from '../../../lib/api-error';
import { useGoBack } from '../../../lib/use-go-back';
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
  const [keyword, setKeyword] = useState('');
  const [adding, setAdding] = useState(false);
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
    try {
      await add.mutateAsync(input);
      Toast.show({ content: messages.recordServer.customerAdded });
    } catch (failure) {
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
        <CustomerListBody list={list} keyword={keyword} onRemove={(c) => void confirmRemove(c)} />
      </div>
      <AddCustomerPopup
        visible={adding}
        onClose={() => setAdding(false)}
        existingPhones={phones}
        maskedAllowed={false}
        onSubmit={submitNew}
      />
    </Page>
  );
}
