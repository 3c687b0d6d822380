import type { MessageItem } from '@baobei/shared/schemas/message';
import { RightOutline } from 'antd-mobile-icons';
import styles from './message-row.module.css';

export interface MessageRowProps {
  message: MessageItem;
  onOpen: (message: MessageItem) => void;
}

/**
 * One message: unread ones carry a red dot and a bold title; one about a report ends in a
 * chevron (tapping opens the report), the others only read themselves on tap.
 */
export function MessageRow({ message, onOpen }: MessageRowProps) {
  const opensReport = message.recordId !== null;
  return (
    <button
      type="button"
      className={`${styles.row} ${message.read ? '' : styles.unread}`}
      onClick={() => onOpen(message)}
      data-testid="message-row"
      data-id={message.id}
      data-read={message.read ? 'true' : 'false'}
    >
      <span className={styles.dotBox} aria-hidden="true">
        {!message.read && <span className={styles.dot} data-testid="message-unread-dot" />}
      </span>
      <span className={styles.main}>
        <span className={styles.head}>
          <span className={styles.title} data-testid="message-title">
            {message.title}
          </span>
          <span className={styles.time}>{message.createdAt}</span>
        </span>
        {/* Cut to two lines when the report tells the rest; otherwise the message is all there is. */}
        <span className={opensReport ? `${styles.content} ${styles.clamp}` : styles.content} data-testid="message-content">
          {message.content}
        </span>
      </span>
      {opensReport && <RightOutline className={styles.chevron} aria-hidden="true" />}
    </button>
  );
}
