import { CloseOutlined } from '@ant-design/icons';
import { ProFormSelect, ProFormText, ProFormTextArea, type ProColumns } from '@ant-design/pro-components';
import { adminHomeContentMessages as text, adminHomeMessages as rules } from '@baobei/shared/messages/admin';
import type { AdminColumn } from '@baobei/shared/schemas/admin-home';
import { IN_APP_PATH } from '@baobei/shared/rules/console-fields';
import { Button, Empty, Form, List, Select, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useHouseChoices } from '../api/home-content';
import { moved, OrderButtons } from '../../../components/list-parts';
import { CityTag } from './content-parts';
import { ContentTable, useContentTab } from './content-table';

interface Picked {
  id: number;
  name: string;
  active: boolean;
}

interface ColumnForm {
  cityId: number;
  type: number;
  title: string;
  description?: string;
  moreLink?: string;
  houses: Picked[];
}

const FIELDS = ['cityId', 'type', 'title', 'description', 'moreLink', 'houses'] as const;
const TYPE_OPTIONS = Object.entries(text.columnTypes).map(([value, label]) => ({ label, value: Number(value) }));

/** The column's listings in order: added by name, moved up or down, taken out. */
function HousesField({ id, value = [], onChange, cityId }: { id?: string; value?: Picked[]; onChange?: (v: Picked[]) => void; cityId: number | undefined }) {
  const [keyword, setKeyword] = useState('');
  const choices = useHouseChoices(keyword, cityId);
  const taken = new Set(value.map((h) => h.id));
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Select<number>
        id={id}
        showSearch
        value={null as unknown as number}
        filterOption={false}
        onSearch={setKeyword}
        loading={choices.isFetching}
        placeholder={text.housesAdd}
        options={(choices.data ?? []).filter((o) => !taken.has(o.value))}
        onSelect={(houseId, option) => onChange?.([...value, { id: houseId, name: String(option.label), active: true }])}
        style={{ width: '100%' }}
      />
      <List
        size="small"
        bordered
        dataSource={value}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={text.housesEmpty} /> }}
        style={{ maxHeight: 280, overflow: 'auto' }}
        renderItem={(house, index) => (
          <List.Item
            actions={[
              <OrderButtons key="order" index={index} count={value.length} disabled={false} onMove={(f, t) => onChange?.(moved(value, f, t))} />,
              <Button key="remove" type="text" size="small" aria-label={text.remove} icon={<CloseOutlined />} onClick={() => onChange?.(value.filter((h) => h.id !== house.id))} />,
            ]}
          >
            <Space>
              <Typography.Text type="secondary">{index + 1}.</Typography.Text>
              {house.name}
              {house.active ? null : <Tag>{text.houseWithdrawn}</Tag>}
            </Space>
          </List.Item>
        )}
      />
    </Space>
  );
}

function ColumnFormFields({ cityOptions }: { cityOptions: { label: string; value: number }[] }) {
  const cityId = Form.useWatch<number>('cityId');
  return (
    <>
      <ProFormSelect name="cityId" label={text.city} options={cityOptions} allowClear={false} rules={[{ required: true }]} />
      <ProFormSelect name="type" label={text.columnType} extra={text.columnTypeHint} options={TYPE_OPTIONS} allowClear={false} rules={[{ required: true, message: rules.columnTypeInvalid }]} />
      <ProFormText name="title" label={text.title} fieldProps={{ maxLength: 20, showCount: true }} rules={[{ required: true, whitespace: true, message: rules.titleRequired }]} />
      <ProFormTextArea name="description" label={text.description} fieldProps={{ maxLength: 100, showCount: true, autoSize: { minRows: 2, maxRows: 3 } }} />
      <ProFormText name="moreLink" label={text.moreLink} extra={text.moreLinkHint} rules={[{ pattern: IN_APP_PATH, message: rules.inAppLinkInvalid(text.moreLink) }]} />
      <Form.Item name="houses" label={text.houses} extra={text.housesHint}>
        <HousesField cityId={cityId || undefined} />
      </Form.Item>
    </>
  );
}

/** 专栏: a city's columns (type, title, description, the listings in them in order). */
export function ColumnTab({ cityId, cityOptions }: { cityId: number | undefined; cityOptions: { label: string; value: number }[] }) {
  const tab = useContentTab<'column', ColumnForm>('column', cityId, {
    initial: (column) =>
      column
        ? { cityId: column.cityId ?? 0, type: column.type, title: column.title, description: column.description, moreLink: column.moreLink, houses: column.houses }
        : { cityId: cityId ?? 0, type: 1, title: '', description: '', moreLink: '', houses: [] },
    body: (values) => ({
      cityId: values.cityId || null,
      type: values.type,
      title: values.title.trim(),
      description: (values.description ?? '').trim(),
      moreLink: (values.moreLink ?? '').trim(),
      houseIds: (values.houses ?? []).map((h) => h.id),
    }),
    fields: FIELDS,
    rename: { houseIds: 'houses' },
  });

  const columns: ProColumns<AdminColumn>[] = [
    { title: text.columnType, dataIndex: 'type', width: 110, render: (_, row) => <Tag color="purple">{text.columnTypes[row.type] ?? row.type}</Tag> },
    {
      title: text.title,
      dataIndex: 'title',
      render: (_, row) => (
        <Space direction="vertical" size={0}>
          <Typography.Text strong>{row.title}</Typography.Text>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {row.description}
          </Typography.Text>
        </Space>
      ),
    },
    {
      title: text.houses,
      dataIndex: 'houses',
      render: (_, row) => (
        <Typography.Paragraph ellipsis={{ rows: 2, tooltip: row.houses.map((h) => h.name).join('、') }} style={{ marginBottom: 0, maxWidth: 420 }}>
          <Typography.Text type="secondary">{text.houseCount(row.houses.length)}：</Typography.Text>
          {row.houses.map((h) => h.name).join('、')}
        </Typography.Paragraph>
      ),
    },
    { title: text.city, dataIndex: 'cityName', width: 110, render: (_, row) => <CityTag cityId={row.cityId} cityName={row.cityName} /> },
  ];

  return (
    <ContentTable<'column', ColumnForm> tab={tab} label={text.tabColumn} columns={columns} formWidth={720}>
      <ColumnFormFields cityOptions={cityOptions} />
    </ContentTable>
  );
}
