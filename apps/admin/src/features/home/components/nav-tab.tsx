import { ProFormSelect, ProFormText, type ProColumns } from '@ant-design/pro-components';
import { adminHomeContentMessages as text, adminHomeMessages as rules } from '@baobei/shared/messages/admin';
import type { AdminNav } from '@baobei/shared/schemas/admin-home';
import { PICTURE_URL } from '@baobei/shared/rules/console-fields';
import { App, Form, Image, Tag, Typography } from 'antd';
import { useMemo, useRef, useState } from 'react';
import { newIdempotencyKey, useContentList, useContentMutations, useFeatures } from '../api/home-content';
import { CityTag, moved, OrderButtons, useRefusal } from './content-parts';
import { ContentTable } from './content-table';
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
  const list = useContentList('nav', cityId);
  const features = useFeatures();
  const mutations = useContentMutations('nav');
  const refusal = useRefusal(() => void list.refetch());
  const { message } = App.useApp();
  const [editing, setEditing] = useState<AdminNav | null>(null);
  const [open, setOpen] = useState(false);
  const [form] = Form.useForm<NavForm>();
  const key = useRef(newIdempotencyKey());
  const rows = useMemo(() => list.data ?? [], [list.data]);

  const openForm = (nav: AdminNav | null) => {
    refusal.clear();
    setEditing(nav);
    key.current = newIdempotencyKey();
    form.resetFields();
    form.setFieldsValue(nav ? { cityId: nav.cityId ?? 0, title: nav.title, icon: nav.icon, featureId: nav.featureId } : { cityId: cityId ?? 0, title: '', icon: '', featureId: null });
    setOpen(true);
  };

  const submit = async (values: NavForm) => {
    const body = { cityId: values.cityId || null, title: values.title.trim(), icon: values.icon.trim(), featureId: values.featureId ?? null };
    try {
      if (editing) await mutations.update.mutateAsync({ id: editing.id, version: editing.version, ...body });
      else await mutations.create.mutateAsync({ body, key: key.current });
      void message.success(editing ? rules.saved : rules.created);
      return true;
    } catch (error) {
      refusal.show(error, form, FIELDS);
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

  const columns: ProColumns<AdminNav>[] = [
    {
      title: '',
      width: 80,
      render: (_, _row, index) => <OrderButtons index={index} count={rows.length} disabled={cityId === undefined || mutations.reorder.isPending} onMove={(f, t) => void move(f, t)} />,
    },
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
    <ContentTable<AdminNav, NavForm>
      label={text.tabNav}
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
      formWidth={640}
      onSubmit={submit}
    >
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
