import { messages } from '@baobei/shared/messages';
import { List, Stepper } from 'antd-mobile';
import { updateDraft } from '../../../lib/report-draft';
import { pickerToText } from '../model/report-form';
import styles from './report-form.module.css';

const formText = messages.reportForm;

/** 到访时间 (opens the picker; the hint names its earliest minute) and 到访人数. */
export function ReportVisitSection({
  visitingTime,
  visitorNum,
  earliest,
  onOpenPicker,
}: {
  visitingTime: string;
  visitorNum: number | null;
  /** The picker's earliest minute (its bounds' min). */
  earliest: Date;
  onOpenPicker: () => void;
}) {
  return (
    <List className={styles.section}>
      <List.Item
        prefix={<span className={styles.label}>{formText.visitTime}</span>}
        onClick={onOpenPicker}
        arrow
        description={formText.visitTimeHint(pickerToText(earliest))}
        data-testid="report-visit-time"
      >
        {visitingTime ? (
          <span data-testid="report-visit-time-value">{visitingTime}</span>
        ) : (
          <span className={styles.placeholder}>{formText.visitTimePlaceholder}</span>
        )}
      </List.Item>
      <List.Item
        className={styles.stepperRow}
        prefix={<span className={styles.label}>{formText.visitorNum}</span>}
        extra={
          <Stepper
            // Emptied stays empty (请填写到访人数), 0 stays 0 (到访人数最少一人，请修改).
            allowEmpty
            min={0}
            max={99}
            digits={0}
            value={visitorNum}
            onChange={(value) => void updateDraft((d) => ({ ...d, visitorNum: value }))}
            data-testid="report-visitor-num"
          />
        }
      />
    </List>
  );
}
