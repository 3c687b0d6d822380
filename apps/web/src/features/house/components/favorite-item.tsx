import { messages } from '@baobei/shared/messages';
import { formatCommission } from '@baobei/shared/rules/house-format';
import { Image } from 'antd-mobile';
import { MediaBadges } from '../../../components/media-badges';
import type { FavoriteItem } from '../api/get-favorite-house-list';
import listCard from '../../../components/list-card.module.css';
import styles from './favorite-item.module.css';
import listingTag from './listing-tag.module.css';

const favoriteText = messages.favorite;

/** One favourite (part 1, section 2): picture with badges, region, name, price, tags, incentive, commission; signed in also protection periods and the report channel. */
export function FavoriteHouseItem({ item, signedIn, onOpen }: { item: FavoriteItem; signedIn: boolean; onOpen: () => void }) {
  const commission = formatCommission(item.commissionPoint);
  return (
    <article className={`${listCard.card} ${styles.item}`} onClick={onOpen} data-testid="favorite-item">
      <div className={`${listCard.picture} ${styles.thumb}`}>
        <Image src={item.buildingDiagram} fit="cover" width="100%" height="100%" lazy alt="" />
        <MediaBadges video={Boolean(item.buildingVideo)} vr={Boolean(item.buildingVr)} />
      </div>
      <div className={listCard.text}>
        <h3 className={`${listCard.oneLine} ${styles.name}`}>
          {item.regionName && <span className={styles.region}>[{item.regionName}]</span>}
          {item.houseName}
        </h3>
        <p className={styles.price}>
          <span className={styles.priceValue}>{item.showPrice.price}</span>
          {item.showPrice.unit && <span className={styles.priceUnit}>{item.showPrice.unit}</span>}
        </p>
        {item.tags.length > 0 && (
          <div className={styles.tags}>
            {item.tags.slice(0, 4).map((tag) => (
              <span key={tag} className={listingTag.tag}>
                {tag}
              </span>
            ))}
          </div>
        )}
        {(commission || item.incentiveTimeStr) && (
          <p className={styles.commission}>
            {commission && <span className={styles.commissionPoint}>{commission}</span>}
            {item.incentiveTimeStr && <span className={styles.incentive}>{item.incentiveTimeStr}</span>}
          </p>
        )}
        {signedIn && (item.reportProtect || item.takeLookProtect || item.chengjiaoDesc) && (
          <dl className={styles.facts} data-testid="favorite-protects">
            {item.reportProtect && (
              <div>
                <dt>{favoriteText.reportProtect}</dt>
                <dd>{item.reportProtect}</dd>
              </div>
            )}
            {item.takeLookProtect && (
              <div>
                <dt>{favoriteText.takeLookProtect}</dt>
                <dd>{item.takeLookProtect}</dd>
              </div>
            )}
            {item.chengjiaoDesc && (
              <div className={styles.factWide}>
                <dt>{favoriteText.channel}</dt>
                <dd>{item.chengjiaoDesc}</dd>
              </div>
            )}
          </dl>
        )}
      </div>
    </article>
  );
}
