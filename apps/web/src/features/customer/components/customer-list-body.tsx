import { messages } from '@baobei/shared/messages';
import { DotLoading } from 'antd-mobile';
import { StateBlock } from '../../../components/state-block';
import styles from '../../../components/indexed-list-page.module.css';
import { CustomerIndexList, type ListedCustomer } from './customer-index-list';

const customerListText = messages.customerList;

export interface CustomerListBodyProps<C extends ListedCustomer> {
  /** The list query: its groups once loaded, its error, and a way to fetch again. */
  list: { data: { anchor: string; list: C[] }[] | undefined; isError: boolean; refetch: () => unknown };
  /** The search text: an empty result says 没有对应客户信息 while searching, 没有客户信息 otherwise. */
  keyword: string;
  /** Without it the list is read-only (公司客户). */
  onRemove?: (customer: C) => void;
  /** A tap on a customer opens its page. */
  onOpen: (customer: C) => void;
}

/**
 * The body of 客户管理 and 公司客户 (part 2, section 2, item 4): the grouped list, or its
 * empty, error (tap to retry) or loading state.
 */
export function CustomerListBody<C extends ListedCustomer>({ list, keyword, onRemove, onOpen }: CustomerListBodyProps<C>) {
  const groups = (list.data ?? []).filter((group) => group.list.length > 0);
  const retry = () => void list.refetch();
  if (list.data) {
    if (groups.length > 0) return <CustomerIndexList groups={groups} onRemove={onRemove} onOpen={onOpen} />;
    const title = keyword.trim() !== '' ? customerListText.searchEmpty : customerListText.empty;
    return <StateBlock kind="empty" title={title} onRetry={retry} testId="customer-empty" />;
  }
  if (list.isError) return <StateBlock kind="error" title={customerListText.loadError} onRetry={retry} testId="customer-error" />;
  return (
    <div className={styles.loading}>
      <DotLoading color="primary" />
    </div>
  );
}
