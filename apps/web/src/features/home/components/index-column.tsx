import { messages } from '@baobei/shared/messages';
import { RightOutline } from 'antd-mobile-icons';
import { MediaBadges } from '../../../components/media-badges';
import { columnMedia, type IndexColumn } from '../index-columns';
import styles from './index-column.module.css';

type Card = IndexColumn['list'][number];

function ProjectCard({ card, media, onOpen }: { card: Card; media: 'video' | 'vr' | null; onOpen: () => void }) {
  const priceless = card.showPrice.unit === '';
  return (
    <button type="button" className={styles.card} onClick={onOpen} data-testid="home-card" data-house-id={card.id}>
      <span className={styles.picture}>
        {card.logo ? <img className={styles.image} src={card.logo} alt="" loading="lazy" /> : null}
        {media && <MediaBadges video={media === 'video'} vr={media === 'vr'} size="large" />}
      </span>
      <span className={styles.name}>{card.name}</span>
      {!media && (
        <>
          {card.tags.length > 0 && (
            <span className={styles.tags}>
              {card.tags.slice(0, 2).map((tag) => (
                <span key={tag} className={styles.tag}>
                  {tag}
                </span>
              ))}
            </span>
          )}
          <span className={priceless ? styles.priceNone : styles.price} data-testid="home-card-price">
            {card.showPrice.price}
            {!priceless && <small className={styles.unit}>{card.showPrice.unit}</small>}
          </span>
        </>
      )}
    </button>
  );
}

/** A home column: title, description, "more", and its sliding project cards. */
export function IndexColumnSection({
  column,
  onMore,
  onOpenHouse,
}: {
  column: IndexColumn;
  onMore: () => void;
  onOpenHouse: (id: number) => void;
}) {
  const media = columnMedia(column.type);
  return (
    <section className={styles.column} data-testid="home-column" data-column-type={column.type}>
      <header className={styles.head}>
        <div className={styles.heading}>
          <h2 className={styles.title}>{column.title}</h2>
          {column.description && <p className={styles.description}>{column.description}</p>}
        </div>
        <button type="button" className={styles.more} onClick={onMore} data-testid="home-column-more">
          {messages.index.more}
          <RightOutline />
        </button>
      </header>
      <div className={styles.track}>
        {column.list.map((card) => (
          <ProjectCard key={card.id} card={card} media={media} onOpen={() => onOpenHouse(card.id)} />
        ))}
      </div>
    </section>
  );
}
