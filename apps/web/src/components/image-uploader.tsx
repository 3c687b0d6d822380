import { messages } from '@baobei/shared/messages';
import { ImageUploader as AdmImageUploader, Toast, type ImageUploadItem } from 'antd-mobile';
import { errorMessage, isApiError } from '../lib/api-error';
import { uploadImage, type Uploader } from '../lib/upload-image';
import { IMAGE_ACCEPT, imageFileProblem } from '@baobei/shared/rules/image-file';
import { ImageViewer } from './lazy-overlays';

export interface ImageUploaderProps {
  /** The uploaded pictures' URLs. */
  value: string[];
  onChange: (urls: string[]) => void;
  /** Tells the owner when uploads are still running (a form waits before it submits). */
  onUploadingChange?: (uploading: boolean) => void;
  maxCount?: number;
  testId?: string;
  /** The upload call; the default needs a session (registration uploads anonymously). */
  uploader?: Uploader;
}

const uploadText = messages.upload;

/** Part 1, section 5, 'Image upload': refused before sending when not an image or over 5 MB. */
function beforeUpload(file: File): File | null {
  const problem = imageFileProblem(file);
  if (!problem) return file;
  Toast.show({ content: problem });
  return null;
}

/** Part 1, section 8: the server's message, or '图片上传失败，请稍后重试' / '…请检查网络'. */
async function upload(file: File, uploader?: Uploader): Promise<ImageUploadItem> {
  try {
    const { url } = await uploadImage(file, uploader);
    return { url };
  } catch (error) {
    const noAnswer = isApiError(error) && error.code === 0;
    Toast.show({ content: noAnswer ? uploadText.failedNetwork : errorMessage(error, uploadText.failed) });
    throw error;
  }
}

/** Pictures uploaded (private pictures by default), previewed full screen (zoom up to 3×). */
export function ImageUploader({ value, onChange, onUploadingChange, maxCount = 9, testId, uploader }: ImageUploaderProps) {
  const items = value.map((url) => ({ key: url, url }));
  return (
    <div data-testid={testId}>
      <AdmImageUploader
        value={items}
        onChange={(next) => onChange(next.map((item) => item.url))}
        accept={IMAGE_ACCEPT}
        maxCount={maxCount}
        beforeUpload={beforeUpload}
        upload={(file) => upload(file, uploader)}
        onUploadQueueChange={(tasks) => onUploadingChange?.(tasks.some((t) => t.status === 'pending'))}
        preview={false}
        onPreview={(index) => {
          ImageViewer.Multi.show({ images: value, defaultIndex: index, maxZoom: 3 });
        }}
      />
    </div>
  );
}
