import { messages } from '@baobei/shared/messages';
import { Popup } from 'antd-mobile';
import { CloseOutline } from 'antd-mobile-icons';
import { ImageViewer } from '../../../components/lazy-overlays';
import { mediaKind } from '../model/gallery';
import styles from './popups.module.css';

/**
 * The listing video in a bottom sheet. A real video file plays in <video> inline (playsInline and
 * webkit-playsinline: WeChat and iOS otherwise take it full screen); a picture URL opens in the
 * image viewer instead.
 */
export function VideoPopup({ visible, url, poster, onClose }: { visible: boolean; url: string; poster: string; onClose: () => void }) {
  if (mediaKind(url) !== 'video') {
    return <ImageViewer image={url} visible={visible} onClose={onClose} maxZoom={5} />;
  }
  return (
    <Popup visible={visible} onMaskClick={onClose} onClose={onClose} position="bottom" destroyOnClose bodyClassName={styles.sheet}>
      <header className={styles.sheetHead}>
        <h2 className={styles.sheetTitle}>{messages.houseDetail.video}</h2>
        <button type="button" className={styles.close} onClick={onClose} aria-label={messages.common.cancel}>
          <CloseOutline />
        </button>
      </header>
      <video
        src={url}
        poster={poster}
        controls
        playsInline
        webkit-playsinline="true"
        preload="metadata"
        data-testid="house-video-player"
        style={{ width: '100%', aspectRatio: '16 / 9', borderRadius: 8, background: '#000' }}
      >
        {messages.houseDetail.videoUnsupported}
      </video>
    </Popup>
  );
}
