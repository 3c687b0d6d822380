import { ArrowDownOutlined, ArrowUpOutlined, UploadOutlined } from '@ant-design/icons';
import { api } from '@baobei/shared/contract';
import { messages } from '@baobei/shared/messages';
import { adminHomeContentMessages as text } from '@baobei/shared/messages/admin';
import { Alert, App, Button, Image, Input, Space, Tag, Tooltip, Typography, Upload, type FormInstance } from 'antd';
import { useState } from 'react';
import { call } from '../../../lib/api-client';
import { errorMessage, isApiError } from '../../../lib/api-error';

/** A picture address the home content schemas take: a site path or an http(s) URL. */
export const PICTURE_PATTERN = /^(?:\/[\w\-./]+|https?:\/\/[^\s"'<>]+)$/;
/** An in-app path (apps/web lib/in-app-path): '/…', never '//…'. */
export const IN_APP_PATTERN = /^\/(?![/\\])[^\s"'<>]*$/;

/** A row's city: its name, or 全部城市 for a row every city shows. */
export function CityTag({ cityId, cityName }: { cityId: number | null; cityName: string }) {
  return cityId === null ? (
    <Tooltip title={text.cityAllHint}>
      <Tag color="blue">{text.cityAll}</Tag>
    </Tooltip>
  ) : (
    <Tag>{cityName}</Tag>
  );
}

/** What the console upload takes (the app's rule): checked here first, and again by the server by content. */
const PICTURE_TYPES = new Set(['image/jpeg', 'image/png', 'image/gif', 'image/bmp']);
const MAX_BYTES = 5 * 1024 * 1024;

/** A picture uploaded (POST /api/admin/upload/index) or its address typed, with its preview. */
export function PictureField({ id, value, onChange, height = 64 }: { id?: string; value?: string; onChange?: (value: string) => void; height?: number }) {
  const { message } = App.useApp();
  const [uploading, setUploading] = useState(false);
  const upload = async (file: File) => {
    if (file.type && !PICTURE_TYPES.has(file.type)) return void message.error(messages.upload.notImage);
    if (file.size > MAX_BYTES) return void message.error(messages.upload.tooLarge);
    setUploading(true);
    try {
      const form = new FormData();
      form.append('file', file);
      onChange?.((await call(api.upload.admin, { form })).url);
    } catch (error) {
      void message.error(errorMessage(error, messages.upload.failed));
    } finally {
      setUploading(false);
    }
  };
  return (
    <Space align="start" size={12} style={{ width: '100%' }}>
      <div style={{ width: height * 2, height, display: 'flex', alignItems: 'center', justifyContent: 'center', background: '#fafafa', border: '1px dashed #d9d9d9', borderRadius: 6, overflow: 'hidden' }}>
        {value && PICTURE_PATTERN.test(value) ? (
          <Image src={value} height={height} style={{ objectFit: 'contain' }} alt="" />
        ) : (
          <Typography.Text type="secondary">{text.pictureUnset}</Typography.Text>
        )}
      </div>
      <Space direction="vertical" size={8}>
        <Upload
          accept="image/jpeg,image/png,image/gif,image/bmp"
          showUploadList={false}
          beforeUpload={(file) => {
            void upload(file);
            return false;
          }}
        >
          <Button icon={<UploadOutlined />} loading={uploading}>
            {text.upload}
          </Button>
        </Upload>
        <Input id={id} value={value} onChange={(e) => onChange?.(e.target.value)} placeholder={text.picturePlaceholder} style={{ width: 360 }} allowClear />
      </Space>
    </Space>
  );
}

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
      const named = isApiError(error) && typeof error.data === 'object' && error.data && 'field' in error.data ? String(error.data.field) : null;
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

