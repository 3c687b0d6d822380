import { CloseOutlined } from '@ant-design/icons';
import { ProFormSelect, ProFormText, ProFormTextArea, type ProColumns } from '@ant-design/pro-components';
import { adminHomeContentMessages as text, adminHomeMessages as rules } from '@baobei/shared/messages/admin';
import type { AdminColumn } from '@baobei/shared/schemas/admin-home';
import { IN_APP_PATH } from '@baobei/shared/rules/console-fields';
import { App, Button, Empty, Form, List, Select, Space, Tag, Typography } from 'antd';
import { useMemo, useRef, useState } from 'react';
import { newIdempotencyKey, useContentList, useContentMutations, useHouseChoices } from '../api/home-content';
import { CityTag, moved, OrderButtons, useRefusal } from './content-parts';
import { ContentTable } from './content-table';

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
  const list = useContentList('column', cityId);
  const mutations = useContentMutations('column');
  const refusal = useRefusal(() => void list.refetch());
  const { message } = App.useApp();
  const [editing, setEditing] = useState<AdminColumn | null>(null);
  const [open, setOpen] = useState(false);
  const [form] = Form.useForm<ColumnForm>();
  const key = useRef(newIdempotencyKey());
  const rows = useMemo(() => list.data ?? [], [list.data]);

  const openForm = (column: AdminColumn | null) => {
    refusal.clear();
    setEditing(column);
    key.current = newIdempotencyKey();
    form.resetFields();
    form.setFieldsValue(
      column
        ? { cityId: column.cityId ?? 0, type: column.type, title: column.title, description: column.description, moreLink: column.moreLink, houses: column.houses }
        : { cityId: cityId ?? 0, type: 1, title: '', description: '', moreLink: '', houses: [] },
    );
    setOpen(true);
  };

  const submit = async (values: ColumnForm) => {
    const body = {
      cityId: values.cityId || null,
      type: values.type,
      title: values.title.trim(),
      description: (values.description ?? '').trim(),
      moreLink: (values.moreLink ?? '').trim(),
      houseIds: (values.houses ?? []).map((h) => h.id),
    };
    try {
      if (editing) await mutations.update.mutateAsync({ id: editing.id, version: editing.version, ...body });
      else await mutations.create.mutateAsync({ body, key: key.current });
      void message.success(editing ? rules.saved : rules.created);
      return true;
    } catch (error) {
      refusal.show(error, form, FIELDS, { houseIds: 'houses' });
      return false;
    }
  };

  const move = async (from: number, to: number) => {
    try {
      await mutations.reorder.mutateAsync(moved(rows, from, to).map(({ id, version }) => ({ id, version })));
    } catch (error) {
      refusal.show(error);
    }
  };

  const columns: ProColumns<AdminColumn>[] = [
    {
      title: '',
      width: 80,
      render: (_, _row, index) => <OrderButtons index={index} count={rows.length} disabled={cityId === undefined || mutations.reorder.isPending} onMove={(f, t) => void move(f, t)} />,
    },
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
    <ContentTable<AdminColumn, ColumnForm>
      label={text.tabColumn}
      cityId={cityId}
      rows={rows}
      list={list}
      columns={columns}
      refusal={refusal}
      remove={(row) => mutations.remove.mutateAsync({ id: row.id, version: row.version })}
      onEdit={openForm}
      editing={editing !== null}
      open={open}
      setOpen={setOpen}
      form={form}
      formWidth={720}
      onSubmit={submit}
    >
      <ColumnFormFields cityOptions={cityOptions} />
    </ContentTable>
  );
}
