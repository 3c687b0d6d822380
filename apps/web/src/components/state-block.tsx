import { ErrorBlock } from './error-block';
import type { ReactNode } from 'react';
import styles from './state-block.module.css';

export interface StateBlockProps {
  kind: 'empty' | 'error';
  title: ReactNode;
  description?: ReactNode;
  /** Error states: the whole block retries on tap (part 1, section 8: "tap to retry"). */
  onRetry?: () => void;
  /** A button or link under the text (e.g. "clear the filters"). */
  action?: ReactNode;
  testId?: string;
}

/** The empty and error state of a list or a page section. */
export function StateBlock({ kind, title, description, onRetry, action, testId }: StateBlockProps) {
  const block = (
    <ErrorBlock
      className={styles.block}
      status={kind === 'empty' ? 'empty' : 'disconnected'}
      title={title}
      description={description ?? ''}
    >
      {action}
    </ErrorBlock>
  );
  if (!onRetry) {
    return (
      <div className={styles.wrap} data-testid={testId}>
        {block}
      </div>
    );
  }
  return (
    <div
      className={`${styles.wrap} ${styles.retry}`}
      role="button"
      tabIndex={0}
      onClick={onRetry}
      onKeyDown={(event) => {
        if (event.key === 'Enter' || event.key === ' ') onRetry();
      }}
      data-testid={testId}
    >
      {block}
    </div>
  );
}
