import { IndexBar, List } from 'antd-mobile';
import type { ReactNode } from 'react';
import type { Grouped } from '../model/select-logic';
import styles from './select.module.css';

export interface GroupedIndexListProps<T> {
  groups: Grouped<T>[];
  itemKey: (item: T) => string | number;
  renderItem: (item: T) => ReactNode;
  testId?: string;
}

/** A list grouped by the server's anchors (A-Z, '#') with the side index bar. */
export function GroupedIndexList<T>({ groups, itemKey, renderItem, testId }: GroupedIndexListProps<T>) {
  return (
    <IndexBar className={styles.indexBar} data-testid={testId}>
      {groups.map((group) => (
        <IndexBar.Panel key={group.anchor} index={group.anchor} title={group.anchor}>
          <List>
            {group.list.map((item) => (
              <List.Item key={itemKey(item)} arrow={false} className={styles.row}>
                {renderItem(item)}
              </List.Item>
            ))}
          </List>
        </IndexBar.Panel>
      ))}
    </IndexBar>
  );
}
