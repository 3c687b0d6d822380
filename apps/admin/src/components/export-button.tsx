import { DownloadOutlined } from '@ant-design/icons';
import type { Endpoint } from '@baobei/shared/contract/endpoint';
import type { QueryValue } from '@baobei/shared/client/envelope';
import { adminExportMessages as text } from '@baobei/shared/messages/admin';
import { App, Button, Modal, Progress, Space, Typography, type ButtonProps } from 'antd';
import { useRef, useState } from 'react';
import { errorMessage } from '../lib/api-error';
import { downloadFile, formatBytes, type DownloadProgress } from '../lib/download-file';
import { useConsoleAccess } from '../lib/console-access';

export interface ExportButtonProps {
  /** A file endpoint of the contract: `api.adminExport.records`, `.statistics`, `.staff`. */
  endpoint: Endpoint & { file: true };
  /** The filter, as the endpoint's query takes it (the report table's own filter for records). */
  query: Record<string, QueryValue>;
  /** About how many bytes one row makes in the zip (EXPORT_BYTES_PER_ROW), for the progress bar. */
  bytesPerRow?: number;
  label?: string;
  type?: ButtonProps['type'];
}

/**
 * 导出Excel (issue 16, item 4; docs/decisions/049): downloads an export with a progress dialog
 * (the rows the server announced, the bytes received, an estimated share), which can cancel;
 * the file is saved under the server's name. A refusal shows the server's message.
 */
export function ExportButton({ endpoint, query, bytesPerRow, label = text.exportButton, type = 'default' }: ExportButtonProps) {
  const { message } = App.useApp();
  const [progress, setProgress] = useState<DownloadProgress | null>(null);
  const [running, setRunning] = useState(false);
  const abort = useRef<AbortController | null>(null);
  // docs/decisions/081: the endpoint's own console grant (the exports area for most; 只读 has none).
  const grant = endpoint.access.console ?? { area: 'exports', write: false };
  const access = useConsoleAccess(grant.area);
  const allowed = grant.write ? access.canWrite : access.canRead;

  async function start() {
    const controller = new AbortController();
    abort.current = controller;
    setRunning(true);
    setProgress(null);
    try {
      const { fileName } = await downloadFile(endpoint, query, { signal: controller.signal, bytesPerRow, onProgress: setProgress });
      void message.success(text.done(fileName));
    } catch (error) {
      if (controller.signal.aborted) void message.info(text.cancelled);
      else void message.error(errorMessage(error, text.failed));
    } finally {
      setRunning(false);
      abort.current = null;
    }
  }

  const percent = progress ? Math.floor(progress.fraction * 100) : 0;
  if (!allowed) return null;
  return (
    <>
      <Button type={type} icon={<DownloadOutlined />} loading={running} onClick={() => void start()} data-testid="export-button">
        {label}
      </Button>
      <Modal
        open={running}
        title={text.exporting}
        closable={false}
        maskClosable={false}
        footer={<Button onClick={() => abort.current?.abort()}>{text.cancel}</Button>}
        width={440}
      >
        <Space direction="vertical" style={{ width: '100%' }} data-testid="export-progress">
          <Progress percent={percent} status="active" />
          <Typography.Text type="secondary">
            {progress === null
              ? text.preparing
              : [progress.rows === null ? null : text.progressRows(progress.rows), text.progressReceived(formatBytes(progress.received))]
                  .filter(Boolean)
                  .join(' · ')}
          </Typography.Text>
        </Space>
      </Modal>
    </>
  );
}
