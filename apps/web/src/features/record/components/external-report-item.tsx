import { messages } from '@baobei/shared/messages';
import type { ExternalReport } from '@baobei/shared/schemas/record-tracking';
import { Button } from 'antd-mobile';
import styles from './external-report-item.module.css';

const recordText = messages.recordTrack;

const joined = (...parts: string[]) => parts.filter((p) => p.trim()).join(' ');

/** One report as the developer's on-site staff see it, with 确认到访 while it waits. */
export function ExternalReportItem({
  item,
  onCheck,
  checking,
}: {
  item: ExternalReport;
  /** Undefined on the confirmed tab. */
  onCheck?: () => void;
  checking: boolean;
}) {
  const sex = item.customerSex === 1 ? recordText.male : item.customerSex === 2 ? recordText.female : '';
  const rows: [string, string][] = [
    [recordText.labelVisitorNum, String(item.visitorNum)],
    [recordText.labelEstimatedVisit, item.estimatedVisitTime],
    ...(item.visitTime ? ([[recordText.labelVisitTime, item.visitTime]] as [string, string][]) : []),
    [recordText.labelDistributor, item.distributorName],
    [recordText.labelBroker, joined(item.brokerName, item.brokerPhone)],
    [recordText.labelDk, joined(item.dkName, item.dkPhone)],
    [recordText.labelReception, item.reception],
    [recordText.labelRemark, item.remark],
  ];
  return (
    <article className={styles.item} data-testid="external-item" data-id={item.id}>
      <header className={styles.head}>
        <div className={styles.who}>
          <strong className={styles.name}>{item.customerName}</strong>
          {sex && <span className={styles.sex}>{sex}</span>}
          <span className={styles.phone}>{item.customerPhone}</span>
        </div>
        <span className={styles.status}>{item.statusText}</span>
      </header>
      <dl className={styles.rows}>
        {rows.map(([label, value]) => (
          <div key={label} className={styles.row}>
            <dt>{label}</dt>
            <dd>{value.trim() ? value : recordText.none}</dd>
          </div>
        ))}
      </dl>
      {onCheck && (
        <div className={styles.actions}>
          <Button size="small" color="primary" loading={checking} onClick={onCheck} data-testid="external-check">
            {recordText.externalCheck}
          </Button>
        </div>
      )}
    </article>
  );
}
