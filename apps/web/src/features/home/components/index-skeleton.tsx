import { Skeleton } from 'antd-mobile';
import styles from './index-skeleton.module.css';

/** The index's loading state: the shapes of banner, grid and one column. */
export function IndexSkeleton() {
  return (
    <div className={styles.wrap} aria-busy="true" data-testid="home-loading">
      <Skeleton animated className={styles.banner} />
      <div className={styles.card}>
        <div className={styles.grid}>
          {Array.from({ length: 8 }, (_, i) => (
            <div key={i} className={styles.nav}>
              <Skeleton animated className={styles.icon} />
              <Skeleton animated className={styles.label} />
            </div>
          ))}
        </div>
      </div>
      <div className={styles.card}>
        <Skeleton.Title animated />
        <div className={styles.cards}>
          {Array.from({ length: 3 }, (_, i) => (
            <Skeleton key={i} animated className={styles.project} />
          ))}
        </div>
      </div>
    </div>
  );
}
