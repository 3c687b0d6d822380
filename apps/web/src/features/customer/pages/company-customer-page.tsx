import { messages } from '@baobei/shared/messages';
import { SearchBar } from 'antd-mobile';
import { useState } from 'react';
import { Page } from '../../../components/page';
import { useGoBack } from '../../../lib/use-go-back';
import { useNavigate } from 'react-router';
import { useCompanyCustomerList } from '../api/get-company-customer-list';
import { CustomerListBody } from '../components/customer-list-body';
import { useLoadFailedDialog } from '../hooks/use-load-failed-dialog';
import styles from '../../../components/indexed-list-page.module.css';

const customerListText = messages.customerList;

/**
 * /customer/company 公司客户 (docs/decisions/024; DIANZHANG by the route
 * table): the customers of the shop manager's brokers, or of the general account's whole
 * distributor, grouped and searched like 客户管理, each with its broker's name. Read-only:
 * no 添加 and no 删除; the swipe keeps 拨打; a tap opens the customer's page read-only (docs/decisions/088).
 */
export function CompanyCustomerPage() {
  const goBack = useGoBack('/home?active=fky');
  const navigate = useNavigate();
  const [keyword, setKeyword] = useState('');
  const list = useCompanyCustomerList(keyword.trim());
  useLoadFailedDialog(list, goBack);

  return (
    <Page backFallback="/home?active=fky" className={styles.page}>
      <div className={styles.search}>
        <SearchBar placeholder={customerListText.searchPlaceholder} value={keyword} onChange={setKeyword} data-testid="customer-search" />
      </div>
      <div className={styles.body}>
        <CustomerListBody list={list} keyword={keyword} onOpen={(c) => void navigate(`/customer/${c.id}`)} />
      </div>
    </Page>
  );
}
