import type { ReactNode } from 'react';
import styles from './toggle-chip.module.css';

/** A filter chip that is on or off: the one look of the lists' switches (待到访, 高佣, 有激励, 案场 days). */
export function ToggleChip({
  on,
  onClick,
  testId,
  className = '',
  children,
}: {
  on: boolean;
  onClick: () => void;
  testId: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <button type="button" className={`${styles.chip} ${on ? styles.on : ''} ${className}`} aria-pressed={on} onClick={onClick} data-testid={testId}>
      {children}
    </button>
  );
}
