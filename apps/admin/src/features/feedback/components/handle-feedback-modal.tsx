import { ModalForm, ProFormTextArea } from '@ant-design/pro-components';
import { messages } from '@baobei/shared/messages';
import { adminConsoleMessages, adminFeedbackMessages as text } from '@baobei/shared/messages/admin';
import { FEEDBACK_NOTE_MAX, type AdminFeedbackItem } from '@baobei/shared/schemas/admin-feedback';
import { Alert, Typography } from 'antd';
import { useState } from 'react';
import { errorMessage } from '../../../lib/api-error';

/** 标记已处理: the message quoted, an optional note; the server's refusal shows in place. */
export function HandleFeedbackModal({
  item,
  onClose,
  onHandle,
}: {
  item: AdminFeedbackItem | null;
  onClose: () => void;
  onHandle: (note: string) => Promise<unknown>;
}) {
  const [failure, setFailure] = useState<string | null>(null);
  return (
    <ModalForm<{ note?: string }>
      title={text.handleTitle}
      open={item !== null}
      width={560}
      modalProps={{ destroyOnHidden: true, onCancel: onClose, afterClose: () => setFailure(null), okText: text.handleOk, cancelText: adminConsoleMessages.cancel }}
      submitter={{ searchConfig: { submitText: text.handleOk, resetText: adminConsoleMessages.cancel } }}
      onFinish={async ({ note }) => {
        setFailure(null);
        try {
          await onHandle((note ?? '').trim());
          return true;
        } catch (error) {
          setFailure(errorMessage(error, messages.common.requestException));
          return false;
        }
      }}
    >
      {item ? (
        <Typography.Paragraph
          data-testid="feedback-handle-content"
          style={{ background: '#fafafa', border: '1px solid #f0f0f0', borderRadius: 6, padding: '8px 12px', whiteSpace: 'pre-wrap' }}
        >
          {item.content}
        </Typography.Paragraph>
      ) : null}
      {failure ? <Alert type="error" showIcon role="alert" message={failure} style={{ marginBottom: 16 }} /> : null}
      <ProFormTextArea
        name="note"
        label={text.note}
        placeholder={text.notePlaceholder}
        fieldProps={{ maxLength: FEEDBACK_NOTE_MAX, showCount: true, autoSize: { minRows: 3, maxRows: 6 } }}
      />
    </ModalForm>
  );
}
