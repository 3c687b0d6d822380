import { messages } from '@baobei/shared/messages';
import { Button, Input, Popup, TextArea, Toast } from 'antd-mobile';
import { CloseOutline } from 'antd-mobile-icons';
import { useState } from 'react';
import styles from './popups.module.css';

const detailText = messages.houseDetail;

export interface ShareDraft {
  title: string;
  desc: string;
}

/** The share form: its fields start from the defaults each time it opens (keyed by the caller). */
function ShareForm({ defaults, pending, onConfirm }: { defaults: ShareDraft; pending: boolean; onConfirm: (draft: ShareDraft) => void }) {
  const [title, setTitle] = useState(defaults.title);
  const [desc, setDesc] = useState(defaults.desc);
  const submit = () => {
    if (!title.trim()) {
      Toast.show({ content: detailText.shareTitleRequired });
      return;
    }
    onConfirm({ title: title.trim(), desc: desc.trim() });
  };
  return (
    <>
      <label className={styles.field}>
        <span className={styles.fieldLabel}>{detailText.shareTitleLabel}</span>
        <Input value={title} onChange={setTitle} maxLength={64} clearable data-testid="share-title" />
      </label>
      <label className={styles.field}>
        <span className={styles.fieldLabel}>{detailText.shareDescLabel}</span>
        <TextArea value={desc} onChange={setDesc} maxLength={120} rows={3} showCount data-testid="share-desc" />
      </label>
      <Button block color="primary" shape="rounded" loading={pending} onClick={submit} className={styles.confirm} data-testid="share-confirm">
        {detailText.shareConfirm}
      </Button>
    </>
  );
}

/**
 * Part 1, section 2: "a share dialog lets the user customise the share title and description".
 * With `onPoster` (a signed-in user) it also offers 生成海报 (docs/decisions/091).
 */
export function ShareDialog({
  visible,
  defaults,
  pending,
  onConfirm,
  onPoster,
  onClose,
}: {
  visible: boolean;
  defaults: ShareDraft;
  pending: boolean;
  onConfirm: (draft: ShareDraft) => void;
  onPoster?: () => void;
  onClose: () => void;
}) {
  return (
    <Popup visible={visible} onMaskClick={onClose} onClose={onClose} bodyClassName={styles.sheet} destroyOnClose>
      <div data-testid="share-dialog">
        <header className={styles.sheetHead}>
          <h2 className={styles.sheetTitle}>{detailText.shareDialogTitle}</h2>
          <button type="button" className={styles.close} onClick={onClose} aria-label={messages.common.cancel}>
            <CloseOutline />
          </button>
        </header>
        <ShareForm defaults={defaults} pending={pending} onConfirm={onConfirm} />
        {onPoster && (
          <Button block fill="outline" color="primary" shape="rounded" onClick={onPoster} className={styles.secondary} data-testid="share-poster">
            {detailText.generatePoster}
          </Button>
        )}
      </div>
    </Popup>
  );
}
