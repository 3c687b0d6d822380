import { messages } from '@baobei/shared/messages';
import { BUILDING_PROPERTIES, type BuildingProperty, type SellingStatus } from '@baobei/shared/rules/house';
import { commissionPointText, formatCommission, formatCommissionEstimate } from '@baobei/shared/rules/house-format';
import type { HouseListItem } from '@baobei/shared/schemas/house';
import listCard from '../../../components/list-card.module.css';
import { MediaBadges } from '../../../components/media-badges';
import styles from './house-list-item.module.css';

/** Tag colours of the selling statuses (part 1, section 3). */
const STATUS_CLASS: Record<SellingStatus, string | undefined> = {
  SELLING: styles.statusSelling,
  SELL_SOON: styles.statusSoon,
  PENDING: styles.statusPending,
  OFFER_BUY: styles.statusOffer,
  SELL_OUT: styles.statusOut,
  STOP_SELL: styles.statusOut,
};

/** One listing of the house list. Signed-in fields appear when the server sent them. */
/**
 * `eager`: a card of the first screen, whose picture is fetched at once (the page's largest
 * paint); the others load as they near the screen (decision 033).
 */
export function HouseListItemCard({
  item,
  onOpen,
  eager = false,
  commissionFor = null,
}: {
  item: HouseListItem;
  onOpen: () => void;
  eager?: boolean;
  /** Sorted or filtered by commission: the property type the card's policy and estimate are for (decision 090). */
  commissionFor?: BuildingProperty | null;
}) {
  const estimate = item.commissionEstimateFen != null ? formatCommissionEstimate(item.commissionEstimateFen) : '';
  const priceless = item.showPrice.unit === '';
  const point = item.commissionPolicy?.secondaryPoint ?? '';
  // Under a 住宅佣金 label the point reads without its own 佣金 (one formatter's two forms).
  const commission = commissionFor ? commissionPointText(point) : formatCommission(point);
  const award = item.commissionPolicy?.secondaryAward ?? '';
  const signedIn = item.reportProtectDays !== undefined || item.commissionPolicy !== undefined;
  const region = [item.regionName, item.buildingArea && `${messages.houseList.buildingArea} ${item.buildingArea}`]
    .filter(Boolean)
    .join(' | ');

  return (
    <article className={listCard.card} data-testid="house-item" data-house-id={item.id}>
      <button type="button" className={styles.main} onClick={onOpen}>
        <span className={`${listCard.picture} ${styles.thumb}`}>
          {item.buildingDiagram ? <img className={listCard.image} src={item.buildingDiagram} alt="" loading={eager ? 'eager' : 'lazy'} /> : null}
          <MediaBadges video={Boolean(item.buildingVideo)} vr={Boolean(item.buildingVr)} />
        </span>
        <span className={styles.info}>
          <span className={styles.nameRow}>
            <span className={styles.name} data-testid="house-item-name">
              {item.name}
            </span>
            <span className={`${styles.status} ${STATUS_CLASS[item.sellingStatus] ?? ''}`} data-testid="house-item-status">
              {item.sellingStatusCn}
            </span>
          </span>
          {region && <span className={`${listCard.oneLine} ${styles.region}`}>{region}</span>}
          {item.themeName.length > 0 && (
            <span className={styles.themes}>
              {item.themeName.slice(0, 3).map((theme) => (
                <span key={theme} className={styles.theme}>
                  {theme}
                </span>
              ))}
            </span>
          )}
          <span className={priceless ? listCard.priceNone : `${listCard.price} ${styles.price}`} data-testid="house-item-price">
            {item.showPrice.price}
            {!priceless && <small className={`${listCard.unit} ${styles.unit}`}>{item.showPrice.unit}</small>}
          </span>
        </span>
      </button>
      {signedIn && (
        <div className={styles.extra} data-testid="house-item-extra">
          {(item.reportProtectDays || item.takeLookProtectDays) && (
            <div className={styles.protect} data-testid="house-item-protect">
              {item.reportProtectDays && (
                <span>
                  {messages.houseList.reportProtect}
                  <b>{item.reportProtectDays}</b>
                </span>
              )}
              {item.takeLookProtectDays && (
                <span>
                  {messages.houseList.takeLookProtect}
                  <b>{item.takeLookProtectDays}</b>
                </span>
              )}
            </div>
          )}
          {(commission || award || estimate) && (
            <div className={styles.commission} data-testid="house-item-commission">
              {commissionFor && <span className={styles.for}>{messages.houseList.estimateFor(BUILDING_PROPERTIES[commissionFor])}</span>}
              {commission && <span className={styles.point}>{commission}</span>}
              {estimate && (
                <span className={styles.estimate} data-testid="house-item-estimate">
                  {estimate}
                </span>
              )}
              {award && <span className={styles.award}>{award}</span>}
            </div>
          )}
          {item.incentiveTimeStr && (
            <div className={styles.incentive}>
              {messages.houseList.incentiveTime} {item.incentiveTimeStr}
            </div>
          )}
        </div>
      )}
    </article>
  );
}
