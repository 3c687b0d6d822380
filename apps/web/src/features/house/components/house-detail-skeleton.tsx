import { Skeleton } from 'antd-mobile';
import styles from './house-detail-skeleton.module.css';

/** The detail's shape while it loads. */
export function HouseDetailSkeleton() {
  return (
    <div className={styles.skeleton} aria-busy="true" data-testid="house-skeleton">
      <Skeleton animated className={styles.picture} />
      <div className={styles.body}>
        <Skeleton.Title animated />
        <Skeleton.Paragraph lineCount={3} animated />
        <Skeleton animated className={styles.tabs} />
        <Skeleton.Paragraph lineCount={6} animated />
      </div>
    </div>
  );
}
