import { messages } from '@baobei/shared/messages';
import { Button, CenterPopup } from 'antd-mobile';
import { usePictureCode } from '../hooks/use-picture-code';
import { PictureCodeImage, PictureCodeInput } from './picture-code';
import styles from './picture-code-popup.module.css';

export interface PictureCodePopupProps {
  visible: boolean;
  /** Separates the cached picture of the login page from the retrieve-password page's. */
  purpose: string;
  busy: boolean;
  onClose: () => void;
  /** Called with the picture's serial and the characters typed; `refresh` draws a new picture. */
  onConfirm: (sn: string, code: string, refresh: () => void) => void;
}

/** Part 1, section 2: the 'Machine verification' picture-code popup. */
export function PictureCodePopup({ visible, onClose, ...body }: PictureCodePopupProps) {
  // destroyOnClose: every opening mounts a fresh body, so a fresh picture and an empty input.
  return (
    <CenterPopup visible={visible} onMaskClick={onClose} destroyOnClose className={styles.popup}>
      <PictureCodeBody onClose={onClose} {...body} />
    </CenterPopup>
  );
}

function PictureCodeBody({ purpose, busy, onClose, onConfirm }: Omit<PictureCodePopupProps, 'visible'>) {
  const { picture, code, setCode, refresh } = usePictureCode(purpose, true);
  const confirm = () => {
    if (picture.data) onConfirm(picture.data.sn, code, refresh);
  };

  return (
    <div className={styles.box} data-testid="picture-code-popup">
      <h3 className={styles.title}>{messages.login.machineVerification}</h3>
      <PictureCodeImage
        picture={picture}
        onRefresh={refresh}
        className={styles.picture}
        testId="picture-code-image"
        loadFailed={<span className={styles.pictureError}>{messages.login.pictureCodeLoadFailed}</span>}
      />
      <p className={styles.hint}>{messages.login.pictureCodeRefreshHint}</p>
      <div className={styles.inputRow}>
        <PictureCodeInput testId="picture-code-input" value={code} onChange={setCode} autoCorrect="off" clearable onEnterPress={confirm} />
      </div>
      <div className={styles.actions}>
        <Button fill="none" className={styles.cancel} onClick={onClose} data-testid="picture-code-cancel">
          {messages.common.cancel}
        </Button>
        <Button
          fill="none"
          color="primary"
          className={styles.confirm}
          loading={busy}
          disabled={!picture.data}
          onClick={confirm}
          data-testid="picture-code-confirm"
        >
          {messages.common.confirm}
        </Button>
      </div>
    </div>
  );
}
