import { messages } from '@baobei/shared/messages';
import type { RecordStatus } from '@baobei/shared/rules/record-status';
import type { RecordStatistics } from '@baobei/shared/schemas/statistics';
import styles from './statistics.module.css';

/**
 * 报备总数 and the nine statuses: each number is exactly what the company report list shows
 * for the same period (全部 and its status tabs), and tapping it opens that list.
 */
export function StatusCards({ data, onOpen }: { data: RecordStatistics; onOpen: (status?: RecordStatus) => void }) {
  return (
    <>
      <button type="button" className={styles.totalCard} onClick={() => onOpen()} data-testid="statistics-total">
        <span className={styles.totalLabel}>{messages.statistics.totalReports}</span>
        <span className={styles.totalNumber}>{data.total}</span>
      </button>
      <div className={styles.statusGrid}>
        {data.statusList.map((s) => (
          <button
            type="button"
            key={s.value}
            className={styles.statusCell}
            onClick={() => onOpen(s.value)}
            data-testid={`statistics-status-${s.value}`}
          >
            <span className={styles.statusNumber}>{s.number}</span>
            <span className={styles.statusLabel}>{s.label}</span>
          </button>
        ))}
      </div>
      <p className={styles.hint}>{messages.statistics.tapHint}</p>
    </>
  );
}
