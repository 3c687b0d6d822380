import { messages } from '@baobei/shared/messages';
import { Image, Swiper, type SwiperRef } from 'antd-mobile';
import { PlayOutline } from 'antd-mobile-icons';
import { useEffect, useRef, useState } from 'react';
import { ImageViewer } from '../../../components/lazy-overlays';
import { albumIndexAt, type Gallery } from '../model/gallery';
import styles from './house-gallery.module.css';

/** Part 1, section 9: image preview max zoom 5 for the house gallery. */
const GALLERY_MAX_ZOOM = 5;

export interface HouseGalleryProps {
  gallery: Gallery;
  hasVr: boolean;
  hasVideo: boolean;
  onOpenVr: () => void;
  onOpenVideo: () => void;
}

/**
 * The album at the top of the detail: one swiper over every picture, an album switcher that
 * jumps to an album and follows the swiper, and the full-screen viewer on tap.
 */
export function HouseGallery({ gallery, hasVr, hasVideo, onOpenVr, onOpenVideo }: HouseGalleryProps) {
  const swiperRef = useRef<SwiperRef>(null);
  const [current, setCurrent] = useState(0);
  // The viewer takes its start index only when it mounts: each opening remounts it (seq).
  const [viewer, setViewer] = useState({ open: false, index: 0, seq: 0 });
  const images = gallery.slides.map((s) => s.url);
  const activeAlbum = albumIndexAt(gallery, current);
  const caption = gallery.slides[current]?.caption;
  const albumsRef = useRef<HTMLDivElement>(null);

  // The switcher scrolls sideways with many unit types: keep the current album's chip in view.
  useEffect(() => {
    const strip = albumsRef.current;
    const chip = strip?.children[activeAlbum] as HTMLElement | undefined;
    if (!strip || !chip) return;
    const left = chip.offsetLeft - (strip.clientWidth - chip.offsetWidth) / 2;
    strip.scrollTo({ left: Math.max(0, left), behavior: 'smooth' });
  }, [activeAlbum]);

  return (
    <section className={styles.gallery} data-testid="house-gallery">
      {images.length > 0 ? (
        <Swiper
          ref={swiperRef}
          className={styles.swiper}
          indicator={false}
          onIndexChange={setCurrent}
          stopPropagation={['mousedown', 'mousemove', 'mouseup']}
        >
          {gallery.slides.map((slide, index) => (
            <Swiper.Item key={`${slide.url}-${index}`} onClick={() => setViewer((v) => ({ open: true, index, seq: v.seq + 1 }))}>
              <Image src={slide.url} fit="cover" lazy={index > 1} className={styles.picture} alt="" />
            </Swiper.Item>
          ))}
        </Swiper>
      ) : (
        <div className={styles.placeholder} />
      )}

      {(hasVr || hasVideo) && (
        <div className={styles.media}>
          {hasVr && (
            <button type="button" className={styles.mediaButton} onClick={onOpenVr} data-testid="house-vr-entry">
              <span className={styles.vrMark}>VR</span>
              {messages.houseDetail.vr}
            </button>
          )}
          {hasVideo && (
            <button type="button" className={styles.mediaButton} onClick={onOpenVideo} data-testid="house-video-entry">
              <PlayOutline className={styles.mediaIcon} />
              {messages.houseDetail.video}
            </button>
          )}
        </div>
      )}

      {images.length > 0 && (
        <span className={styles.counter}>
          {current + 1}/{images.length}
        </span>
      )}
      {(caption || gallery.albums.length > 1) && (
        // Below the picture, never over it: a floor plan's labels stay readable.
        <div className={styles.band} data-testid="house-gallery-band">
          {caption && (
            <span className={styles.caption} data-testid="house-gallery-caption">
              {caption}
            </span>
          )}
          {gallery.albums.length > 1 && (
            <div ref={albumsRef} className={styles.albums} role="tablist" data-testid="house-album-switcher">
              {gallery.albums.map((album, index) => (
                <button
                  key={`${album.name}-${index}`}
                  type="button"
                  role="tab"
                  aria-selected={index === activeAlbum}
                  className={index === activeAlbum ? `${styles.album} ${styles.albumActive}` : styles.album}
                  onClick={() => {
                    swiperRef.current?.swipeTo(album.start);
                    setCurrent(album.start);
                  }}
                >
                  {album.name}
                  <span className={styles.albumCount}>({album.count})</span>
                </button>
              ))}
            </div>
          )}
        </div>
      )}

      <ImageViewer.Multi
        key={viewer.seq}
        images={images}
        visible={viewer.open}
        defaultIndex={viewer.index}
        maxZoom={GALLERY_MAX_ZOOM}
        onClose={() => setViewer((v) => ({ ...v, open: false }))}
        renderFooter={(_image, index) =>
          gallery.slides[index]?.caption ? <div className={styles.viewerCaption}>{gallery.slides[index]?.caption}</div> : null
        }
      />
    </section>
  );
}

