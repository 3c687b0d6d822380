import { messages } from '@baobei/shared/messages';
import { progressStepIndex, progressSteps } from '@baobei/shared/rules/progress';
import { customerDisplayName } from '@baobei/shared/rules/record-submit';
import { canDialCustomer } from '@baobei/shared/rules/record-view';
import type { RecordDetail } from '@baobei/shared/schemas/record-tracking';
import { Steps } from 'antd-mobile';
import { QuestionCircleOutline } from 'antd-mobile-icons';
import { RecordStatusTag } from '../../../components/record-status-tag';
import styles from './record-detail.module.css';

const recordText = messages.recordTrack;

export interface RecordHeadProps {
  record: RecordDetail;
  staffType: string;
  /** RECORDCOMPLETE only: explains that the developer decides whether the report holds. */
  onCompleteInfo: () => void;
  /** 复制报备: the report's text for the developer's group (decision 090). */
  onCopy: () => void;
}

/** The listing, the customer (拨打 when the viewer may dial), the status and the progress bar (part 2, section 4). */
export function RecordHead({ record, staffType, onCompleteInfo, onCopy }: RecordHeadProps) {
  const { customerInfo } = record;
  const stepIndex = progressStepIndex(record.approvalStatus, staffType);
  // A masked number cannot be dialled.
  const dialable = canDialCustomer(record.canDial, customerInfo.phone);
  return (
    <section className={styles.head} data-testid="record-head">
      <h1 className={styles.house}>{record.houseName}</h1>
      <div className={styles.customer}>
        <span data-testid="record-customer">{customerDisplayName(customerInfo.name, customerInfo.sex)}</span>
        <span className={styles.phone}>{customerInfo.phone}</span>
        {dialable && (
          <a className={styles.dial} href={`tel:${customerInfo.phone}`} data-testid="record-dial">
            {recordText.dial}
          </a>
        )}
      </div>
      <div className={styles.status}>
        <RecordStatusTag status={record.approvalStatus} text={record.statusText} expired={record.expired} />
        {record.approvalStatus === 'RECORDCOMPLETE' && (
          <button
            type="button"
            className={styles.info}
            aria-label={recordText.completeInfoTitle}
            onClick={onCompleteInfo}
            data-testid="record-complete-info"
          >
            <QuestionCircleOutline />
          </button>
        )}
        <button type="button" className={styles.copy} onClick={onCopy} data-testid="record-copy">
          {recordText.copyAll}
        </button>
      </div>
      {stepIndex !== null && (
        <Steps className={styles.steps} current={stepIndex} data-testid="record-progress">
          {progressSteps(staffType).map((title) => (
            <Steps.Step key={title} title={title} />
          ))}
        </Steps>
      )}
    </section>
  );
}
