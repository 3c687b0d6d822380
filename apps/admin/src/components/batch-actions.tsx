import type { ActionType } from '@ant-design/pro-components';
import { messages } from '@baobei/shared/messages';
import { adminBatchMessages as text } from '@baobei/shared/messages/admin';
import type { BatchResult } from '@baobei/shared/schemas/admin-batch';
import { App, Button, Form, Modal, Table } from 'antd';
import { useState, type Key, type ReactNode, type RefObject } from 'react';
import { errorMessage } from '../lib/api-error';

/**
 * The console tables' batch actions (issue 30, item 3; docs/decisions/084), Ant Design Pro's way:
 * the table's row selection, its alert bar naming how many rows are chosen with the actions
 * beside it; each action confirms with the count, runs on the server row by row, and says what
 * was done, listing any row not done with its reason.
 */

/** ProTable's selection props: checkboxes kept across pages, at most a page's worth. */
export const BATCH_SELECTION = { preserveSelectedRowKeys: false } as const;

/** The alert bar's text: the count, and 取消选择. */
export function batchAlert({ selectedRowKeys, onCleanSelected }: { selectedRowKeys: Key[]; onCleanSelected: () => void }): ReactNode {
  return (
    <span>
      {text.selected(selectedRowKeys.length)}
      <Button type="link" size="small" onClick={onCleanSelected}>
        {text.clear}
      </Button>
    </span>
  );
}

/**
 * Shows a batch's answer: a success message when every row was done, else a dialog listing the
 * rows not done (`labelOf` names a row as the table shows it) with their reasons. Then the table
 * reloads and the selection clears.
 */
export function useBatchRunner(actionRef: RefObject<ActionType | undefined>) {
  const { message, modal } = App.useApp();
  return async function run(work: () => Promise<BatchResult>, labelOf: (id: number) => string, clear: () => void): Promise<void> {
    let result: BatchResult;
    try {
      result = await work();
    } catch (error) {
      message.error(errorMessage(error, messages.common.requestException));
      throw error;
    }
    clear();
    void actionRef.current?.reload();
    if (result.failed === 0) {
      message.success(text.done(result.succeeded, 0));
      return;
    }
    modal.warning({
      title: text.done(result.succeeded, result.failed),
      width: 640,
      content: (
        <Table
          size="small"
          rowKey="id"
          pagination={false}
          scroll={{ y: 320 }}
          dataSource={result.results.filter((r) => !r.ok)}
          columns={[
            { title: text.failedRow, dataIndex: 'id', width: 200, render: (id: number) => labelOf(id) },
            { title: text.failedReason, dataIndex: 'message' },
          ]}
        />
      ),
    });
  };
}

/** A confirmation before a batch: its question names the count; OK runs it (the dialog waits). */
export function useBatchConfirm() {
  const { modal } = App.useApp();
  return (title: string, okText: string, run: () => Promise<void>, danger = false) =>
    modal.confirm({ title, okText, cancelText: messages.common.cancel, okButtonProps: { danger }, onOk: () => run().catch(() => undefined) });
}

/** A batch that asks for fields first (驳回原因, 新审核员, 结佣日期): a small form in a dialog. */
export function BatchFormModal<V extends object>({
  open,
  title,
  okText,
  hint,
  onCancel,
  onSubmit,
  children,
}: {
  open: boolean;
  title: string;
  okText: string;
  hint?: ReactNode;
  onCancel: () => void;
  onSubmit: (values: V) => Promise<void>;
  children: ReactNode;
}) {
  const [form] = Form.useForm<V>();
  const [busy, setBusy] = useState(false);
  return (
    <Modal
      open={open}
      title={title}
      okText={okText}
      cancelText={messages.common.cancel}
      confirmLoading={busy}
      destroyOnHidden
      onCancel={onCancel}
      onOk={async () => {
        const values = await form.validateFields();
        setBusy(true);
        try {
          await onSubmit(values);
        } catch {
          // Said by the runner; the dialog stays open to try again.
        } finally {
          setBusy(false);
        }
      }}
    >
      {hint}
      <Form form={form} layout="vertical" preserve={false}>
        {children}
      </Form>
    </Modal>
  );
}
