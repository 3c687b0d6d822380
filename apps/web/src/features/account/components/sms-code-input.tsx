import { FormInput, type FormInputProps } from '../../../components/form-input';

type SmsCodeInputProps = Omit<FormInputProps, 'inputMode' | 'autoComplete' | 'maxLength' | 'onChange'> & {
  onChange: (code: string) => void;
};

/** The six-digit code of an SMS, which the phone may offer to fill in. */
export function SmsCodeInput({ onChange, ...props }: SmsCodeInputProps) {
  return (
    <FormInput
      {...props}
      inputMode="numeric"
      autoComplete="one-time-code"
      maxLength={6}
      onChange={(value) => onChange(value.trim())}
    />
  );
}
