import { Alert, Button, Empty } from 'antd';
import type { ReactNode } from 'react';
import { adminConsoleMessages } from '@baobei/shared/messages/admin';

/**
 * What every console list table shares (ProTable): no density or column-setting buttons, and a
 * width below which the table scrolls sideways instead of squeezing its columns to one character.
 */
export const CONSOLE_TABLE_PROPS = {
  options: { density: false, setting: false },
  scroll: { x: 1100 },
} as const;

/** A list's load failure above its table, with 重试 (the table itself shows its empty text). */
export function TableLoadError({ error, message, onRetry }: { error: string | null; message: string; onRetry: () => void }) {
  if (!error) return null;
  return (
    <Alert
      type="error"
      showIcon
      role="alert"
      style={{ marginBottom: 16 }}
      message={message}
      description={error}
      action={
        <Button size="small" onClick={onRetry}>
          {adminConsoleMessages.retry}
        </Button>
      }
    />
  );
}

/** A list table's empty text: the failure when loading failed, else what an empty list means. */
export function tableEmptyText(loadError: string | null, loadFailed: string, empty: ReactNode): ReactNode {
  return loadError ? <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={loadFailed} /> : <Empty description={empty} />;
}
