import { PlusOutlined } from '@ant-design/icons';
import { ModalForm, ProTable, type ProColumns } from '@ant-design/pro-components';
import { adminHomeContentMessages as text, adminHomeMessages as rules } from '@baobei/shared/messages/admin';
import { App, Button, Popconfirm, Typography, type FormInstance } from 'antd';
import type { ReactNode } from 'react';
import { LoadFailed } from './content-parts';

export interface ContentTableProps<T, F> {
  /** The content's name in the buttons and titles: 轮播图, 导航, 栏目. */
  label: string;
  /** The city the table shows, or undefined for every city's rows. */
  cityId: number | undefined;
  rows: T[];
  list: { isLoading: boolean; isError: boolean; error: unknown; refetch: () => unknown };
  /** The tab's own columns; 操作 (编辑, 删除) comes last. */
  columns: ProColumns<T>[];
  refusal: { alert: ReactNode; show: (error: unknown) => void };
  /** Deletes the row at the version shown. */
  remove: (row: T) => Promise<unknown>;
  /** Opens the form on a row, or empty for a new one (null). */
  onEdit: (row: T | null) => void;
  editing: boolean;
  open: boolean;
  setOpen: (open: boolean) => void;
  form: FormInstance<F>;
  formWidth: number;
  /** Saves the form; true when it was taken (the form closes). */
  onSubmit: (values: F) => Promise<boolean>;
  /** The form's fields. */
  children: ReactNode;
}

/**
 * One tab of 首页内容 (banners, grid, columns): the city's rows with 编辑 and 删除 (confirmed),
 * 新增 above, a failed load with 重试, and the add/edit form in a modal; a refusal shows above
 * the table and the form alike.
 */
export function ContentTable<T extends { id: number; version: number }, F>(props: ContentTableProps<T, F>) {
  const { label, cityId, rows, list, refusal, onEdit, form, open, setOpen } = props;
  const { message } = App.useApp();
  const columns: ProColumns<T>[] = [
    ...props.columns,
    {
      title: text.actions,
      valueType: 'option',
      width: 110,
      render: (_, row) => [
        <a key="edit" onClick={() => onEdit(row)}>
          {text.editAction}
        </a>,
        <Popconfirm
          key="remove"
          title={text.removeConfirm(label)}
          okText={text.remove}
          cancelText={text.cancel}
          onConfirm={async () => {
            try {
              await props.remove(row);
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

  return (
    <>
      {refusal.alert}
      <ProTable<T>
        rowKey="id"
        columns={columns}
        // Below 1280 px the title and link columns would shrink to nothing: the table scrolls instead.
        scroll={{ x: 1100 }}
        dataSource={rows}
        loading={list.isLoading}
        search={false}
        pagination={false}
        options={{ density: false, setting: false, reload: () => void list.refetch() }}
        headerTitle={<Typography.Text type="secondary">{cityId === undefined ? text.allHint : text.listHint}</Typography.Text>}
        locale={{ emptyText: list.isError ? <LoadFailed error={list.error} onRetry={() => void list.refetch()} /> : text.empty }}
        toolBarRender={() => [
          <Button key="add" type="primary" icon={<PlusOutlined />} onClick={() => onEdit(null)}>
            {text.add(label)}
          </Button>,
        ]}
      />
      <ModalForm<F>
        title={props.editing ? text.edit(label) : text.add(label)}
        open={open}
        form={form}
        width={props.formWidth}
        layout="horizontal"
        labelCol={{ span: 4 }}
        modalProps={{ destroyOnHidden: true, onCancel: () => setOpen(false) }}
        submitter={{ searchConfig: { submitText: text.save, resetText: text.cancel } }}
        onOpenChange={setOpen}
        onFinish={async (values) => {
          const done = await props.onSubmit(values);
          if (done) setOpen(false);
          return done;
        }}
      >
        {refusal.alert}
        {props.children}
      </ModalForm>
    </>
  );
}
