import { messages } from '@baobei/shared/messages';
import { formatShanghaiMinute } from '@baobei/shared/rules/shanghai-time';
import { Button } from 'antd-mobile';
import type { OutboxItem } from '../../../lib/outbox/outbox-store';
import styles from './outbox-item-card.module.css';

const text = messages.outbox;

/** What the item is, in one line: the listings and customers of a report, the customer, or the feedback's start. */
export function outboxSummary(item: OutboxItem): string {
  switch (item.kind) {
    case 'report':
      return `${item.draft.houses.map((h) => h.name).join('、')} · ${item.draft.customers.map((c) => c.name).join('、')}`;
    case 'customer':
      return `${item.input.name} ${item.input.phone}`;
    case 'feedback':
      return item.input.content;
  }
}


export interface OutboxItemCardProps {
  item: OutboxItem;
  onSendNow: () => void;
  onEdit: () => void;
  onRemove: () => void;
}

/** One kept item: its kind, state (待发送, 发送中, 发送失败 with the server's message) and actions. */
export function OutboxItemCard({ item, onSendNow, onEdit, onRemove }: OutboxItemCardProps) {
  return (
    <section className={styles.card} data-testid="outbox-item" data-state={item.state}>
      <div className={styles.head}>
        <span className={styles.kind}>{text.kind[item.kind]}</span>
        <span className={`${styles.state} ${styles[item.state]}`} data-testid="outbox-item-state">
          {text.state[item.state]}
        </span>
      </div>
      <p className={styles.summary}>{outboxSummary(item)}</p>
      <p className={styles.meta}>
        {text.savedAt(formatShanghaiMinute(new Date(item.savedAt)))} · {text.attempts(item.attempts)}
      </p>
      {item.error && (
        <p className={styles.error} data-testid="outbox-item-error">
          {item.error}
        </p>
      )}
      <div className={styles.actions}>
        <Button size="small" onClick={onRemove} data-testid="outbox-item-remove">
          {text.remove}
        </Button>
        {item.state === 'refused' ? (
          <Button size="small" color="primary" onClick={onEdit} data-testid="outbox-item-edit">
            {text.edit}
          </Button>
        ) : (
          <Button size="small" color="primary" disabled={item.state === 'sending'} onClick={onSendNow} data-testid="outbox-item-send">
            {text.sendNow}
          </Button>
        )}
      </div>
    </section>
  );
}
