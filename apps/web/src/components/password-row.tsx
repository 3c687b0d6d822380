import type { ComponentProps } from 'react';
import styles from './form-card.module.css';
import { PasswordInput } from './password-input';

/** A labelled password row of a form card (change and retrieve password). */
export function PasswordRow({ label, ...input }: { label: string } & ComponentProps<typeof PasswordInput>) {
  return (
    <label className={styles.row}>
      <span className={styles.label}>{label}</span>
      <PasswordInput maxLength={32} {...input} />
    </label>
  );
}
