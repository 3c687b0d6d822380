import type { ReactNode } from 'react';
import styles from './statistics.module.css';

export interface StatsColumn<T> {
  title: string;
  value: (row: T) => number;
}

export interface StatsTableProps<T> {
  rows: readonly T[];
  /** The first column's title (员工, 楼盘) and its text: a name and a grey line under it. */
  nameTitle: string;
  name: (row: T) => { text: string; sub?: string };
  columns: readonly StatsColumn<T>[];
  rowKey: (row: T) => number;
  /** Tapping a row opens what its numbers count (the filtered report list, the listing). */
  onRowTap?: (row: T) => void;
  /** Row test ids are `${testId}-row-${rowKey}`. */
  testId: string;
}

/** A ranking table of the statistics page: a name column and right-aligned numbers. */
export function StatsTable<T>({ rows, nameTitle, name, columns, rowKey, onRowTap, testId }: StatsTableProps<T>) {
  const cells = (row: T): ReactNode => {
    const { text, sub } = name(row);
    return (
      <>
        <span className={styles.nameCell}>
          <span className={styles.name}>{text}</span>
          {sub && <span className={styles.sub}>{sub}</span>}
        </span>
        {columns.map((c) => (
          <span key={c.title} className={styles.numCell}>
            {c.value(row)}
          </span>
        ))}
      </>
    );
  };
  return (
    <div className={styles.table} data-testid={testId}>
      <div className={`${styles.tableRow} ${styles.tableHead}`}>
        <span className={styles.nameCell}>{nameTitle}</span>
        {columns.map((c) => (
          <span key={c.title} className={styles.numCell}>
            {c.title}
          </span>
        ))}
      </div>
      {rows.map((row) =>
        onRowTap ? (
          <button
            type="button"
            key={rowKey(row)}
            className={`${styles.tableRow} ${styles.tappable}`}
            onClick={() => onRowTap(row)}
            data-testid={`${testId}-row-${rowKey(row)}`}
          >
            {cells(row)}
          </button>
        ) : (
          <div key={rowKey(row)} className={styles.tableRow} data-testid={`${testId}-row-${rowKey(row)}`}>
            {cells(row)}
          </div>
        ),
      )}
    </div>
  );
}
