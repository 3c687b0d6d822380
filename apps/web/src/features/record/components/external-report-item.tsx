import { messages } from '@baobei/shared/messages';
import type { ExternalReport } from '@baobei/shared/schemas/record-tracking';
import { Button } from 'antd-mobile';
import styles from './external-report-item.module.css';

const t = messages.recordTrack;

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
  const sex = item.customerSex === 1 ? t.male : item.customerSex === 2 ? t.female : '';
  const rows: [string, string][] = [
    [t.labelVisitorNum, String(item.visitorNum)],
    [t.labelEstimatedVisit, item.estimatedVisitTime],
    ...(item.visitTime ? ([[t.labelVisitTime, item.visitTime]] as [string, string][]) : []),
    [t.labelDistributor, item.distributorName],
    [t.labelBroker, joined(item.brokerName, item.brokerPhone)],
    [t.labelDk, joined(item.dkName, item.dkPhone)],
    [t.labelReception, item.reception],
    [t.labelRemark, item.remark],
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
            <dd>{value.trim() ? value : t.none}</dd>
          </div>
        ))}
      </dl>
      {onCheck && (
        <div className={styles.actions}>
          <Button size="small" color="primary" loading={checking} onClick={onCheck} data-testid="external-check">
            {t.externalCheck}
          </Button>
        </div>
      )}
    </article>
  );
}
