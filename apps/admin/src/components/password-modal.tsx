import { CopyOutlined } from '@ant-design/icons';
import { adminAccountMessages as text } from '@baobei/shared/messages/admin';
import { Alert, App, Button, Input, Modal, Space, Typography } from 'antd';

export interface ShownPassword {
  /** What happened: created or reset, with the account's name. */
  intro: string;
  password: string;
}

/**
 * A new or reset password, shown once (the server keeps only its hash): a read-only field and a
 * copy button. Closing forgets it.
 */
export function PasswordModal({ shown, onClose }: { shown: ShownPassword | null; onClose: () => void }) {
  const { message } = App.useApp();
  const copy = async () => {
    if (!shown) return;
    try {
      await navigator.clipboard.writeText(shown.password);
      void message.success(text.copied);
    } catch {
      void message.error(text.copyFailed);
    }
  };
  return (
    <Modal
      open={shown !== null}
      title={text.passwordTitle}
      onCancel={onClose}
      maskClosable={false}
      destroyOnHidden
      footer={
        <Button type="primary" onClick={onClose}>
          {text.done}
        </Button>
      }
    >
      {shown ? (
        <Space direction="vertical" size="middle" style={{ width: '100%' }}>
          <Typography.Paragraph style={{ marginBottom: 0 }}>{shown.intro}</Typography.Paragraph>
          <Space.Compact style={{ width: '100%' }}>
            <Input
              readOnly
              value={shown.password}
              aria-label={text.passwordTitle}
              data-testid="account-password"
              style={{ fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace', fontSize: 16 }}
              onFocus={(event) => event.currentTarget.select()}
            />
            <Button icon={<CopyOutlined />} onClick={() => void copy()}>
              {text.copy}
            </Button>
          </Space.Compact>
          <Alert type="warning" showIcon message={text.passwordOnce} />
        </Space>
      ) : null}
    </Modal>
  );
}
