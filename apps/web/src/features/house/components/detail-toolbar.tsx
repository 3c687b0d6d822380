import { messages } from '@baobei/shared/messages';
import type { HouseDetail } from '@baobei/shared/schemas/house';
import { Avatar, Button } from 'antd-mobile';
import { PhoneFill, PhonebookOutline, SendOutline, StarFill, StarOutline } from 'antd-mobile-icons';
import styles from './detail-toolbar.module.css';

const detailText = messages.houseDetail;

/**
 * Bottom toolbar of a normal detail page: favourite toggle, consult, 报备客户. Without `onReport`
 * (a signed-in role that cannot report: the channel roles and the auditors) no 报备客户 is offered.
 */
export function DetailToolbar({
  isFavorite,
  favoritePending,
  onToggleFavorite,
  onConsult,
  onReport,
}: {
  isFavorite: boolean;
  favoritePending: boolean;
  onToggleFavorite: () => void;
  onConsult: () => void;
  onReport?: () => void;
}) {
  return (
    <div className={styles.toolbar} data-testid="house-toolbar">
      <button
        type="button"
        className={isFavorite ? `${styles.iconButton} ${styles.favorited}` : styles.iconButton}
        onClick={onToggleFavorite}
        disabled={favoritePending}
        aria-pressed={isFavorite}
        data-testid="house-favorite"
      >
        {isFavorite ? <StarFill className={styles.icon} /> : <StarOutline className={styles.icon} />}
        <span>{isFavorite ? detailText.favorited : detailText.favorite}</span>
      </button>
      <button type="button" className={styles.iconButton} onClick={onConsult} data-testid="house-consult">
        <PhonebookOutline className={styles.icon} />
        <span>{detailText.consult}</span>
      </button>
      {onReport && (
        <Button color="primary" shape="rounded" className={styles.primary} onClick={onReport} data-testid="house-report">
          {detailText.report}
        </Button>
      )}
    </div>
  );
}

/** Bottom toolbar of a shared page: the sharing agent, call, share. */
export function ShareToolbar({
  sharer,
  onShare,
}: {
  sharer: NonNullable<HouseDetail['shareUser']>;
  onShare: () => void;
}) {
  return (
    <div className={styles.toolbar} data-testid="house-share-toolbar">
      <div className={styles.sharer} data-testid="house-sharer">
        <Avatar src={sharer.avatar} className={styles.avatar} />
        <div className={styles.sharerText}>
          <span className={styles.sharerName}>{sharer.label}</span>
          <span className={styles.sharerRole}>{detailText.sharer}</span>
        </div>
      </div>
      {sharer.phone ? (
        <a className={styles.callButton} href={`tel:${sharer.phone}`} data-testid="house-sharer-call">
          <PhoneFill />
          {detailText.call}
        </a>
      ) : (
        <span className={`${styles.callButton} ${styles.disabled}`}>{detailText.noPhone}</span>
      )}
      <Button color="primary" shape="rounded" className={styles.shareButton} onClick={onShare} data-testid="house-share-bottom">
        <SendOutline /> {detailText.share}
      </Button>
    </div>
  );
}
