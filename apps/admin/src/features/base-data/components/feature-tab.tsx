import { PlusOutlined } from '@ant-design/icons';
import { ModalForm, ProFormText, ProTable, type ProColumns } from '@ant-design/pro-components';
import { adminFeatureMessages as text } from '@baobei/shared/messages/admin';
import { FEATURE_NAME_MAX, type AdminFeature } from '@baobei/shared/schemas/admin-feature';
import { App, Button, Empty, Form, Popconfirm, Tag, Typography } from 'antd';
import { useState } from 'react';
import { LoadFailed, moved, OrderButtons, useRefusal } from '../../../components/list-parts';
import { useFeatureList, useFeatureMutations } from '../api/features';
import { useConsoleAccess, writable } from '../../../lib/console-access';

/**
 * 楼盘特色 (基础资料): the company's listing features in the order the app's filter and the
 * listing form show them. Add, rename, move up or down, retire (no longer offered; the listings
 * that have it keep it) and restore. Every rule is the server's.
 */
export function FeatureTab() {
  const features = useFeatureList();
  const { create, update, reorder } = useFeatureMutations();
  const refusal = useRefusal(() => void features.refetch());
  const { message } = App.useApp();
  const [form] = Form.useForm<{ name: string }>();
  /** The dialog: a new feature (null row) or a rename. */
  const [editing, setEditing] = useState<{ row: AdminFeature | null } | null>(null);
  const rows = features.data ?? [];
  const busy = update.isPending || reorder.isPending;

  const open = (row: AdminFeature | null) => {
    refusal.clear();
    form.setFieldsValue({ name: row?.name ?? '' });
    setEditing({ row });
  };

  const submit = async ({ name }: { name: string }) => {
    try {
      if (editing?.row) {
        await update.mutateAsync({ id: editing.row.id, version: editing.row.version, name });
        void message.success(text.saved);
      } else {
        await create.mutateAsync(name);
        void message.success(text.created);
      }
      setEditing(null);
      return true;
    } catch (error) {
      refusal.show(error, form, ['name']);
      return false;
    }
  };

  const setActive = async (row: AdminFeature, active: boolean) => {
    try {
      await update.mutateAsync({ id: row.id, version: row.version, active });
      void message.success(active ? text.restored : text.retired);
    } catch (error) {
      refusal.show(error);
    }
  };

  const move = async (from: number, to: number) => {
    try {
      await reorder.mutateAsync(moved(rows, from, to).map(({ id, version }) => ({ id, version })));
      void message.success(text.reordered);
    } catch (error) {
      refusal.show(error);
    }
  };

  const { canWrite } = useConsoleAccess('base');
  const columns: ProColumns<AdminFeature>[] = [
    ...writable<ProColumns<AdminFeature>>(canWrite, [
      {
        title: '',
        dataIndex: 'sort',
        width: 90,
        render: (_, _row, index) => <OrderButtons index={index} count={rows.length} disabled={busy} onMove={(from, to) => void move(from, to)} />,
      },
    ]),
    { title: text.name, dataIndex: 'name', render: (_, row) => (row.active ? row.name : <Typography.Text type="secondary">{row.name}</Typography.Text>) },
    { title: text.houseCount, dataIndex: 'houseCount', width: 120 },
    {
      title: text.status,
      dataIndex: 'active',
      width: 100,
      render: (_, row) => (row.active ? <Tag color="green">{text.active}</Tag> : <Tag>{text.inactive}</Tag>),
    },
    ...writable<ProColumns<AdminFeature>>(canWrite, [
      {
        title: text.actions,
        valueType: 'option',
        width: 160,
        render: (_, row) => [
          <a key="edit" onClick={() => open(row)} aria-label={`${text.edit} ${row.name}`}>
            {text.edit}
          </a>,
          row.active ? (
            <Popconfirm key="retire" title={text.retireConfirm(row.name, row.houseCount)} onConfirm={() => setActive(row, false)}>
              <a aria-label={`${text.retire} ${row.name}`}>{text.retire}</a>
            </Popconfirm>
          ) : (
            <a key="restore" onClick={() => void setActive(row, true)} aria-label={`${text.restore} ${row.name}`}>
              {text.restore}
            </a>
          ),
        ],
      },
    ]),
  ];

  return (
    <>
      {refusal.alert}
      <ProTable<AdminFeature>
        rowKey="id"
        columns={columns}
        dataSource={rows}
        loading={features.isLoading}
        search={false}
        pagination={false}
        locale={{
          emptyText: features.isError ? <LoadFailed error={features.error} onRetry={() => void features.refetch()} /> : <Empty description={text.empty} />,
        }}
        options={{ density: false, setting: false, reload: () => void features.refetch() }}
        headerTitle={<Typography.Text type="secondary">{text.hint}</Typography.Text>}
        toolBarRender={() =>
          writable(canWrite, [
            <Button key="add" type="primary" icon={<PlusOutlined />} onClick={() => open(null)}>
              {text.add}
            </Button>,
          ])
        }
      />
      <ModalForm<{ name: string }>
        title={editing?.row ? text.editTitle : text.addTitle}
        open={editing !== null}
        form={form}
        width={440}
        layout="vertical"
        modalProps={{ destroyOnHidden: true, onCancel: () => setEditing(null) }}
        onFinish={submit}
      >
        <ProFormText name="name" label={text.name} fieldProps={{ maxLength: FEATURE_NAME_MAX }} rules={[{ required: true, whitespace: true, message: text.nameRequired }]} />
      </ModalForm>
    </>
  );
}
