import { Alert, Button, Empty } from 'antd';
import { useState, type ReactNode } from 'react';
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

/** An answer a newer request has overtaken: ProTable keeps it out of the table (`success: false` leaves the rows as they are). */
const SUPERSEDED = { data: [], total: 0, success: false };

/**
 * ProTable calls `request` again for each search, page and reload, and sets whatever answers: an
 * older call answering after a newer one (the first page, after the search that followed it) would
 * put the older rows back. `latestOnly(request)` answers only the latest call's rows.
 */
export function latestAnswers() {
  let latest = 0;
  return <P extends unknown[], R>(request: (...args: P) => Promise<R>) =>
    async (...args: P): Promise<R | typeof SUPERSEDED> => {
      const mine = ++latest;
      const answer = await request(...args);
      return mine === latest ? answer : SUPERSEDED;
    };
}

/** `latestAnswers` kept for the component's life: one count of calls per table. */
export function useLatestOnly() {
  const [latestOnly] = useState(latestAnswers);
  return latestOnly;
}
