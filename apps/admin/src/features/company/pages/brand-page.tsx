import { PageContainer } from '@ant-design/pro-components';
import { adminBrandMessages, adminConsoleMessages } from '@baobei/shared/messages/admin';
import { isPlatformAdmin } from '@baobei/shared/rules/access';
import { useMe } from '../../../api/get-me';
import { BrandForm } from '../components/brand-form';

/**
 * 品牌设置: every field of the signed-in account's company, brand and settings (issue 15, item
 * 3). The hosts are a field for the platform administrator only; an operator sees them.
 */
export function BrandPage() {
  const me = useMe();
  const role = me.data?.user.role;
  return (
    <PageContainer title={adminConsoleMessages.menuBrand} subTitle={adminBrandMessages.subTitle}>
      <BrandForm canEditHosts={role !== undefined && isPlatformAdmin(role)} />
    </PageContainer>
  );
}
