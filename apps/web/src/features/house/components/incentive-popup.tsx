import { messages } from '@baobei/shared/messages';
import { Popup } from 'antd-mobile';
import { CloseOutline } from 'antd-mobile-icons';
import styles from './popups.module.css';

/** The incentive-policy overlay (part 1, section 2), opened from the banner strip. */
export function IncentivePopup({ visible, text, onClose }: { visible: boolean; text: string; onClose: () => void }) {
  return (
    <Popup visible={visible} onMaskClick={onClose} onClose={onClose} bodyClassName={styles.sheet}>
      <div data-testid="house-incentive-popup">
        <header className={styles.sheetHead}>
          <h2 className={styles.sheetTitle}>{messages.houseDetail.incentivePolicy}</h2>
          <button type="button" className={styles.close} onClick={onClose} aria-label={messages.common.cancel}>
            <CloseOutline />
          </button>
        </header>
        <p className={styles.longText}>{text}</p>
      </div>
    </Popup>
  );
}
