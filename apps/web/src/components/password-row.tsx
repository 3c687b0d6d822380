import type { ComponentProps } from 'react';
import styles from './form-card.module.css';
import { PasswordInput } from './password-input';

/** A labelled password row of a form card (change and retrieve password). */
export function PasswordRow({
  label,
  required = false,
  ...input
}: { label: string; required?: boolean } & ComponentProps<typeof PasswordInput>) {
  return (
    <label className={styles.row}>
      <span className={required ? `${styles.label} ${styles.required}` : styles.label} data-required={required || undefined}>
        {label}
      </span>
      <PasswordInput maxLength={32} {...input} />
    </label>
  );
}
