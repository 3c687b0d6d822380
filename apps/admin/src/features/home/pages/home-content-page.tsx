import { PageContainer } from '@ant-design/pro-components';
import { adminHomeContentMessages as text } from '@baobei/shared/messages/admin';
import { Select, Space, Typography } from 'antd';
import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { citiesAmong, useCities } from '../../../api/cities';
import { BannerTab } from '../components/banner-tab';
import { ColumnTab } from '../components/column-tab';
import { NavTab } from '../components/nav-tab';

const TABS = ['banner', 'nav', 'column'] as const;
type Tab = (typeof TABS)[number];
/** The selector's value for "every row" (no city): the list of all content. */
const ALL = 0;

/**
 * 首页内容 (issue 15, item 5; docs/decisions/042): the app's home page per city. The city
 * selector at the top chooses whose content the tabs show (its own rows and every city's, in
 * the app's order); the tab and city are in the address, so a reload keeps them.
 */
export function HomeContentPage() {
  const [params, setParams] = useSearchParams();
  const cities = useCities();
  const tab: Tab = (TABS as readonly string[]).includes(params.get('tab') ?? '') ? (params.get('tab') as Tab) : 'banner';

  const choosable = useMemo(() => citiesAmong(cities.data ?? []), [cities.data]);
  const fallback = choosable.find((c) => c.isDefault)?.id ?? choosable[0]?.id;
  const asked = params.get('city');
  const cityId = asked === String(ALL) ? undefined : choosable.some((c) => String(c.id) === asked) ? Number(asked) : fallback;

  /** The forms' city choices: every city's, then each city. */
  const cityOptions = useMemo(
    () => [{ label: text.cityAll, value: ALL }, ...choosable.map((c) => ({ label: c.enabled ? c.name : `${c.name}${text.cityDisabled}`, value: c.id }))],
    [choosable],
  );

  const set = (key: 'tab' | 'city', value: string) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        next.set(key, value);
        return next;
      },
      { replace: true },
    );

  const citySelector = (
    <Space>
      <Typography.Text>{text.city}</Typography.Text>
      <Select
        aria-label={text.city}
        style={{ width: 200 }}
        loading={cities.isLoading}
        value={cities.isLoading ? undefined : (cityId ?? ALL)}
        placeholder={text.cityPlaceholder}
        options={cityOptions}
        onChange={(value: number) => set('city', String(value))}
        data-testid="home-city-select"
      />
    </Space>
  );

  return (
    <PageContainer
      title={text.menu}
      subTitle={text.subTitle}
      extra={citySelector}
      tabActiveKey={tab}
      onTabChange={(key) => set('tab', key)}
      tabList={[
        { key: 'banner', tab: text.tabBanner },
        { key: 'nav', tab: text.tabNav },
        { key: 'column', tab: text.tabColumn },
      ]}
    >
      {cities.isLoading ? null : tab === 'banner' ? (
        <BannerTab cityId={cityId} cityOptions={cityOptions} />
      ) : tab === 'nav' ? (
        <NavTab cityId={cityId} cityOptions={cityOptions} />
      ) : (
        <ColumnTab cityId={cityId} cityOptions={cityOptions} />
      )}
    </PageContainer>
  );
}
