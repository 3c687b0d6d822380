import { messages } from '@baobei/shared/messages';
import type { RecordDetail } from '@baobei/shared/schemas/record-tracking';
import { Button } from 'antd-mobile';
import { RecordStatusTag } from '../../../components/record-status-tag';
import { auditReportRows } from '../model/record-fields';
import facts from './fact-row.module.css';
import styles from './record-audit.module.css';

const recordText = messages.recordTrack;

export interface ReportCardProps {
  record: RecordDetail;
  /** A row was tapped: copy that field (part 2, section 2.3). */
  onCopyField: (label: string, value: string) => void;
  onCopyAll: () => void;
}

/** The report under audit: the copy format's fields first (the visit time to the minute), then the rest. */
export function ReportCard({ record, onCopyField, onCopyAll }: ReportCardProps) {
  const rows = auditReportRows(record);
  return (
    <section className={styles.card} data-testid="audit-report">
      <div className={styles.headRow}>
        <h1 className={styles.house}>{record.houseName}</h1>
        <RecordStatusTag status={record.approvalStatus} text={record.statusText} expired={record.expired} />
      </div>
      <div className={styles.rows}>
        {rows.map((row) => (
          <button
            key={row.key}
            type="button"
            className={styles.row}
            onClick={() => onCopyField(row.label, row.value)}
            data-testid="audit-field"
          >
            <span className={facts.label}>{row.label}</span>
            <span className={facts.value}>{row.value}</span>
          </button>
        ))}
      </div>
      <Button block color="primary" fill="outline" className={styles.copyAll} onClick={onCopyAll} data-testid="audit-copy-all">
        {recordText.copyAll}
      </Button>
    </section>
  );
}
