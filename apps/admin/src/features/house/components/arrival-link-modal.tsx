import { CopyOutlined, ReloadOutlined } from '@ant-design/icons';
import { messages } from '@baobei/shared/messages';
import { adminConsoleMessages, adminHouseListMessages as text } from '@baobei/shared/messages/admin';
import { Alert, App, Button, Input, Modal, Popconfirm, Skeleton, Space, Typography } from 'antd';
import { errorMessage } from '../../../lib/api-error';
import { fullLink, useArrivalLink, useRenewArrivalLink } from '../api/arrival-link';
import { useConsoleAccess } from '../../../lib/console-access';

async function copy(value: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(value);
    return true;
  } catch {
    return false;
  }
}

/**
 * 到访链接 (issue 15 item 4; decision 011): the listing's external arrival link as it is sent
 * (this host's origin and the path), a copy button, and a renew button that kills older links.
 */
export function ArrivalLinkModal({ house, onClose }: { house: { id: number; name: string } | null; onClose: () => void }) {
  const id = house?.id ?? null;
  const link = useArrivalLink(id);
  const renew = useRenewArrivalLink(id);
  const { canWrite } = useConsoleAccess('houses');
  const { message } = App.useApp();
  const url = link.data ? fullLink(link.data.path) : '';

  const onCopy = async () => {
    if (await copy(url)) void message.success(text.linkCopied);
    else void message.warning(text.linkCopyFailed);
  };
  const onRenew = async () => {
    try {
      await renew.mutateAsync();
      void message.success(text.linkRenewed);
    } catch (error) {
      void message.error(errorMessage(error, messages.common.requestException));
    }
  };

  let body;
  if (link.isPending) body = <Skeleton active paragraph={{ rows: 2 }} />;
  else if (link.isError)
    body = (
      <Alert
        type="error"
        showIcon
        role="alert"
        message={text.linkFailed}
        description={errorMessage(link.error, text.linkFailed)}
        action={
          <Button size="small" onClick={() => void link.refetch()}>
            {adminConsoleMessages.retry}
          </Button>
        }
      />
    );
  else
    body = (
      <Space direction="vertical" size={16} style={{ width: '100%' }}>
        <Typography.Text type="secondary">{text.linkHint}</Typography.Text>
        <Input.TextArea value={url} readOnly autoSize={{ minRows: 2, maxRows: 4 }} aria-label={text.arrivalLink} data-testid="arrival-link-url" onFocus={(e) => e.currentTarget.select()} />
        <Space>
          <Button type="primary" icon={<CopyOutlined />} onClick={() => void onCopy()}>
            {text.linkCopy}
          </Button>
          {canWrite ? (
            <Popconfirm title={text.linkRenewConfirm} description={text.linkRenewHint} okText={text.linkRenew} cancelText={adminConsoleMessages.cancel} onConfirm={onRenew}>
              <Button danger icon={<ReloadOutlined />} loading={renew.isPending}>
                {text.linkRenew}
              </Button>
            </Popconfirm>
          ) : null}
        </Space>
      </Space>
    );

  return (
    <Modal
      open={house !== null}
      title={house ? text.linkTitle(house.name) : ''}
      width={640}
      onCancel={onClose}
      footer={<Button onClick={onClose}>{text.close}</Button>}
      destroyOnHidden
    >
      {body}
    </Modal>
  );
}
