import { messages } from '@baobei/shared/messages';
import type { RecordDetail } from '@baobei/shared/schemas/record-tracking';
import { Grid, Image } from 'antd-mobile';
import { useState } from 'react';
import { ImageUploader } from '../../../components/image-uploader';
import { ImageViewer } from '../../../components/lazy-overlays';
import { StateBlock } from '../../../components/state-block';
import styles from './record-detail.module.css';

const recordText = messages.recordTrack;

/** The server keeps at most nine pictures per report (messages.recordTrack.tooManyImages). */
const MAX_IMAGES = 9;

export interface ImagesTabProps {
  record: RecordDetail;
  /** A picture finished uploading: attach it to the report (settles when the grid has it). */
  onUploaded: (url: string) => Promise<unknown>;
  onDelete: (imageId: number) => void;
}

/** 二维码: the report's pictures, full screen on tap (zoom up to 3×), upload and delete per the flags. */
export function ImagesTab({ record, onUploaded, onDelete }: ImagesTabProps) {
  const urls = record.images.map((image) => image.url);
  // Uploaded but not attached yet: the uploader drops its own tile once its value holds the
  // URL, and the tile leaves the value when the report (the grid) holds the picture.
  const [attaching, setAttaching] = useState<string[]>([]);
  const room = MAX_IMAGES - record.images.length;
  const attach = (next: string[]) => {
    const added = next.filter((url) => !attaching.includes(url));
    setAttaching(next);
    for (const url of added) {
      void onUploaded(url)
        .catch(() => undefined)
        .finally(() => setAttaching((list) => list.filter((u) => u !== url)));
    }
  };
  return (
    <div className={styles.panel} data-testid="record-images">
      {record.images.length === 0 ? (
        <StateBlock kind="empty" title={recordText.imagesEmpty} testId="record-images-empty" />
      ) : (
        <Grid columns={3} gap={8} className={styles.images}>
          {record.images.map((image, index) => (
            <Grid.Item key={image.id} className={styles.imageCell}>
              <Image
                className={styles.image}
                src={image.url}
                fit="cover"
                onClick={() => ImageViewer.Multi.show({ images: urls, defaultIndex: index, maxZoom: 3 })}
                data-testid="record-image"
              />
              {record.imageDelete === 1 && (
                <button type="button" className={styles.delete} onClick={() => onDelete(image.id)} data-testid="record-image-delete">
                  {recordText.deleteImage}
                </button>
              )}
            </Grid.Item>
          ))}
        </Grid>
      )}
      {record.upload === 1 && room > 0 && (
        <div className={styles.uploader}>
          <ImageUploader
            value={attaching}
            onChange={attach}
            maxCount={room}
            testId="record-image-upload"
          />
        </div>
      )}
    </div>
  );
}
