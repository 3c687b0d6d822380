import type { IndexData } from '@baobei/shared/schemas/house';
import { Swiper } from 'antd-mobile';
import styles from './banner-swiper.module.css';

/** Banner pictures are 2:1 (the seed's are 640x360 drawings, shown cropped to 2:1). */
const BANNER_WIDTH = 750;
const BANNER_HEIGHT = 375;

/**
 * The first banner is the page's largest paint: fetched at once and first (`fetchpriority`, in
 * lower case: React 18 passes it through as it is); the others when the carousel nears them.
 */
const FIRST_BANNER = { loading: 'eager', fetchpriority: 'high' } as const;
const LATER_BANNER = { loading: 'lazy', decoding: 'async' } as const;

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
        {banners.map((banner, index) => (
          <Swiper.Item key={banner.id}>
            <button
              type="button"
              className={styles.slide}
              onClick={() => onOpen(banner)}
              data-testid="home-banner"
              aria-label={banner.title}
            >
              <img
                className={styles.image}
                src={banner.image}
                alt={banner.title}
                width={BANNER_WIDTH}
                height={BANNER_HEIGHT}
                draggable={false}
                {...(index === 0 ? FIRST_BANNER : LATER_BANNER)}
              />
            </button>
          </Swiper.Item>
        ))}
      </Swiper>
    </div>
  );
}
