import { messages } from '@baobei/shared/messages';
import type { Customer } from '@baobei/shared/schemas/record';
import { IndexBar, List, SwipeAction } from 'antd-mobile';
import type { CustomerGroup } from '../api/get-customer-list';
import styles from './customer-index-list.module.css';

const m = messages.customerList;

export function sexLabel(sex: number): string {
  if (sex === 1) return m.sexMale;
  if (sex === 2) return m.sexFemale;
  return m.sexUnknown;
}

export interface CustomerIndexListProps {
  groups: CustomerGroup[];
  onRemove: (customer: Customer) => void;
}

/** Part 2, section 2, item 4: grouped by initial with the index bar; swipe for 拨打 and 删除. */
export function CustomerIndexList({ groups, onRemove }: CustomerIndexListProps) {
  return (
    <IndexBar className={styles.indexBar} data-testid="customer-list">
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
                      <a className={styles.call} href={`tel:${customer.phone}`}>
                        {m.call}
                      </a>
                    ),
                  },
                  { key: 'remove', color: 'danger', text: m.remove, onClick: () => onRemove(customer) },
                ]}
              >
                <List.Item data-testid="customer-row" description={customer.phone}>
                  <span className={styles.name}>{customer.name}</span>
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
