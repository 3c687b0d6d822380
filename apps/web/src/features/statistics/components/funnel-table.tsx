import { messages } from '@baobei/shared/messages';
import { funnelRate } from '@baobei/shared/rules/record-funnel';
import type { RecordStatistics } from '@baobei/shared/schemas/statistics';
import styles from './statistics.module.css';

/** The funnel's numbers under its chart: each stage and its share of 报备. */
export function FunnelTable({ funnel }: { funnel: RecordStatistics['funnel'] }) {
  const reported = funnel[0]?.number ?? 0;
  return (
    <div className={styles.table} data-testid="statistics-funnel">
      <div className={`${styles.tableRow} ${styles.tableHead}`}>
        <span className={styles.nameCell} />
        <span className={styles.numCell} />
        <span className={styles.rateCell}>{messages.statistics.conversion}</span>
      </div>
      {funnel.map((stage) => (
        <div key={stage.key} className={styles.tableRow} data-testid={`statistics-funnel-${stage.key}`}>
          <span className={styles.nameCell}>{stage.label}</span>
          <span className={styles.numCell}>{stage.number}</span>
          <span className={styles.rateCell}>{funnelRate(stage.number, reported)}</span>
        </div>
      ))}
    </div>
  );
}
