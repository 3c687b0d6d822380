import { messages } from '@baobei/shared/messages';
import { Button, Popup, SpinLoading } from 'antd-mobile';
import { CloseOutline } from 'antd-mobile-icons';
import { posterFileName } from '../model/poster-file-name';
import popups from './popups.module.css';
import styles from './poster-popup.module.css';

const posterText = messages.poster;

export interface PosterPopupProps {
  visible: boolean;
  houseName: string;
  status: 'pending' | 'error' | 'success';
  /** The poster as a PNG data URL, once drawn. */
  src: string;
  /** Inside WeChat a long press saves the picture; a download link does nothing there. */
  inWechat: boolean;
  onRetry: () => void;
  onClose: () => void;
}

/**
 * The poster as an <img>, so WeChat's long press offers 保存图片 (and a phone browser's its own
 * save), with 下载海报 outside WeChat; while it is drawn a spinner holds its place, and a
 * failure offers 重新生成 (docs/decisions/091).
 */
export function PosterPopup({ visible, houseName, status, src, inWechat, onRetry, onClose }: PosterPopupProps) {
  let body;
  if (status === 'success') {
    body = <img className={styles.poster} src={src} alt={posterText.alt(houseName)} data-testid="poster-image" />;
  } else if (status === 'error') {
    body = (
      <div className={styles.placeholder} data-testid="poster-error">
        <p className={styles.failed}>{posterText.failed}</p>
        <Button size="small" shape="rounded" onClick={onRetry} data-testid="poster-retry">
          {posterText.retry}
        </Button>
      </div>
    );
  } else {
    body = (
      <div className={styles.placeholder} data-testid="poster-loading">
        <SpinLoading color="primary" />
        <p className={styles.drawing}>{posterText.drawing}</p>
      </div>
    );
  }

  let action = null;
  if (status === 'success') {
    action = inWechat ? (
      <p className={styles.hint} data-testid="poster-save-hint">
        {posterText.longPressSave}
      </p>
    ) : (
      <a className={styles.download} href={src} download={posterFileName(houseName)} data-testid="poster-download">
        {posterText.download}
      </a>
    );
  }

  return (
    <Popup visible={visible} onMaskClick={onClose} onClose={onClose} bodyClassName={popups.sheet}>
      <div data-testid="poster-popup">
        <header className={popups.sheetHead}>
          <h2 className={popups.sheetTitle}>{posterText.title}</h2>
          <button type="button" className={popups.close} onClick={onClose} aria-label={messages.common.cancel}>
            <CloseOutline />
          </button>
        </header>
        <div className={styles.frame}>{body}</div>
        {action}
      </div>
    </Popup>
  );
}
