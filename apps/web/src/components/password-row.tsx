import type { ComponentProps } from 'react';
import { FormRow } from './form-row';
import { PasswordInput } from './password-input';

/** A labelled password row of a form card (change and retrieve password). */
export function PasswordRow({
  label,
  required = false,
  ...input
}: { label: string; required?: boolean } & ComponentProps<typeof PasswordInput>) {
  return (
    <FormRow label={label} required={required}>
      <PasswordInput maxLength={32} {...input} />
    </FormRow>
  );
}
