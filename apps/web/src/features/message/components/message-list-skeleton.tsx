import { Skeleton } from 'antd-mobile';
import styles from './message-list-skeleton.module.css';

/** The list's first load: a few message shapes where the rows will be. */
export function MessageListSkeleton({ count = 5 }: { count?: number }) {
  return (
    <div aria-busy="true" data-testid="message-list-loading">
      {Array.from({ length: count }, (_, i) => (
        <div key={i} className={styles.item}>
          <Skeleton animated className={styles.title} />
          <Skeleton animated className={styles.line} />
          <Skeleton animated className={styles.short} />
        </div>
      ))}
    </div>
  );
}
