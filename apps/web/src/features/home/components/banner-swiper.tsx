import type { IndexData } from '@baobei/shared/schemas/house';
import { Swiper } from 'antd-mobile';
import styles from './banner-swiper.module.css';

/** Part 1, section 9: home banner autoplay 8000 ms. */
export const BANNER_AUTOPLAY_MS = 8000;

export function BannerSwiper({
  banners,
  onOpen,
}: {
  banners: IndexData['banners'];
  onOpen: (banner: IndexData['banners'][number]) => void;
}) {
  if (banners.length === 0) return null;
  const many = banners.length > 1;
  return (
    <div className={styles.wrap} data-testid="home-banners">
      <Swiper
        className={styles.swiper}
        autoplay={many}
        autoplayInterval={BANNER_AUTOPLAY_MS}
        loop={many}
        indicator={many ? undefined : false}
        indicatorProps={{ className: styles.indicator }}
      >
        {banners.map((banner) => (
          <Swiper.Item key={banner.id}>
            <button
              type="button"
              className={styles.slide}
              onClick={() => onOpen(banner)}
              data-testid="home-banner"
              aria-label={banner.title}
            >
              <img className={styles.image} src={banner.image} alt={banner.title} draggable={false} />
            </button>
          </Swiper.Item>
        ))}
      </Swiper>
    </div>
  );
}
