import { adminPrivacyMessages as text } from '@baobei/shared/messages/admin/privacy';
import { Alert, Form, Input, Modal } from 'antd';

export interface AnonymiseDialogProps {
  open: boolean;
  phone: string;
  total: number;
  busy: boolean;
  error: string | null;
  onConfirm: (reason: string) => void;
  onCancel: () => void;
}

/** 确认匿名化: names the number and how many rows, asks the reason (the server checks both again). */
export function AnonymiseDialog({ open, phone, total, busy, error, onConfirm, onCancel }: AnonymiseDialogProps) {
  const [form] = Form.useForm<{ reason: string }>();
  return (
    <Modal
      open={open}
      title={text.confirmTitle}
      okText={text.anonymise}
      okButtonProps={{ danger: true, loading: busy }}
      onOk={() => void form.validateFields().then((v) => onConfirm(v.reason.trim()))}
      onCancel={onCancel}
      destroyOnHidden
    >
      <Alert type="warning" showIcon message={text.confirmText(phone, total)} style={{ marginBottom: 16 }} />
      <Form form={form} layout="vertical" preserve={false}>
        <Form.Item
          name="reason"
          label={text.reason}
          rules={[
            { required: true, whitespace: true, message: text.reasonRequired },
            { max: 200, message: text.reasonTooLong },
          ]}
        >
          <Input.TextArea rows={3} maxLength={200} showCount placeholder={text.reasonPlaceholder} data-testid="privacy-reason" />
        </Form.Item>
      </Form>
      {error ? <Alert type="error" showIcon message={error} /> : null}
    </Modal>
  );
}
