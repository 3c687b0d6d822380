import { messages } from '@baobei/shared/messages';
import { formatFenGrouped } from '@baobei/shared/rules/commission';
import type { DealSums as Sums } from '@baobei/shared/schemas/deal-sums';
import styles from './statistics.module.css';

const text = messages.statistics;

/**
 * 成交与佣金 (docs/decisions/055): the deals of the same scope signed in the period, their value,
 * and the commission owed, paid and still pending, with thousands separators.
 */
export function DealSums({ sums }: { sums: Sums }) {
  const cells = [
    { key: 'commission', label: text.dealCommission, value: formatFenGrouped(sums.commissionFen) },
    { key: 'paid', label: text.dealPaid, value: formatFenGrouped(sums.paidFen) },
    { key: 'pending', label: text.dealPending, value: formatFenGrouped(sums.pendingFen) },
  ];
  return (
    <>
      <div className={styles.dealHead}>
        <div className={styles.dealHeadCell} data-testid="statistics-deal-count">
          <span className={styles.dealHeadLabel}>{text.dealCount}</span>
          <span className={styles.dealHeadNumber}>{sums.dealCount}</span>
        </div>
        <div className={styles.dealHeadCell} data-testid="statistics-deal-value">
          <span className={styles.dealHeadLabel}>{text.dealValue}</span>
          <span className={styles.dealHeadNumber}>{formatFenGrouped(sums.totalPriceFen)}</span>
        </div>
      </div>
      <div className={styles.dealGrid}>
        {cells.map((c) => (
          <div key={c.key} className={styles.dealCell} data-testid={`statistics-deal-${c.key}`}>
            <span className={styles.dealNumber}>{c.value}</span>
            <span className={styles.statusLabel}>{c.label}</span>
          </div>
        ))}
      </div>
      <p className={styles.hint}>{text.dealHint}</p>
    </>
  );
}
