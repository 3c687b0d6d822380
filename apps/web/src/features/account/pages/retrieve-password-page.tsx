import { messages } from '@baobei/shared/messages';
import { validateRetrievePassword } from '@baobei/shared/rules/auth';
import { isMainlandPhone } from '@baobei/shared/rules/phone';
import { Button, Dialog, Toast } from 'antd-mobile';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { FormInput } from '../../../components/form-input';
import { Page } from '../../../components/page';
import { PasswordRow } from '../../../components/password-row';
import { isApiError } from '../../../lib/api-error';
import { useRetrievePassword } from '../api/retrieve-password';
import { SmsCodeButton } from '../components/sms-code-button';
import styles from '../../../components/form-card.module.css';

/** Part 1, section 5: this page words the phone rule its own way ('手机号码…'). */
function checkRetrievePhone(phone: string): string | null {
  if (!phone) return messages.retrievePassword.phoneRequired;
  if (!isMainlandPhone(phone)) return messages.retrievePassword.phoneInvalid;
  return null;
}

/** /retrieve/password: phone, SMS code, new password twice. */
export function RetrievePasswordPage() {
  const navigate = useNavigate();
  const [phone, setPhone] = useState('');
  const [wxcode, setWxcode] = useState('');
  const [password, setPassword] = useState('');
  const [passwordMore, setPasswordMore] = useState('');
  const retrieve = useRetrievePassword();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (retrieve.isPending) return;
    const input = { phone, password, passwordMore, wxcode };
    const failure = validateRetrievePassword(input);
    if (failure) {
      Toast.show({ content: failure });
      return;
    }
    retrieve.mutate(input, {
      onSuccess: () => {
        Toast.show({ icon: 'success', content: messages.retrievePassword.success });
        void navigate('/login', { replace: true });
      },
      onError: (error) => {
        if (isApiError(error) && error.handled) return;
        void Dialog.alert({
          title: messages.retrievePassword.failedTitle,
          content: isApiError(error) && error.msg ? error.msg : messages.common.requestException,
          confirmText: messages.common.confirm,
        });
      },
    });
  };

  const retrieveText = messages.retrievePassword;
  return (
    <Page title={retrieveText.title} backFallback="/login">
      <form className={styles.form} onSubmit={onSubmit} noValidate>
        <div className={styles.group}>
          <label className={styles.row}>
            <span className={styles.label}>{retrieveText.phoneLabel}</span>
            <FormInput
              testId="retrieve-phone"
              type="tel"
              inputMode="numeric"
              autoComplete="tel"
              maxLength={11}
              value={phone}
              onChange={(v) => setPhone(v.replace(/\s/g, ''))}
              placeholder={retrieveText.phonePlaceholder}
              clearable
            />
          </label>
          <label className={styles.row}>
            <span className={styles.label}>{retrieveText.smsLabel}</span>
            <FormInput
              testId="retrieve-sms-code"
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={6}
              value={wxcode}
              onChange={(v) => setWxcode(v.trim())}
              placeholder={retrieveText.smsPlaceholder}
            />
            <SmsCodeButton
              phone={phone}
              checkPhone={checkRetrievePhone}
              purpose="retrieve"
              testId="retrieve-get-code"
            />
          </label>
          <PasswordRow
            label={retrieveText.passwordLabel}
            testId="retrieve-password"
            autoComplete="new-password"
            value={password}
            onChange={setPassword}
            placeholder={retrieveText.passwordPlaceholder}
          />
          <PasswordRow
            label={retrieveText.confirmLabel}
            testId="retrieve-password-more"
            autoComplete="new-password"
            value={passwordMore}
            onChange={setPasswordMore}
            placeholder={retrieveText.confirmPlaceholder}
          />
        </div>
        <p className={styles.hint}>{messages.changePassword.hint}</p>
        <Button
          type="submit"
          block
          shape="rounded"
          size="large"
          className={styles.submit}
          loading={retrieve.isPending}
          data-testid="retrieve-submit"
        >
          {retrieveText.submit}
        </Button>
      </form>
    </Page>
  );
}
