import { messages } from '@baobei/shared/messages';
import type { CustomerDetail } from '@baobei/shared/schemas/customer-page';
import { RecordStatusTag } from '../../../components/record-status-tag';
import { SectionCard } from '../../../components/section-card';
import styles from './customer-page.module.css';

const pageText = messages.customerPage;

export interface CustomerReportsCardProps {
  reports: CustomerDetail['reports'];
  onOpen: (reportId: number) => void;
}

/** 报备记录: every report of the customer across listings, newest first; a row opens the report. */
export function CustomerReportsCard({ reports, onOpen }: CustomerReportsCardProps) {
  return (
    <SectionCard title={pageText.reportsTitle} testId="customer-reports">
      {reports.list.length === 0 ? (
        <div className={styles.empty}>{pageText.reportsEmpty}</div>
      ) : (
        reports.list.map((r) => (
          <button key={r.id} type="button" className={styles.report} onClick={() => onOpen(r.id)} data-testid="customer-report">
            <span className={styles.reportHead}>
              <span data-testid="customer-report-house">{r.houseName}</span>
              <RecordStatusTag status={r.approvalStatus} text={r.statusText} expired={r.expired} />
            </span>
            <span className={styles.entryMeta}>
              {r.createdAt} · {r.phone}
            </span>
          </button>
        ))
      )}
      {reports.total > reports.list.length && <div className={styles.entryMeta}>{pageText.reportsMore(reports.list.length, reports.total)}</div>}
    </SectionCard>
  );
}
