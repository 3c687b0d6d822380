import type { ReactNode } from 'react';
import form from './form-card.module.css';

/**
 * A labelled row of a form card: the label (with the required mark when `required`), then the
 * field and whatever stands beside it.
 */
export function FormRow({ label, required = false, children }: { label: string; required?: boolean; children: ReactNode }) {
  return (
    <label className={form.row}>
      <span className={required ? `${form.label} ${form.required}` : form.label} data-required={required || undefined}>
        {label}
      </span>
      {children}
    </label>
  );
}
