import { DownloadOutlined, InboxOutlined } from '@ant-design/icons';
import type { Endpoint } from '@baobei/shared/contract/endpoint';
import { messages } from '@baobei/shared/messages';
import { adminImportMessages as text } from '@baobei/shared/messages/admin';
import { MAX_IMPORT_BYTES } from '@baobei/shared/rules/excel-import';
import { newIdempotencyKey } from '@baobei/shared/rules/idempotency-key';
import { importCheckSchema, type ImportCheck, type ImportError, type ImportResult } from '@baobei/shared/schemas/admin-import';
import { Alert, App, Button, Modal, Space, Table, Typography, Upload } from 'antd';
import { useState } from 'react';
import { call } from '../lib/api-client';
import { errorMessage, isApiError } from '../lib/api-error';
import { downloadFile } from '../lib/download-file';

/** The three calls of one kind of import (contract/admin-import.ts). */
export interface ImportEndpoints {
  template: Endpoint & { file: true };
  check: Endpoint & { multipart: true; data: typeof importCheckSchema };
  run: Endpoint & { multipart: true };
}

interface Props {
  open: boolean;
  /** What is imported, as the title says it: 楼盘, 分销商, … */
  what: string;
  endpoints: ImportEndpoints;
  /** A note above the steps (how the imported accounts sign in). */
  hint?: string;
  onClose: () => void;
  onDone: (result: ImportResult) => void;
}

/** The file's form: the multipart field `file` the server reads. */
function formOf(file: File): FormData {
  const form = new FormData();
  form.append('file', file);
  return form;
}

/** A refused import's list (400 with the dry run's answer as `data`), if the refusal carries one. */
function refusalCheck(error: unknown): ImportCheck | null {
  if (!isApiError(error)) return null;
  const parsed = importCheckSchema.safeParse(error.data);
  return parsed.success ? parsed.data : null;
}

const ERROR_COLUMNS = [
  { title: text.sheet, dataIndex: 'sheet', width: 96 },
  { title: text.row, dataIndex: 'row', width: 64 },
  { title: text.column, dataIndex: 'column', width: 160 },
  { title: text.problem, dataIndex: 'message' },
];

/**
 * 批量导入 (issue 30, item 4; docs/decisions/083), one dialog for every kind: download the
 * template; pick a filled file, which the server checks at once (the dry run writes nothing);
 * its errors listed by sheet, row and column, or its row count; then 确认导入, sent with a key
 * made when the file was picked, so a double click or a retry imports once.
 */
export function ImportModal({ open, what, endpoints, hint, onClose, onDone }: Props) {
  const { message } = App.useApp();
  const [file, setFile] = useState<File | null>(null);
  const [key, setKey] = useState('');
  const [check, setCheck] = useState<ImportCheck | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState<'template' | 'check' | 'import' | null>(null);

  function reset() {
    setFile(null);
    setCheck(null);
    setProblem(null);
  }

  async function template() {
    setBusy('template');
    try {
      await downloadFile(endpoints.template, {});
    } catch (error) {
      message.error(errorMessage(error, messages.common.requestException));
    } finally {
      setBusy(null);
    }
  }

  async function pick(picked: File) {
    reset();
    setFile(picked);
    setKey(`import-${newIdempotencyKey()}`);
    if (picked.size > MAX_IMPORT_BYTES) {
      setProblem(text.fileTooLarge);
      return;
    }
    setBusy('check');
    try {
      setCheck(await call(endpoints.check, { form: formOf(picked) }));
    } catch (error) {
      setProblem(errorMessage(error, messages.common.requestException));
    } finally {
      setBusy(null);
    }
  }

  async function run() {
    if (!file) return;
    setBusy('import');
    try {
      const result = (await call(endpoints.run, { form: formOf(file) }, { headers: { 'Idempotency-Key': key } })) as ImportResult;
      message.success(text.imported(result.created, what));
      reset();
      onDone(result);
    } catch (error) {
      const refused = refusalCheck(error);
      if (refused) setCheck(refused);
      setProblem(errorMessage(error, messages.common.requestException));
    } finally {
      setBusy(null);
    }
  }

  const passed = check !== null && check.errorCount === 0 && problem === null;
  return (
    <Modal
      open={open}
      title={text.title(what)}
      width={760}
      destroyOnHidden
      onCancel={() => {
        if (busy === 'import') return;
        reset();
        onClose();
      }}
      footer={[
        <Button key="cancel" disabled={busy === 'import'} onClick={() => (reset(), onClose())}>
          {messages.common.cancel}
        </Button>,
        <Button key="run" type="primary" disabled={!passed} loading={busy === 'import'} onClick={() => void run()}>
          {busy === 'import' ? text.importing : text.confirm(check?.rows ?? 0)}
        </Button>,
      ]}
    >
      <Space direction="vertical" size="middle" style={{ width: '100%' }}>
        {hint && <Alert type="info" showIcon message={hint} />}
        <Space>
          <Typography.Text>1. {text.stepTemplate}</Typography.Text>
          <Button icon={<DownloadOutlined />} loading={busy === 'template'} onClick={() => void template()}>
            {text.downloadTemplate}
          </Button>
        </Space>
        <Typography.Text>2. {text.stepUpload}</Typography.Text>
        <Upload.Dragger
          accept=".xlsx"
          multiple={false}
          showUploadList={false}
          disabled={busy !== null}
          beforeUpload={(picked) => {
            void pick(picked);
            return false;
          }}
        >
          <p className="ant-upload-drag-icon">
            <InboxOutlined />
          </p>
          <p className="ant-upload-text">{file ? file.name : text.pickFile}</p>
          {file && <p className="ant-upload-hint">{text.reupload}</p>}
        </Upload.Dragger>
        {busy === 'check' && <Alert type="info" showIcon message={text.checking} />}
        {problem && <Alert type="error" showIcon message={problem} />}
        {check && check.errorCount === 0 && problem === null && (
          <Alert
            type="success"
            showIcon
            message={text.checked(check.rows)}
            description={check.sheets.map((s) => `${s.name}：${s.rows}行`).join('，')}
          />
        )}
        {check && check.errorCount > 0 && (
          <>
            {problem === null && <Alert type="error" showIcon message={text.checkedWithErrors(check.errorCount)} />}
            {check.errors.length < check.errorCount && <Typography.Text type="secondary">{text.moreErrors(check.errors.length, check.errorCount)}</Typography.Text>}
            <Table<ImportError>
              size="small"
              rowKey={(e) => `${e.sheet}-${e.row}-${e.column}-${e.message}`}
              columns={ERROR_COLUMNS}
              dataSource={check.errors}
              pagination={{ pageSize: 10, hideOnSinglePage: true, showSizeChanger: false }}
              scroll={{ y: 320 }}
            />
          </>
        )}
      </Space>
    </Modal>
  );
}
