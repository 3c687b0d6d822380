import { UploadOutlined } from '@ant-design/icons';
import { adminPictureMessages as text } from '@baobei/shared/messages/admin';
import { PICTURE_URL } from '@baobei/shared/rules/console-fields';
import { IMAGE_ACCEPT } from '@baobei/shared/rules/image-file';
import { App, Button, Flex, Image, Input, Typography, Upload } from 'antd';
import { useState } from 'react';
import { uploadPicture } from '../lib/upload-picture';

export interface PictureFieldProps {
  id?: string;
  value?: string;
  onChange?: (value: string) => void;
  /** The preview's box in px (a square by default). */
  width?: number;
  height?: number;
  /** cover for photos cut to the box, contain for logos and icons shown whole. */
  fit?: 'cover' | 'contain';
  'aria-label'?: string;
}

/**
 * One picture field of the console (logo, banner, icon, 楼盘主图, 户型图): upload a file, or
 * type its address (/uploads/…, /assets/… or http(s)); a preview beside it.
 */
export function PictureField({ id, value, onChange, width = 96, height = width, fit = 'cover', 'aria-label': ariaLabel }: PictureFieldProps) {
  const { message } = App.useApp();
  const [busy, setBusy] = useState(false);
  const shown = value && PICTURE_URL.test(value) ? value : '';
  return (
    <Flex gap={12} align="flex-start">
      <div
        style={{
          width,
          height,
          flex: 'none',
          background: '#fafafa',
          border: '1px dashed #d9d9d9',
          borderRadius: 6,
          overflow: 'hidden',
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'center',
        }}
      >
        {shown ? <Image src={shown} width={width} height={height} style={{ objectFit: fit }} alt="" /> : <Typography.Text type="secondary">{text.unset}</Typography.Text>}
      </div>
      <Flex vertical gap={8} style={{ flex: 1, minWidth: 0 }}>
        <Upload
          accept={IMAGE_ACCEPT}
          showUploadList={false}
          customRequest={({ file }) => {
            setBusy(true);
            uploadPicture(file as File)
              .then((url) => onChange?.(url))
              .catch((error: Error) => void message.error(text.uploadFailed((file as File).name, error.message)))
              .finally(() => setBusy(false));
          }}
        >
          <Button icon={<UploadOutlined />} loading={busy}>
            {busy ? text.uploading : text.upload}
          </Button>
        </Upload>
        <Input id={id} value={value} placeholder={text.placeholder} aria-label={ariaLabel} onChange={(e) => onChange?.(e.target.value.trim())} allowClear />
      </Flex>
    </Flex>
  );
}
