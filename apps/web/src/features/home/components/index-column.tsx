import { messages } from '@baobei/shared/messages';
import { RightOutline } from 'antd-mobile-icons';
import listCard from '../../../components/list-card.module.css';
import { MediaBadges } from '../../../components/media-badges';
import { SectionTitle } from '../../../components/section-card';
import { columnMedia, type IndexColumn } from '../index-columns';
import styles from './index-column.module.css';

type Card = IndexColumn['list'][number];

function ProjectCard({ card, media, onOpen }: { card: Card; media: 'video' | 'vr' | null; onOpen: () => void }) {
  const priceless = card.showPrice.unit === '';
  return (
    <button type="button" className={styles.card} onClick={onOpen} data-testid="home-card" data-house-id={card.id}>
      <span className={`${listCard.picture} ${styles.picture}`}>
        {card.logo ? <img className={listCard.image} src={card.logo} alt="" loading="lazy" /> : null}
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
          <span className={priceless ? `${listCard.priceNone} ${styles.priceNone}` : `${listCard.price} ${styles.price}`} data-testid="home-card-price">
            {card.showPrice.price}
            {!priceless && <small className={`${listCard.unit} ${styles.unit}`}>{card.showPrice.unit}</small>}
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
          <SectionTitle className={styles.title}>{column.title}</SectionTitle>
          {column.description && <p className={`${listCard.oneLine} ${styles.description}`}>{column.description}</p>}
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
