import { ProFormSelect, ProFormText, type ProColumns } from '@ant-design/pro-components';
import { adminHomeContentMessages as text, adminHomeMessages as rules } from '@baobei/shared/messages/admin';
import type { AdminNav } from '@baobei/shared/schemas/admin-home';
import { PICTURE_URL } from '@baobei/shared/rules/console-fields';
import { Form, Image, Tag, Typography } from 'antd';
import { useFeatures } from '../api/home-content';
import { CityTag } from './content-parts';
import { ContentTable, useContentTab } from './content-table';
import { PictureField } from '../../../components/picture-field';

interface NavForm {
  cityId: number;
  title: string;
  icon: string;
  featureId?: number | null;
}

const FIELDS = ['cityId', 'title', 'icon', 'featureId'] as const;

/** 导航: the grid under the banners; each item opens the listing list of a feature. */
export function NavTab({ cityId, cityOptions }: { cityId: number | undefined; cityOptions: { label: string; value: number }[] }) {
  const features = useFeatures();
  const tab = useContentTab<'nav', NavForm>('nav', cityId, {
    initial: (nav) => (nav ? { cityId: nav.cityId ?? 0, title: nav.title, icon: nav.icon, featureId: nav.featureId } : { cityId: cityId ?? 0, title: '', icon: '', featureId: null }),
    body: (values) => ({ cityId: values.cityId || null, title: values.title.trim(), icon: values.icon.trim(), featureId: values.featureId ?? null }),
    fields: FIELDS,
  });

  const columns: ProColumns<AdminNav>[] = [
    { title: text.icon, dataIndex: 'icon', width: 90, render: (_, row) => <Image src={row.icon} width={44} height={44} style={{ objectFit: 'contain' }} alt={row.title} /> },
    { title: text.title, dataIndex: 'title' },
    {
      title: text.feature,
      dataIndex: 'featureName',
      render: (_, row) => (row.featureId ? <Tag color="geekblue">{row.featureName}</Tag> : <Typography.Text type="secondary">{text.featureNone}</Typography.Text>),
    },
    { title: text.city, dataIndex: 'cityName', width: 110, render: (_, row) => <CityTag cityId={row.cityId} cityName={row.cityName} /> },
  ];

  return (
    <ContentTable<'nav', NavForm> tab={tab} label={text.tabNav} columns={columns} formWidth={640}>
      <ProFormSelect name="cityId" label={text.city} options={cityOptions} allowClear={false} rules={[{ required: true }]} />
      <ProFormText name="title" label={text.title} fieldProps={{ maxLength: 10, showCount: true }} rules={[{ required: true, whitespace: true, message: rules.titleRequired }]} />
      <Form.Item
        name="icon"
        label={text.icon}
        extra={text.iconHint}
        rules={[
          { required: true, whitespace: true, message: rules.iconRequired },
          { pattern: PICTURE_URL, message: rules.pictureInvalid(text.icon) },
        ]}
      >
        <PictureField width={96} height={48} fit="contain" />
      </Form.Item>
      <ProFormSelect name="featureId" label={text.feature} extra={text.featureHint} options={features.data ?? []} placeholder={text.featureNone} allowClear />
    </ContentTable>
  );
}
