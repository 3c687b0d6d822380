import type { ReactNode } from 'react';
import styles from './section-card.module.css';

/** A white rounded card with an optional title row, the building block of the tab pages. */
export function SectionCard({
  title,
  extra,
  children,
  className,
  testId,
}: {
  title?: ReactNode;
  extra?: ReactNode;
  children: ReactNode;
  className?: string;
  testId?: string;
}) {
  return (
    <section className={[styles.card, className].filter(Boolean).join(' ')} data-testid={testId}>
      {(title || extra) && (
        <header className={styles.head}>
          <h2 className={styles.title}>{title}</h2>
          {extra}
        </header>
      )}
      {children}
    </section>
  );
}
