import { messages } from '@baobei/shared/messages';
import { validateRetrievePassword } from '@baobei/shared/rules/auth';
import { isMainlandPhone } from '@baobei/shared/rules/phone';
import { Toast } from 'antd-mobile';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { Page } from '../../../components/page';
import { isApiError } from '../../../lib/api-error';
import { useRetrievePassword } from '../api/retrieve-password';
import { BlockButton } from '../components/block-button';
import { showFailureDialog } from '../../../lib/failure-dialog';
import { FormRow } from '../../../components/form-row';
import { EMPTY_NEW_PASSWORD, NewPasswordRows, type NewPasswordRowsText } from '../components/new-password-rows';
import { PhoneInput } from '../components/phone-input';
import { SmsCodeButton } from '../components/sms-code-button';
import { SmsCodeInput } from '../components/sms-code-input';
import styles from '../../../components/form-card.module.css';

const retrieveText = messages.retrievePassword;

const NEW_PASSWORD_TEXT: NewPasswordRowsText = {
  password: { label: retrieveText.passwordLabel, placeholder: retrieveText.passwordPlaceholder, testId: 'retrieve-password' },
  confirm: { label: retrieveText.confirmLabel, placeholder: retrieveText.confirmPlaceholder, testId: 'retrieve-password-more' },
};

/** Part 1, section 5: this page words the phone rule its own way ('手机号码…'). */
function checkRetrievePhone(phone: string): string | null {
  if (!phone) return retrieveText.phoneRequired;
  if (!isMainlandPhone(phone)) return retrieveText.phoneInvalid;
  return null;
}

/** /retrieve/password: phone, SMS code, new password twice. */
export function RetrievePasswordPage() {
  const navigate = useNavigate();
  const [phone, setPhone] = useState('');
  const [wxcode, setWxcode] = useState('');
  const [newPassword, setNewPassword] = useState(EMPTY_NEW_PASSWORD);
  const retrieve = useRetrievePassword();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (retrieve.isPending) return;
    const input = { phone, ...newPassword, wxcode };
    const failure = validateRetrievePassword(input);
    if (failure) {
      Toast.show({ content: failure });
      return;
    }
    retrieve.mutate(input, {
      onSuccess: () => {
        Toast.show({ icon: 'success', content: retrieveText.success });
        void navigate('/login', { replace: true });
      },
      onError: (error) => {
        if (isApiError(error) && error.handled) return;
        showFailureDialog(retrieveText.failedTitle, error);
      },
    });
  };

  return (
    <Page title={retrieveText.title} backFallback="/login">
      <form className={styles.form} onSubmit={onSubmit} noValidate>
        <div className={styles.group}>
          <FormRow label={retrieveText.phoneLabel}>
            <PhoneInput testId="retrieve-phone" autoComplete="tel" value={phone} onChange={setPhone} placeholder={retrieveText.phonePlaceholder} />
          </FormRow>
          <FormRow label={retrieveText.smsLabel}>
            <SmsCodeInput testId="retrieve-sms-code" value={wxcode} onChange={setWxcode} placeholder={retrieveText.smsPlaceholder} />
            <SmsCodeButton phone={phone} checkPhone={checkRetrievePhone} purpose="retrieve" testId="retrieve-get-code" />
          </FormRow>
          <NewPasswordRows value={newPassword} onChange={setNewPassword} text={NEW_PASSWORD_TEXT} />
        </div>
        <p className={styles.hint}>{messages.changePassword.hint}</p>
        <BlockButton type="submit" className={styles.submit} loading={retrieve.isPending} data-testid="retrieve-submit">
          {retrieveText.submit}
        </BlockButton>
      </form>
    </Page>
  );
}
