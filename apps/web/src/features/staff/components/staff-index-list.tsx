import { messages } from '@baobei/shared/messages';
import { isShopManager } from '@baobei/shared/rules/access';
import type { Staff, StaffGroup } from '@baobei/shared/schemas/staff';
import { IndexBar, List, SwipeAction } from 'antd-mobile';
import indexList from '../../../components/index-list.module.css';
import styles from './staff-index-list.module.css';

const staffText = messages.staff;

export interface StaffIndexListProps {
  groups: StaffGroup[];
  onOpen: (staff: Staff) => void;
  onEdit: (staff: Staff) => void;
  onUnbind: (staff: Staff) => void;
}

/**
 * Part 2, section 2.5: grouped by initial with the index bar; each row shows name, phone and
 * shop; swipe for 拨打, 修改信息 and 解绑公司; a tap opens the member's reports.
 */
export function StaffIndexList({ groups, onOpen, onEdit, onUnbind }: StaffIndexListProps) {
  return (
    <IndexBar className={indexList.indexBar} data-testid="staff-list">
      {groups.map((group) => (
        <IndexBar.Panel key={group.anchor} index={group.anchor} title={group.anchor}>
          <List>
            {group.list.map((staff) => (
              <SwipeAction
                key={staff.uid}
                data-testid="staff-swipe"
                rightActions={[
                  {
                    key: 'call',
                    color: 'primary',
                    text: (
                      <a className={indexList.call} href={`tel:${staff.phone}`}>
                        {staffText.call}
                      </a>
                    ),
                  },
                  { key: 'edit', color: 'warning', text: staffText.edit, onClick: () => onEdit(staff) },
                  { key: 'unbind', color: 'danger', text: staffText.unbind, onClick: () => onUnbind(staff) },
                ]}
              >
                <List.Item
                  data-testid="staff-row"
                  data-uid={staff.uid}
                  onClick={() => onOpen(staff)}
                  description={
                    <span className={styles.meta}>
                      <span>{staff.phone}</span>
                      {staff.shopname && <span className={styles.shop}>{staff.shopname}</span>}
                    </span>
                  }
                  extra={
                    isShopManager(staff.distributorStaffType) ? (
                      <span className={styles.count}>{staffText.subordinates(staff.subordinates)}</span>
                    ) : undefined
                  }
                >
                  <span className={indexList.name}>{staff.name}</span>
                </List.Item>
              </SwipeAction>
            ))}
          </List>
        </IndexBar.Panel>
      ))}
    </IndexBar>
  );
}
