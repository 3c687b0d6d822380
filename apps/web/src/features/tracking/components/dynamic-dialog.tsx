import { messages } from '@baobei/shared/messages';
import { Dialog, TextArea, Toast } from 'antd-mobile';
import { useState } from 'react';
import styles from './record-detail.module.css';

const recordText = messages.recordTrack;

export interface DynamicDialogProps {
  visible: boolean;
  onClose: () => void;
  /** Sends the note; resolves true when it was added (the dialog then closes). */
  onSubmit: (remark: string) => Promise<boolean>;
}

/** 添加客户动态: a note on the customer's progress (part 2, section 5: content required). */
export function DynamicDialog({ visible, onClose, onSubmit }: DynamicDialogProps) {
  const [remark, setRemark] = useState('');
  const [sending, setSending] = useState(false);

  const submit = async () => {
    if (sending) return;
    if (!remark.trim()) {
      Toast.show({ content: recordText.dynamicRequired });
      return;
    }
    setSending(true);
    const added = await onSubmit(remark.trim()).finally(() => setSending(false));
    if (added) {
      setRemark('');
      onClose();
    }
  };

  return (
    <Dialog
      visible={visible}
      title={recordText.dynamicTitle}
      onClose={onClose}
      content={
        <TextArea
          className={styles.textarea}
          value={remark}
          onChange={setRemark}
          placeholder={recordText.dynamicPlaceholder}
          rows={4}
          maxLength={500}
          showCount
          data-testid="record-dynamic-input"
        />
      }
      actions={[
        [
          { key: 'cancel', text: messages.common.cancel, onClick: onClose },
          { key: 'confirm', text: messages.common.confirm, bold: true, disabled: sending, onClick: () => void submit() },
        ],
      ]}
    />
  );
}
