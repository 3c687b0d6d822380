import { UploadOutlined } from '@ant-design/icons';
import { adminHouseFormMessages as text } from '@baobei/shared/messages/admin';
import { App, Button, Flex, Image, Input, Typography, Upload } from 'antd';
import { useState } from 'react';
import { PICTURE_PATTERN, uploadChecked } from './house-form-upload';

export interface PictureFieldProps {
  id?: string;
  value?: string;
  onChange?: (value: string) => void;
  /** Preview size in px. */
  size?: number;
}

/** One picture (楼盘主图, 户型图): upload it, or type its address; a preview beside. */
export function PictureField({ id, value, onChange, size = 96 }: PictureFieldProps) {
  const { message } = App.useApp();
  const [busy, setBusy] = useState(false);
  const shown = value && PICTURE_PATTERN.test(value) ? value : '';
  return (
    <Flex gap={12} align="flex-start">
      <div style={{ width: size, height: size, flex: 'none', background: '#fafafa', border: '1px dashed #d9d9d9', borderRadius: 6, overflow: 'hidden', display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
        {shown ? <Image src={shown} width={size} height={size} style={{ objectFit: 'cover' }} /> : <Typography.Text type="secondary">{text.pictureUnset}</Typography.Text>}
      </div>
      <Flex vertical gap={8} style={{ flex: 1, minWidth: 0 }}>
        <Upload
          accept="image/jpeg,image/png,image/gif,image/bmp"
          showUploadList={false}
          customRequest={({ file }) => {
            setBusy(true);
            uploadChecked(file as File)
              .then((url) => onChange?.(url))
              .catch((error: Error) => void message.error(text.uploadFailed((file as File).name, error.message)))
              .finally(() => setBusy(false));
          }}
        >
          <Button icon={<UploadOutlined />} loading={busy}>
            {busy ? text.uploading : text.upload}
          </Button>
        </Upload>
        <Input id={id} value={value} placeholder={text.pictureUrlPlaceholder} onChange={(e) => onChange?.(e.target.value.trim())} allowClear />
      </Flex>
    </Flex>
  );
}
