import { FormInput, type FormInputProps } from '../../../components/form-input';

type PhoneInputProps = Omit<FormInputProps, 'type' | 'inputMode' | 'maxLength' | 'clearable' | 'onChange'> & {
  onChange: (phone: string) => void;
};

/** A mainland phone number: 11 digits, spaces (as pasted from contacts) dropped as typed. */
export function PhoneInput({ onChange, ...props }: PhoneInputProps) {
  return (
    <FormInput
      {...props}
      type="tel"
      inputMode="numeric"
      maxLength={11}
      clearable
      onChange={(value) => onChange(value.replace(/\s/g, ''))}
    />
  );
}
