import { DeleteOutlined, DownloadOutlined } from '@ant-design/icons';
import { PageContainer } from '@ant-design/pro-components';
import { adminPrivacyMessages as text } from '@baobei/shared/messages/admin/privacy';
import { MAINLAND_PHONE_PATTERN } from '@baobei/shared/rules/phone';
import { Alert, App, Button, Card, Empty, Input, Space, Spin, Typography } from 'antd';
import { useState } from 'react';
import { errorMessage, isApiError } from '../../../lib/api-error';
import { useConsoleAccess } from '../../../lib/console-access';
import { useAnonymisePii, useExportPii, usePiiFind } from '../api/privacy';
import { AnonymiseDialog } from '../components/anonymise-dialog';
import { PiiRequestTable } from '../components/pii-request-table';
import { PiiSourceTable } from '../components/pii-source-table';

/**
 * 个人信息请求 (issue 33, item 4; docs/decisions/093): a person asks what the company holds about
 * their number, for a copy, or for its deletion. The operator searches the full number, sees the
 * rows per source, exports the file for the person, or anonymises them with a reason.
 */
export function PrivacyPage() {
  const { message } = App.useApp();
  const { canWrite } = useConsoleAccess('privacy');
  const [input, setInput] = useState('');
  const [inputError, setInputError] = useState<string | null>(null);
  const [phone, setPhone] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const found = usePiiFind(phone);
  const exporting = useExportPii();
  const anonymising = useAnonymisePii();

  function search(value: string) {
    const v = value.trim();
    if (!MAINLAND_PHONE_PATTERN.test(v)) {
      setInputError(text.phoneInvalid);
      return;
    }
    setInputError(null);
    setPhone(v);
  }

  const notFound = found.isError && isApiError(found.error) && found.error.code === 404;
  const total = found.data?.total ?? 0;

  return (
    <PageContainer title={text.title} subTitle={text.subTitle}>
      <Card style={{ marginBottom: 16 }}>
        <Space direction="vertical" style={{ width: '100%' }}>
          <Input.Search
            style={{ maxWidth: 420 }}
            placeholder={text.phonePlaceholder}
            enterButton={text.find}
            maxLength={11}
            value={input}
            onChange={(e) => setInput(e.target.value)}
            onSearch={search}
            status={inputError ? 'error' : ''}
            loading={found.isFetching}
            data-testid="privacy-phone"
          />
          {inputError ? <Typography.Text type="danger">{inputError}</Typography.Text> : null}
        </Space>
      </Card>

      {phone === null ? <Empty description={text.empty} style={{ marginBottom: 24 }} /> : null}
      {phone !== null && found.isLoading ? <Spin style={{ display: 'block', margin: 48 }} /> : null}
      {notFound ? <Empty description={text.nothingFound} style={{ marginBottom: 24 }} /> : null}
      {found.isError && !notFound ? <Alert type="error" showIcon message={errorMessage(found.error, text.nothingFound)} style={{ marginBottom: 16 }} /> : null}

      {/* After an anonymisation the search answers 404: the rows it had are gone, so they are not shown. */}
      {found.data && phone && !found.isError ? (
        <>
          <Alert
            style={{ marginBottom: 16 }}
            type="info"
            showIcon
            message={text.found(total)}
            action={
              <Space>
                <Button
                  icon={<DownloadOutlined />}
                  loading={exporting.isPending}
                  data-testid="privacy-export"
                  onClick={() =>
                    exporting.mutate(phone, { onError: (e) => void message.error(errorMessage(e, text.export)) })
                  }
                >
                  {text.export}
                </Button>
                {canWrite ? (
                  <Button danger icon={<DeleteOutlined />} onClick={() => setConfirming(true)} data-testid="privacy-anonymise">
                    {text.anonymise}
                  </Button>
                ) : null}
              </Space>
            }
          />
          {found.data.sources.map((source) => (
            <PiiSourceTable key={source.source} source={source} />
          ))}
          <AnonymiseDialog
            open={confirming}
            phone={phone}
            total={total}
            busy={anonymising.isPending}
            error={anonymising.isError ? errorMessage(anonymising.error, text.changed) : null}
            onCancel={() => {
              setConfirming(false);
              anonymising.reset();
            }}
            onConfirm={(reason) =>
              anonymising.mutate(
                { phone, reason, total },
                {
                  onSuccess: (done) => {
                    setConfirming(false);
                    void message.success(text.anonymised(done.total));
                  },
                },
              )
            }
          />
        </>
      ) : null}

      <PiiRequestTable />
    </PageContainer>
  );
}
