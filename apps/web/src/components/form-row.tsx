import type { ReactNode } from 'react';
import form from '../../../components/form-card.module.css';

/** A labelled row of a form card: the label, then the field and whatever stands beside it. */
export function FormRow({ label, children }: { label: string; children: ReactNode }) {
  return (
    <label className={form.row}>
      <span className={form.label}>{label}</span>
      {children}
    </label>
  );
}
