import { Skeleton } from 'antd-mobile';
import listCard from '../../../components/list-card.module.css';
import styles from './house-list-skeleton.module.css';

/** The list's loading state: a few item shapes. */
export function HouseListSkeleton({ count = 4 }: { count?: number }) {
  return (
    <div aria-busy="true" data-testid="house-list-loading">
      {Array.from({ length: count }, (_, i) => (
        <div key={i} className={`${listCard.card} ${styles.item}`}>
          <Skeleton animated className={styles.thumb} />
          <div className={styles.lines}>
            <Skeleton animated className={styles.title} />
            <Skeleton animated className={styles.line} />
            <Skeleton animated className={styles.short} />
          </div>
        </div>
      ))}
    </div>
  );
}
