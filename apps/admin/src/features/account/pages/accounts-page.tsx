import { PageContainer } from '@ant-design/pro-components';
import { adminAccountMessages as text } from '@baobei/shared/messages/admin';
import { ACCOUNT_GROUP_NAMES, type AccountGroup } from '@baobei/shared/schemas/admin-account';
import { useSearchParams } from 'react-router';
import { useMe } from '../../../api/get-me';
import { GROUP_LABEL } from '../components/account-form';
import { AccountTable } from '../components/account-table';

/**
 * 账号管理 (issue 16, item 2; docs/decisions/047): the tabs 审核员 / 渠道 / 运营管理员, each a
 * table of that group's accounts of the host's company. The tab is in the address (?tab=).
 */
export function AccountsPage() {
  const me = useMe();
  const [params, setParams] = useSearchParams();
  const asked = params.get('tab');
  const tab: AccountGroup = (ACCOUNT_GROUP_NAMES as string[]).includes(asked ?? '') ? (asked as AccountGroup) : 'auditor';
  return (
    <PageContainer
      title={text.title}
      subTitle={text.subTitle}
      tabActiveKey={tab}
      onTabChange={(key) => setParams({ tab: key }, { replace: true })}
      tabList={ACCOUNT_GROUP_NAMES.map((group) => ({ key: group, tab: GROUP_LABEL[group] }))}
    >
      <AccountTable key={tab} group={tab} meId={me.data?.user.id} />
    </PageContainer>
  );
}
