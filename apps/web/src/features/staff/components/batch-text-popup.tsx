import { messages } from '@baobei/shared/messages';
import { staffReferenceFormat } from '@baobei/shared/rules/staff';
import type { RecognizedStaff } from '@baobei/shared/schemas/staff';
import { Button, Dialog, TextArea, Toast } from 'antd-mobile';
import { useState } from 'react';
import { errorMessage, isApiError } from '../../../lib/api-error';
import { useRecognizeStaff } from '../api/get-demo-user-data';
import { FormPopup } from '../../../components/form-popup';
import popup from '../../../components/form-popup.module.css';
import styles from './staff-form-popup.module.css';

const staffText = messages.staff;

export interface BatchTextPopupProps {
  visible: boolean;
  /** The general account's lines carry the shop too. */
  withShop: boolean;
  onClose: () => void;
  onRecognized: (rows: RecognizedStaff[]) => void;
}

/**
 * Batch add (part 2, sections 2.5 and 5): paste text, 参考格式 fills in the reference format,
 * 清空 empties the box, 识别 sends it for recognition.
 */
export function BatchTextPopup({ visible, withShop, onClose, onRecognized }: BatchTextPopupProps) {
  const [text, setText] = useState('');
  const recognize = useRecognizeStaff();

  const submit = async () => {
    if (!text.trim()) {
      Toast.show({ content: staffText.recognizeEmpty });
      return;
    }
    try {
      const rows = await recognize.mutateAsync(text);
      setText('');
      onRecognized(rows);
    } catch (failure) {
      if (isApiError(failure) && failure.handled) return;
      void Dialog.alert({
        title: staffText.recognizeFailedTitle,
        content: errorMessage(failure, staffText.recognizeFailed),
        confirmText: messages.common.confirm,
      });
    }
  };

  return (
    <FormPopup visible={visible} title={staffText.batchTitle} onClose={onClose} destroyOnClose={false}>
      <div className={styles.batchBox}>
        <TextArea
          value={text}
          onChange={setText}
          placeholder={withShop ? staffText.batchPlaceholderShop : staffText.batchPlaceholder}
          rows={8}
          maxLength={5000}
          data-testid="staff-batch-text"
        />
        <div className={styles.batchTools}>
          <Button size="small" onClick={() => setText(staffReferenceFormat(withShop))} data-testid="staff-batch-format">
            {staffText.referenceFormat}
          </Button>
          <Button size="small" onClick={() => setText('')} data-testid="staff-batch-clear">
            {staffText.clear}
          </Button>
        </div>
        <p className={styles.batchHint}>{staffText.batchHint}</p>
      </div>
      <div className={popup.actions}>
        <Button block color="primary" loading={recognize.isPending} onClick={() => void submit()} data-testid="staff-batch-recognize">
          {staffText.recognize}
        </Button>
      </div>
    </FormPopup>
  );
}
