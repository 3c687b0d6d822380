import { PlusOutlined } from '@ant-design/icons';
import { ModalForm, ProTable, type ProColumns } from '@ant-design/pro-components';
import { adminHomeContentMessages as text, adminHomeMessages as rules } from '@baobei/shared/messages/admin';
import { App, Button, Form, Popconfirm, Typography } from 'antd';
import { useMemo, useRef, useState, type ReactNode } from 'react';
import { newIdempotencyKey, useContentList, useContentMutations, type ContentKind, type ItemOf } from '../api/home-content';
import { LoadFailed, moved, OrderButtons, useRefusal } from '../../../components/list-parts';
import { useConsoleAccess } from '../../../lib/console-access';

/** How a tab's form reads a row and writes its call's body. */
export interface ContentFormSpec<T, F> {
  /** The form's values for a row, or for a new one (null). */
  initial: (row: T | null) => Partial<F>;
  /** The create or update call's body (without id and version). */
  body: (values: F) => object;
  /** The form's fields a refusal can name; `rename`: the form's name of a field the server names otherwise. */
  fields: readonly string[];
  rename?: Record<string, string>;
}

/**
 * A tab's state and actions: its city's rows, the refusal shown above the table and the form,
 * the form opened on a row or empty (with a new Idempotency-Key), saving, and moving a row.
 */
export function useContentTab<K extends ContentKind, F>(kind: K, cityId: number | undefined, spec: ContentFormSpec<ItemOf[K], F>) {
  const list = useContentList(kind, cityId);
  const mutations = useContentMutations(kind);
  const refusal = useRefusal(() => void list.refetch());
  const { message } = App.useApp();
  const [editing, setEditing] = useState<ItemOf[K] | null>(null);
  const [open, setOpen] = useState(false);
  const [form] = Form.useForm<F>();
  const key = useRef(newIdempotencyKey());
  const rows = useMemo(() => list.data ?? [], [list.data]);

  const openForm = (row: ItemOf[K] | null) => {
    refusal.clear();
    setEditing(row);
    key.current = newIdempotencyKey();
    form.resetFields();
    form.setFieldsValue(spec.initial(row) as Parameters<typeof form.setFieldsValue>[0]);
    setOpen(true);
  };

  const submit = async (values: F): Promise<boolean> => {
    try {
      const body = spec.body(values);
      if (editing) await mutations.update.mutateAsync({ id: editing.id, version: editing.version, ...body });
      else await mutations.create.mutateAsync({ body, key: key.current });
      void message.success(editing ? rules.saved : rules.created);
      return true;
    } catch (error) {
      refusal.show(error, form, spec.fields, spec.rename);
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

  return { cityId, list, rows, refusal, mutations, editing, open, setOpen, form, openForm, submit, move };
}

export type ContentTab<K extends ContentKind, F> = ReturnType<typeof useContentTab<K, F>>;

export interface ContentTableProps<K extends ContentKind, F> {
  tab: ContentTab<K, F>;
  /** The content's name in the buttons and titles: 轮播图, 导航, 栏目. */
  label: string;
  /** The tab's own columns, between 上移/下移 and 操作 (编辑, 删除). */
  columns: ProColumns<ItemOf[K]>[];
  formWidth: number;
  /** The form's fields. */
  children: ReactNode;
}

/**
 * One tab of 首页内容 (banners, grid, columns): the city's rows with 编辑 and 删除 (confirmed),
 * 新增 above, a failed load with 重试, and the add/edit form in a modal; a refusal shows above
 * the table and the form alike.
 */
export function ContentTable<K extends ContentKind, F>({ tab, label, formWidth, children, ...props }: ContentTableProps<K, F>) {
  const { cityId, rows, list, refusal, mutations, form, open, setOpen } = tab;
  const { message } = App.useApp();
  const { canWrite } = useConsoleAccess('home');
  const columns: ProColumns<ItemOf[K]>[] = [
    {
      title: '',
      width: 80,
      render: (_, _row, index) => (
        <OrderButtons index={index} count={rows.length} disabled={cityId === undefined || mutations.reorder.isPending} onMove={(f, t) => void tab.move(f, t)} />
      ),
    },
    ...props.columns,
    {
      title: text.actions,
      valueType: 'option',
      width: 110,
      render: (_, row) => [
        <a key="edit" onClick={() => tab.openForm(row)}>
          {text.editAction}
        </a>,
        <Popconfirm
          key="remove"
          title={text.removeConfirm(label)}
          okText={text.remove}
          cancelText={text.cancel}
          onConfirm={async () => {
            try {
              await mutations.remove.mutateAsync({ id: row.id, version: row.version });
              void message.success(rules.deleted);
            } catch (error) {
              refusal.show(error);
            }
          }}
        >
          <a>{text.remove}</a>
        </Popconfirm>,
      ],
    },
  ];
  // docs/decisions/081: a scope that only reads sees the rows without 上移/下移 and 操作.
  const shown = canWrite ? columns : props.columns;

  return (
    <>
      {refusal.alert}
      <ProTable<ItemOf[K]>
        rowKey="id"
        columns={shown}
        // Below 1280 px the title and link columns would shrink to nothing: the table scrolls instead.
        scroll={{ x: 1100 }}
        dataSource={rows}
        loading={list.isLoading}
        search={false}
        pagination={false}
        options={{ density: false, setting: false, reload: () => void list.refetch() }}
        headerTitle={<Typography.Text type="secondary">{cityId === undefined ? text.allHint : text.listHint}</Typography.Text>}
        locale={{ emptyText: list.isError ? <LoadFailed error={list.error} onRetry={() => void list.refetch()} /> : text.empty }}
        toolBarRender={() =>
          canWrite
            ? [
                <Button key="add" type="primary" icon={<PlusOutlined />} onClick={() => tab.openForm(null)}>
                  {text.add(label)}
                </Button>,
              ]
            : []
        }
      />
      <ModalForm<F>
        title={tab.editing ? text.edit(label) : text.add(label)}
        open={open}
        form={form}
        width={formWidth}
        layout="horizontal"
        labelCol={{ span: 4 }}
        modalProps={{ destroyOnHidden: true, onCancel: () => setOpen(false) }}
        submitter={{ searchConfig: { submitText: text.save, resetText: text.cancel } }}
        onOpenChange={setOpen}
        onFinish={async (values) => {
          const done = await tab.submit(values);
          if (done) setOpen(false);
          return done;
        }}
      >
        {refusal.alert}
        {children}
      </ModalForm>
    </>
  );
}
