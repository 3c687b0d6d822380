import { messages } from '@baobei/shared/messages';
import type { RecordDetail } from '@baobei/shared/schemas/record-tracking';
import { StateBlock } from '../../../components/state-block';
import styles from './record-detail.module.css';

const recordText = messages.recordTrack;

/** 客户动态: the notes added to the report, as the server orders them. */
export function DynamicsTab({ record }: { record: RecordDetail }) {
  if (record.userRecordList.length === 0) {
    return <StateBlock kind="empty" title={recordText.dynamicsEmpty} testId="record-dynamics-empty" />;
  }
  return (
    <div className={styles.panel} data-testid="record-dynamics">
      {record.userRecordList.map((item, index) => (
        <div key={`${item.createdAt}-${index}`} className={styles.dynamic} data-testid="record-dynamic">
          <div className={styles.dynamicMeta}>
            <span>{item.userName}</span>
            <span>{item.createdAt}</span>
          </div>
          <p className={styles.dynamicText}>{item.remark}</p>
        </div>
      ))}
    </div>
  );
}
