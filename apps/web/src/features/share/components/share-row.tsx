import { messages } from '@baobei/shared/messages';
import type { ShareStatisticsItem, ShareVisitItem } from '@baobei/shared/schemas/share';
import { DotLoading, Image } from 'antd-mobile';
import { DownOutline, RightOutline, UpOutline } from 'antd-mobile-icons';
import listCard from '../../../components/list-card.module.css';
import styles from './share-row.module.css';

const shareText = messages.share;

export interface VisitsState {
  status: 'pending' | 'error' | 'success';
  items: ShareVisitItem[];
  hasMore: boolean;
  loadingMore: boolean;
}

/** One shared listing: its visit counts; expanded, the visits themselves. */
export function ShareRow({
  item,
  expanded,
  visits,
  onToggle,
  onOpenHouse,
  onRetryVisits,
  onMoreVisits,
}: {
  item: ShareStatisticsItem;
  expanded: boolean;
  visits: VisitsState | null;
  onToggle: () => void;
  onOpenHouse: () => void;
  onRetryVisits: () => void;
  onMoreVisits: () => void;
}) {
  let visitsBody = null;
  if (expanded && visits) {
    if (visits.status === 'pending') {
      visitsBody = (
        <div className={styles.visitsState}>
          <DotLoading color="primary" />
        </div>
      );
    } else if (visits.status === 'error' && visits.items.length === 0) {
      visitsBody = (
        <button type="button" className={styles.visitsState} onClick={onRetryVisits}>
          {shareText.visitsLoadFailed}
        </button>
      );
    } else if (visits.items.length === 0) {
      visitsBody = <div className={styles.visitsState}>{shareText.visitsEmpty}</div>;
    } else {
      visitsBody = (
        <>
          <ul className={styles.visits} data-testid="share-visits">
            {visits.items.map((visit, index) => (
              <li key={`${visit.visitedAt}-${index}`} className={styles.visit}>
                <span className={styles.visitor}>
                  {visit.visitorName || messages.shareVisit.anonymousVisitor}
                  {visit.openid && <span className={styles.openid}>{visit.openid}</span>}
                </span>
                <span className={styles.visitTime}>{visit.visitedAt}</span>
              </li>
            ))}
          </ul>
          {visits.hasMore && (
            <button type="button" className={styles.visitsMore} onClick={onMoreVisits} disabled={visits.loadingMore}>
              {visits.loadingMore ? <DotLoading /> : shareText.visitsMore}
            </button>
          )}
        </>
      );
    }
  }

  return (
    <article className={styles.row} data-testid="share-row">
      <button type="button" className={styles.head} onClick={onToggle} aria-expanded={expanded}>
        <div className={`${listCard.picture} ${styles.thumb}`}>
          <Image src={item.buildingDiagram} fit="cover" width="100%" height="100%" lazy alt="" />
        </div>
        <div className={listCard.text}>
          <h3 className={`${listCard.oneLine} ${styles.name}`}>{item.houseName}</h3>
          <div className={styles.counts}>
            <span>
              {shareText.visitCount} <b data-testid="share-visit-count">{item.visitCount}</b> {shareText.visitCountUnit}
            </span>
            <span>
              {shareText.visitorCount} <b>{item.visitorCount}</b> {shareText.visitorCountUnit}
            </span>
          </div>
          <p className={styles.last}>
            {item.lastVisitAt ? `${shareText.lastVisit} ${item.lastVisitAt}` : shareText.neverVisited}
          </p>
        </div>
        {expanded ? <UpOutline className={styles.chevron} /> : <DownOutline className={styles.chevron} />}
      </button>
      {expanded && (
        <div className={styles.detail}>
          <div className={styles.detailHead}>
            <span className={styles.detailTitle}>{shareText.visits}</span>
            <button type="button" className={styles.open} onClick={onOpenHouse}>
              {shareText.openHouse}
              <RightOutline />
            </button>
          </div>
          {visitsBody}
        </div>
      )}
    </article>
  );
}
