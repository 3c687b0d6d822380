import { messages } from '@baobei/shared/messages';
import type { RecordDetail } from '@baobei/shared/schemas/record-tracking';
import { Steps } from 'antd-mobile';
import { recordFieldRows } from '../model/record-fields';
import facts from './fact-row.module.css';
import styles from './record-detail.module.css';

const recordText = messages.recordTrack;

/** 订单信息: every field of the report, then its approval history as a timeline. */
export function OrderInfoTab({ record }: { record: RecordDetail }) {
  return (
    <div className={styles.panel} data-testid="record-order-info">
      <dl className={styles.rows}>
        {recordFieldRows(record).map((row) => (
          <div key={row.key} className={styles.row} data-testid={`record-field-${row.key}`}>
            <dt className={facts.label}>{row.label}</dt>
            <dd className={facts.value}>{row.value}</dd>
          </div>
        ))}
      </dl>
      {record.list.length > 0 && (
        <>
          <h3 className={styles.subTitle}>{recordText.history}</h3>
          <Steps direction="vertical" className={styles.history} current={record.list.length - 1} data-testid="record-history">
            {record.list.map((entry, index) => (
              <Steps.Step
                key={`${entry.createdAt}-${index}`}
                status="finish"
                title={entry.statusText}
                description={
                  <div className={styles.entry}>
                    <div>
                      {[entry.userName, entry.createdAt].filter(Boolean).join(' · ')}
                    </div>
                    {entry.visitTime && (
                      <div>
                        {recordText.labelVisitTime}：{entry.visitTime}
                      </div>
                    )}
                    {entry.approvalResult && (
                      <div className={styles.opinion}>
                        {recordText.labelApprovalResult}：{entry.approvalResult}
                      </div>
                    )}
                  </div>
                }
              />
            ))}
          </Steps>
        </>
      )}
    </div>
  );
}
