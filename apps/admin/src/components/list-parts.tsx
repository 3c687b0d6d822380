import { ArrowDownOutlined, ArrowUpOutlined } from '@ant-design/icons';
import { messages } from '@baobei/shared/messages';
import { adminHomeContentMessages as text } from '@baobei/shared/messages/admin';
import { Alert, App, Button, Space, Tooltip, Typography, type FormInstance } from 'antd';
import { useState } from 'react';
import { errorMessage, isApiError, refusedField } from '../lib/api-error';

/** The console's small editing parts shared by its list pages: a failed load, row order, refusals. */

/** A list that did not load: the server's message and 重试. */
export function LoadFailed({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  return (
    <Space direction="vertical" align="center">
      <Typography.Text type="danger">{errorMessage(error, messages.common.requestException)}</Typography.Text>
      <Button size="small" onClick={onRetry}>
        {text.reload}
      </Button>
    </Space>
  );
}

/** 上移 / 下移 of a row in its list. */
export function OrderButtons({ index, count, disabled, onMove }: { index: number; count: number; disabled: boolean; onMove: (from: number, to: number) => void }) {
  return (
    <Space size={0}>
      <Tooltip title={text.up}>
        <Button type="text" size="small" aria-label={text.up} icon={<ArrowUpOutlined />} disabled={disabled || index === 0} onClick={() => onMove(index, index - 1)} />
      </Tooltip>
      <Tooltip title={text.down}>
        <Button type="text" size="small" aria-label={text.down} icon={<ArrowDownOutlined />} disabled={disabled || index >= count - 1} onClick={() => onMove(index, index + 1)} />
      </Tooltip>
    </Space>
  );
}

/** The list with one row moved. */
export function moved<T>(list: readonly T[], from: number, to: number): T[] {
  const next = [...list];
  const [row] = next.splice(from, 1);
  next.splice(to, 0, row!);
  return next;
}

/**
 * What a form does with a refusal: a stale version (409) shows the reload hint above the form;
 * a refused field (`data.field`, decision 039) is marked on the field; anything else as a message.
 */
export function useRefusal(onReload: () => void) {
  const { message } = App.useApp();
  const [conflict, setConflict] = useState(false);
  return {
    conflict,
    clear: () => setConflict(false),
    /** `rename`: the form's name of a field the server names otherwise. */
    show(error: unknown, form?: FormInstance, fields: readonly string[] = [], rename: Record<string, string> = {}) {
      const msg = errorMessage(error, messages.common.requestException);
      if (isApiError(error) && error.code === 409) {
        setConflict(true);
        return;
      }
      const named = refusedField(error);
      const field = named === null ? null : (rename[named] ?? named);
      if (form && field && fields.includes(field)) form.setFields([{ name: field, errors: [msg] }]);
      else void message.error(msg);
    },
    alert: conflict ? (
      <Alert
        type="warning"
        showIcon
        role="alert"
        style={{ marginBottom: 16 }}
        message={text.conflict}
        description={text.conflictHint}
        action={
          <Button
            size="small"
            type="primary"
            onClick={() => {
              setConflict(false);
              onReload();
            }}
          >
            {text.reload}
          </Button>
        }
      />
    ) : null,
  };
}

