import { messages } from '@baobei/shared/messages';
import type { ComponentProps, ReactNode } from 'react';
import listCard from '../../../components/list-card.module.css';
import styles from './report-row.module.css';

const recordText = messages.recordTrack;

/** Name and phone (or any parts) on one line, the empty ones left out. */
export const joined = (...parts: string[]) => parts.filter((p) => p.trim()).join(' ');

const sexText = (sex: number) => (sex === 1 ? recordText.male : sex === 2 ? recordText.female : '');

/** A report row's card; the row's own classes are added to it. */
export function ReportRowCard({ className, ...rest }: ComponentProps<'article'>) {
  return <article className={className ? `${listCard.card} ${className}` : listCard.card} {...rest} />;
}

/** The customer line: name, sex and phone, and the status on the right. */
export function ReportRowHead({ name, sex, phone, status }: { name: string; sex: number; phone: string; status: ReactNode }) {
  const sexLabel = sexText(sex);
  return (
    <header className={styles.head}>
      <div className={styles.who}>
        <strong className={styles.name}>{name}</strong>
        {sexLabel && <span className={styles.sex}>{sexLabel}</span>}
        <span className={styles.phone}>{phone}</span>
      </div>
      {status}
    </header>
  );
}

export interface ReportFact {
  label: string;
  value: string;
  testId?: string;
  /** A short warning after the value (已过预计时间). */
  note?: string;
}

/**
 * The facts, a label and a value a line (无 when empty). The report list cuts a long value
 * to one line; `wrap` (the arrival list, where the staff read every word) wraps it.
 */
export function ReportFacts({ facts, wrap = false }: { facts: ReportFact[]; wrap?: boolean }) {
  return (
    <dl className={`${styles.facts} ${wrap ? styles.wrapped : styles.clipped}`}>
      {facts.map(({ label, value, testId, note }) => (
        <div key={label} className={styles.fact} data-testid={testId}>
          <dt>{label}</dt>
          <dd>
            {value.trim() ? value : recordText.none}
            {note && <span className={styles.note}>{note}</span>}
          </dd>
        </div>
      ))}
    </dl>
  );
}
