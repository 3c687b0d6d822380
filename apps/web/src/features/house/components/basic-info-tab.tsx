import type { InfoRow } from '../model/detail-text';
import styles from './detail-tabs.module.css';

/** Part 1, section 2: the basic info tab, every field with its unit. */
export function BasicInfoTab({ rows }: { rows: InfoRow[] }) {
  const facts = rows.filter((r) => !r.block);
  const blocks = rows.filter((r) => r.block);
  return (
    <div className={styles.panel} data-testid="house-basic-info">
      <dl className={styles.facts}>
        {facts.map((row) => (
          <div key={row.key} className={row.key === 'buildingAddress' ? `${styles.fact} ${styles.factWide}` : styles.fact}>
            <dt className={styles.factLabel}>{row.label}</dt>
            <dd className={styles.factValue} data-testid={`house-info-${row.key}`}>
              {row.value}
            </dd>
          </div>
        ))}
      </dl>
      {blocks.map((row) => (
        <section key={row.key} className={styles.block}>
          <h2 className={styles.blockTitle}>{row.label}</h2>
          <p className={styles.blockText} data-testid={`house-info-${row.key}`}>
            {row.value}
          </p>
        </section>
      ))}
    </div>
  );
}
