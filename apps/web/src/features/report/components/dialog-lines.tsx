import type { ReactNode } from 'react';
import styles from './report-form.module.css';

/** A dialog's text on its own lines (the server's messages break their lines with \n). */
export function lines(text: string): ReactNode {
  return <div className={styles.lines}>{text}</div>;
}
