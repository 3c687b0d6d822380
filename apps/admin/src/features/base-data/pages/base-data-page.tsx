import { PageContainer } from '@ant-design/pro-components';
import { adminBaseDataMessages as text } from '@baobei/shared/messages/admin';
import { useSearchParams } from 'react-router';
import { FeatureTab } from '../components/feature-tab';
import { RegionTab } from '../components/region-tab';

const TABS = ['regions', 'features'] as const;
type Tab = (typeof TABS)[number];

/**
 * 基础资料 (issue 30, item 1; docs/decisions/078): what a new company sets up before its first
 * listing: its cities (provinces, cities, centres, the default city) and its 楼盘特色. The tab is
 * in the address, so a reload keeps it.
 */
export function BaseDataPage() {
  const [params, setParams] = useSearchParams();
  const tab: Tab = (TABS as readonly string[]).includes(params.get('tab') ?? '') ? (params.get('tab') as Tab) : 'regions';
  return (
    <PageContainer
      title={text.menu}
      subTitle={text.subTitle}
      tabActiveKey={tab}
      onTabChange={(key) => setParams({ tab: key }, { replace: true })}
      tabList={[
        { key: 'regions', tab: text.tabRegions },
        { key: 'features', tab: text.tabFeatures },
      ]}
    >
      {tab === 'regions' ? <RegionTab /> : <FeatureTab />}
    </PageContainer>
  );
}
