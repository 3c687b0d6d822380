import { messages } from '@baobei/shared/messages';
import { Mask } from 'antd-mobile';
import styles from './popups.module.css';

/** Inside WeChat a page cannot open the share sheet itself: point at WeChat's top-right menu. */
export function WechatShareHint({ visible, onClose }: { visible: boolean; onClose: () => void }) {
  return (
    <Mask visible={visible} onMaskClick={onClose} opacity={0.85}>
      <div className={styles.hint} onClick={onClose} data-testid="wechat-share-hint">
        <svg className={styles.hintArrow} viewBox="0 0 120 120" aria-hidden="true">
          <path d="M20 110 C 30 60, 60 30, 100 16" fill="none" stroke="#fff" strokeWidth="4" strokeDasharray="8 6" />
          <path d="M86 8 L 108 14 L 94 32" fill="none" stroke="#fff" strokeWidth="4" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
        <p className={styles.hintText}>{messages.houseDetail.shareWechatHint}</p>
        <span className={styles.hintButton}>{messages.houseDetail.shareGotIt}</span>
      </div>
    </Mask>
  );
}
