import { messages } from '@baobei/shared/messages';
import { Button, CenterPopup, DotLoading } from 'antd-mobile';
import { useState } from 'react';
import { FormInput } from '../../../components/form-input';
import { useVerifyCode } from '../api/get-verify-code';
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
  const [code, setCode] = useState('');
  const verifyCode = useVerifyCode(purpose, true);
  const { refetch } = verifyCode;

  const refresh = () => {
    setCode('');
    void refetch();
  };

  return (
    <div className={styles.box} data-testid="picture-code-popup">
      <h3 className={styles.title}>{messages.login.machineVerification}</h3>
      <button
        type="button"
        className={styles.picture}
        onClick={refresh}
        aria-label={messages.login.pictureCodeRefreshHint}
        data-testid="picture-code-image"
      >
        {verifyCode.data && !verifyCode.isFetching ? (
          <img src={verifyCode.data.img} alt={messages.login.pictureCodeLabel} />
        ) : verifyCode.isError && !verifyCode.isFetching ? (
          <span className={styles.pictureError}>{messages.login.pictureCodeLoadFailed}</span>
        ) : (
          <DotLoading color="primary" />
        )}
      </button>
      <p className={styles.hint}>{messages.login.pictureCodeRefreshHint}</p>
      <div className={styles.inputRow}>
        <FormInput
          testId="picture-code-input"
          value={code}
          onChange={(v) => setCode(v.trim())}
          placeholder={messages.login.pictureCodePlaceholder}
          maxLength={8}
          autoComplete="off"
          autoCapitalize="off"
          autoCorrect="off"
          clearable
          onEnterPress={() => verifyCode.data && onConfirm(verifyCode.data.sn, code, refresh)}
        />
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
          disabled={!verifyCode.data}
          onClick={() => verifyCode.data && onConfirm(verifyCode.data.sn, code, refresh)}
          data-testid="picture-code-confirm"
        >
          {messages.common.confirm}
        </Button>
      </div>
    </div>
  );
}
