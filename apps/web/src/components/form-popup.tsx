import { messages } from '@baobei/shared/messages';
import { Popup } from 'antd-mobile';
import type { ReactNode } from 'react';
import styles from './form-popup.module.css';

interface FormPopupProps {
  visible: boolean;
  title: ReactNode;
  onClose: () => void;
  /** Mounted per opening (the default): a fresh draft each time. */
  destroyOnClose?: boolean;
  testId?: string;
  titleTestId?: string;
  children: ReactNode;
}

/** The bottom popup of the app's forms: 取消 on the left, the title in the middle, the form below. */
export function FormPopup({ visible, title, onClose, destroyOnClose = true, testId, titleTestId, children }: FormPopupProps) {
  const body = (
    <>
      <div className={styles.head}>
        <button type="button" className={styles.cancel} onClick={onClose}>
          {messages.common.cancel}
        </button>
        <span className={styles.title} data-testid={titleTestId}>
          {title}
        </span>
        <span className={styles.spacer} />
      </div>
      {children}
    </>
  );
  return (
    <Popup visible={visible} onMaskClick={onClose} destroyOnClose={destroyOnClose} bodyClassName={styles.body}>
      {testId ? <div data-testid={testId}>{body}</div> : body}
    </Popup>
  );
}
