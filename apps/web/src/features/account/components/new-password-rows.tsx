import { PasswordRow } from '../../../components/password-row';

/** A new password and its confirmation, under the API's names for them. */
export interface NewPassword {
  password: string;
  passwordMore: string;
}

export const EMPTY_NEW_PASSWORD: NewPassword = { password: '', passwordMore: '' };

interface RowText {
  label: string;
  placeholder: string;
  testId: string;
}

/** Each page's words and test ids for the two rows. */
export interface NewPasswordRowsText {
  password: RowText;
  confirm: RowText;
}

interface NewPasswordRowsProps {
  value: NewPassword;
  onChange: (next: NewPassword) => void;
  text: NewPasswordRowsText;
  required?: boolean;
}

/**
 * The new password and its confirmation (change, retrieve, registration), both marked as a
 * new password so that password managers offer to make and save one.
 */
export function NewPasswordRows({ value, onChange, text, required }: NewPasswordRowsProps) {
  // Only the pair: `value` may be a whole form (the registration draft).
  const current: NewPassword = { password: value.password, passwordMore: value.passwordMore };
  const rows = [
    { field: 'password', row: text.password },
    { field: 'passwordMore', row: text.confirm },
  ] as const;
  return rows.map(({ field, row }) => (
    <PasswordRow
      key={field}
      {...row}
      required={required}
      autoComplete="new-password"
      value={current[field]}
      onChange={(next) => onChange({ ...current, [field]: next })}
    />
  ));
}
