import { EyeInvisibleOutline, EyeOutline } from 'antd-mobile-icons';
import { useState } from 'react';
import { FormInput, type FormInputProps } from './form-input';
import styles from './password-input.module.css';

/** A password field with a show/hide toggle, as Chinese apps have. */
export function PasswordInput(props: Omit<FormInputProps, 'type'>) {
  const [visible, setVisible] = useState(false);
  return (
    <div className={styles.row}>
      <FormInput
        {...props}
        className={[styles.input, props.className].filter(Boolean).join(' ')}
        type={visible ? 'text' : 'password'}
        autoComplete={props.autoComplete ?? 'current-password'}
      />
      <button
        type="button"
        className={styles.eye}
        aria-label={visible ? 'hide' : 'show'}
        onClick={() => setVisible((v) => !v)}
      >
        {visible ? <EyeOutline /> : <EyeInvisibleOutline />}
      </button>
    </div>
  );
}
