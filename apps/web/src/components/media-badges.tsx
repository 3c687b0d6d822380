import { messages } from '@baobei/shared/messages';
import { PlayOutline } from 'antd-mobile-icons';
import styles from './media-badges.module.css';

/** The video (▶) and VR badges laid over a listing's picture (home cards, list items). */
export function MediaBadges({ video, vr, size = 'normal' }: { video: boolean; vr: boolean; size?: 'normal' | 'large' }) {
  if (!video && !vr) return null;
  return (
    <span className={`${styles.badges} ${size === 'large' ? styles.large : ''}`}>
      {video && (
        <span className={styles.badge} data-testid="badge-video" aria-label={messages.houseList.videoBadge}>
          <PlayOutline />
        </span>
      )}
      {vr && (
        <span className={`${styles.badge} ${styles.vr}`} data-testid="badge-vr">
          {messages.houseList.vrBadge}
        </span>
      )}
    </span>
  );
}
