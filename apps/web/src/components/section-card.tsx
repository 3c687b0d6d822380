import type { ReactNode } from 'react';
import styles from './section-card.module.css';

/**
 * A section's title after the gradient bar: the card's own, and the one of a card that lays out
 * its own head (home columns, info pages), whose class sets the margins.
 */
export function SectionTitle({ className, children }: { className?: string; children: ReactNode }) {
  return <h2 className={className ? `${styles.accentTitle} ${className}` : styles.accentTitle}>{children}</h2>;
}

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
          <SectionTitle className={styles.title}>{title}</SectionTitle>
          {extra}
        </header>
      )}
      {children}
    </section>
  );
}
