import { SearchBar } from 'antd-mobile';
import type { ReactNode } from 'react';
import { Page } from '../../../components/page';
import { QueryStates } from '../../../components/query-states';
import { StateBlock } from '../../../components/state-block';
import type { Grouped } from '../model/select-logic';
import { GroupedIndexList } from './grouped-index-list';
import styles from './select.module.css';

export interface SelectScreenProps {
  /** Back to the report form. */
  onBack: () => void;
  right?: ReactNode;
  footer?: ReactNode;
  /** The bar's search field. */
  search: ReactNode;
  /** Beside the search field (the area picker). */
  searchAside?: ReactNode;
  /** `scroll`: a plain list scrolling in the body; `index`: an index bar that scrolls itself. */
  list: 'scroll' | 'index';
  children: ReactNode;
  /** Popups of the screen (the add-customer form, the area picker). */
  popups?: ReactNode;
}

/**
 * A selection screen of the report form (/house/record/select/house, /customer, /staff):
 * exactly the viewport, the search bar on top, the list scrolling under it, and the footer
 * in view.
 */
export function SelectScreen({ onBack, right, footer, search, searchAside, list, children, popups }: SelectScreenProps) {
  return (
    <Page className={styles.page} onBack={onBack} right={right} footer={footer}>
      <div className={styles.bar}>
        <div className={styles.search}>{search}</div>
        {searchAside}
      </div>
      <div className={list === 'scroll' ? styles.scroll : styles.fill}>{children}</div>
      {popups}
    </Page>
  );
}

/** The people pickers' search (customers, viewing staff): by name or phone, on every keystroke. */
export function PeopleSearchBar(props: { keyword: string; onKeyword: (keyword: string) => void; placeholder: string; testId: string }) {
  return <SearchBar value={props.keyword} placeholder={props.placeholder} maxLength={30} onChange={props.onKeyword} data-testid={props.testId} />;
}

export interface SelectGroupsProps<T> {
  query: { data: unknown; isError: boolean; refetch: () => unknown };
  /** The groups to show (non-empty ones, filtered by the search). */
  groups: Grouped<T>[];
  itemKey: (item: T) => string | number;
  renderItem: (item: T) => ReactNode;
  /** Test ids: `${testId}-list`, `${testId}-empty` and `${testId}-error`. */
  testId: string;
  emptyTitle: string;
  errorTitle: string;
}

/** The grouped list of people to pick (customers, viewing staff), or its loading, error or empty state. */
export function SelectGroups<T>({ query, groups, itemKey, renderItem, testId, emptyTitle, errorTitle }: SelectGroupsProps<T>) {
  return (
    <QueryStates
      query={query}
      isEmpty={groups.length === 0}
      empty={<StateBlock kind="empty" title={emptyTitle} testId={`${testId}-empty`} />}
      errorTitle={errorTitle}
      testId={testId}
    >
      <GroupedIndexList groups={groups} itemKey={itemKey} testId={`${testId}-list`} renderItem={renderItem} />
    </QueryStates>
  );
}
