import { messages } from '@baobei/shared/messages';
import { findRoute } from '@baobei/shared/routes';
import { Dialog } from 'antd-mobile';
import { useSyncExternalStore } from 'react';
import { useNavigate } from 'react-router';
import { Page } from '../../../components/page';
import { StateBlock } from '../../../components/state-block';
import { flushOutbox } from '../../../lib/outbox/outbox-send';
import { removeOutboxItem, useOutbox, type OutboxItem } from '../../../lib/outbox/outbox-store';
import { saveDraft } from '../../../lib/report-draft';
import { OutboxItemCard } from '../components/outbox-item-card';
import styles from './outbox-page.module.css';

const text = messages.outbox;

function subscribeOnline(notify: () => void): () => void {
  window.addEventListener('online', notify);
  window.addEventListener('offline', notify);
  return () => {
    window.removeEventListener('online', notify);
    window.removeEventListener('offline', notify);
  };
}

/**
 * /my/outbox 待发送 (issue 33, item 5; docs/decisions/094): what found no network, with its
 * state; a waiting item can be sent now, a refused one opens back in its form with its data
 * (and leaves the outbox: the form sends it anew, with a new key), any can be removed.
 */
export function OutboxPage() {
  const navigate = useNavigate();
  const { uid, items } = useOutbox();
  const online = useSyncExternalStore(subscribeOnline, () => navigator.onLine);

  const remove = async (item: OutboxItem) => {
    const sure = await Dialog.confirm({ content: text.removeConfirm, confirmText: messages.common.confirm, cancelText: messages.common.cancel });
    if (sure && uid !== null) await removeOutboxItem(uid, item.id);
  };

  const edit = async (item: OutboxItem) => {
    if (uid === null) return;
    switch (item.kind) {
      case 'report':
        await saveDraft(item.draft);
        await removeOutboxItem(uid, item.id);
        void navigate(item.draft.formPath);
        return;
      case 'customer':
        await removeOutboxItem(uid, item.id);
        void navigate(findRoute('customerList').path, { state: { addCustomer: item.input } });
        return;
      case 'feedback':
        await removeOutboxItem(uid, item.id);
        void navigate(findRoute('help').path, { state: { feedback: item.input.content } });
        return;
    }
  };

  return (
    <Page backFallback="/home?active=my">
      {items.length > 0 && (
        <p className={styles.hint} data-testid="outbox-hint">
          {online ? text.onlineHint : text.offlineHint}
        </p>
      )}
      {items.map((item) => (
        <OutboxItemCard
          key={item.id}
          item={item}
          onSendNow={() => void flushOutbox({ force: true })}
          onEdit={() => void edit(item)}
          onRemove={() => void remove(item)}
        />
      ))}
      {items.length === 0 && <StateBlock kind="empty" title={text.empty} testId="outbox-empty" />}
    </Page>
  );
}
