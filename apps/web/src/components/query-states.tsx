import { DotLoading } from 'antd-mobile';
import type { ReactNode } from 'react';
import styles from './query-states.module.css';
import { StateBlock } from './state-block';

export interface QueryStatesProps {
  query: { data: unknown; isError: boolean; refetch: () => unknown };
  /** The answer arrived and holds nothing. */
  isEmpty: boolean;
  /** What an empty answer shows (its texts differ per page). */
  empty: ReactNode;
  /** The error state's text; tapping it retries (part 1, section 8). */
  errorTitle: string;
  /** The error state's test id is `${testId}-error`. */
  testId: string;
  children: ReactNode;
}

/** Every list page's four states: loading, error with tap-to-retry, empty, and the list. */
export function QueryStates({ query, isEmpty, empty, errorTitle, testId, children }: QueryStatesProps) {
  if (query.data) return <>{isEmpty ? empty : children}</>;
  if (query.isError) {
    return <StateBlock kind="error" title={errorTitle} onRetry={() => void query.refetch()} testId={`${testId}-error`} />;
  }
  return (
    <div className={styles.loading}>
      <DotLoading color="primary" />
    </div>
  );
}
