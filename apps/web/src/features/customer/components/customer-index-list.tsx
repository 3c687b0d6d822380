import { messages } from '@baobei/shared/messages';
import type { Customer } from '@baobei/shared/schemas/record';
import { IndexBar, List, SwipeAction } from 'antd-mobile';
import indexList from '../../../components/index-list.module.css';
import styles from './customer-index-list.module.css';

const customerListText = messages.customerList;

export function sexLabel(sex: number): string {
  if (sex === 1) return customerListText.sexMale;
  if (sex === 2) return customerListText.sexFemale;
  return customerListText.sexUnknown;
}

/** What a row shows: the user's own customers, or 公司客户 with the owner's name. */
export type ListedCustomer = Pick<Customer, 'id' | 'name' | 'sex' | 'phone'> & { ownerName?: string };

export interface CustomerIndexListProps<C extends ListedCustomer> {
  groups: { anchor: string; list: C[] }[];
  /** Without it the list is read-only (公司客户): the swipe offers only 拨打. */
  onRemove?: (customer: C) => void;
  /** A tap opens the customer's page (docs/decisions/088). */
  onOpen: (customer: C) => void;
}

/** Part 2, section 2, item 4: grouped by initial with the index bar; swipe for 拨打 and 删除; a tap opens the customer. */
export function CustomerIndexList<C extends ListedCustomer>({ groups, onRemove, onOpen }: CustomerIndexListProps<C>) {
  return (
    <IndexBar className={indexList.indexBar} data-testid="customer-list">
      {groups.map((group) => (
        <IndexBar.Panel key={group.anchor} index={group.anchor} title={group.anchor}>
          <List>
            {group.list.map((customer) => (
              <SwipeAction
                key={customer.id}
                rightActions={[
                  {
                    key: 'call',
                    color: 'primary',
                    text: (
                      <a className={indexList.call} href={`tel:${customer.phone}`}>
                        {customerListText.call}
                      </a>
                    ),
                  },
                  ...(onRemove ? [{ key: 'remove', color: 'danger' as const, text: customerListText.remove, onClick: () => onRemove(customer) }] : []),
                ]}
              >
                <List.Item
                  onClick={() => onOpen(customer)}
                  data-testid="customer-row"
                  description={customer.phone}
                  extra={
                    customer.ownerName === undefined ? undefined : (
                      <span className={styles.owner} data-testid="customer-owner">
                        {customerListText.owner(customer.ownerName)}
                      </span>
                    )
                  }
                >
                  <span className={indexList.name}>{customer.name}</span>
                  <span className={styles.sex}>{sexLabel(customer.sex)}</span>
                </List.Item>
              </SwipeAction>
            ))}
          </List>
        </IndexBar.Panel>
      ))}
    </IndexBar>
  );
}
