import { PageContainer } from '@ant-design/pro-components';
import { UploadOutlined } from '@ant-design/icons';
import { api } from '@baobei/shared/contract';
import { adminAccountMessages as text, adminImportMessages } from '@baobei/shared/messages/admin';
import { ACCOUNT_GROUP_NAMES, type AccountGroup } from '@baobei/shared/schemas/admin-account';
import { Button } from 'antd';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { useMe } from '../../../api/get-me';
import { GROUP_LABEL } from '../components/account-form';
import { AccountTable } from '../components/account-table';
import { ImportModal, type ImportEndpoints } from '../../../components/import-modal';
import { useConsoleAccess, writable } from '../../../lib/console-access';

const ACCOUNT_IMPORT: ImportEndpoints = { template: api.adminImport.accountTemplate, check: api.adminImport.accountCheck, run: api.adminImport.accountImport };

/**
 * 账号管理 (issue 16, item 2; docs/decisions/047): the tabs 审核员 / 渠道 / 运营管理员, each a
 * table of that group's accounts of the host's company. The tab is in the address (?tab=).
 */
export function AccountsPage() {
  const me = useMe();
  const [params, setParams] = useSearchParams();
  const asked = params.get('tab');
  const tab: AccountGroup = (ACCOUNT_GROUP_NAMES as string[]).includes(asked ?? '') ? (asked as AccountGroup) : 'auditor';
  const { canWrite } = useConsoleAccess('accounts');
  const [importing, setImporting] = useState(false);
  /** A new key after an import: the table reads its list again. */
  const [generation, setGeneration] = useState(0);
  return (
    <PageContainer
      title={text.title}
      subTitle={text.subTitle}
      extra={writable(canWrite, [
        <Button key="import" icon={<UploadOutlined />} onClick={() => setImporting(true)}>
          {adminImportMessages.button}
        </Button>,
      ])}
      tabActiveKey={tab}
      onTabChange={(key) => setParams({ tab: key }, { replace: true })}
      tabList={ACCOUNT_GROUP_NAMES.map((group) => ({ key: group, tab: GROUP_LABEL[group] }))}
    >
      <AccountTable key={`${tab}-${generation}`} group={tab} meId={me.data?.user.id} />
      <ImportModal
        open={importing}
        what="账号"
        endpoints={ACCOUNT_IMPORT}
        hint={adminImportMessages.noPasswordHint}
        onClose={() => setImporting(false)}
        onDone={() => {
          setImporting(false);
          setGeneration((g) => g + 1);
        }}
      />
    </PageContainer>
  );
}
