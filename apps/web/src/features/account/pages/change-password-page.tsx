import { messages } from '@baobei/shared/messages';
import { validateChangePassword } from '@baobei/shared/rules/auth';
import { NoticeBar, Toast } from 'antd-mobile';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import styles from '../../../components/form-card.module.css';
import { Page } from '../../../components/page';
import { PasswordRow } from '../../../components/password-row';
import { isApiError } from '../../../lib/api-error';
import { useLogout } from '../../../lib/session/logout';
import { reloadSession } from '../../../lib/session/load-session';
import { updateUserInfo, useSessionStore } from '../../../lib/session/session-store';
import { useGoBack } from '../../../lib/use-go-back';
import { useChangePassword } from '../api/change-password';
import { BlockButton } from '../components/block-button';
import { showFailureDialog } from '../../../lib/failure-dialog';
import { EMPTY_NEW_PASSWORD, NewPasswordRows, type NewPasswordRowsText } from '../components/new-password-rows';

const passwordText = messages.changePassword;

const NEW_PASSWORD_TEXT: NewPasswordRowsText = {
  password: { label: passwordText.newLabel, placeholder: passwordText.newPlaceholder, testId: 'change-new-password' },
  confirm: { label: passwordText.confirmLabel, placeholder: passwordText.confirmRequired, testId: 'change-confirm-password' },
};

/**
 * /change/password (level 5). Also where a user with an initial password is kept until it is
 * changed (DECISIONS.md, new staff password); then there is no way back, only logout.
 */
export function ChangePasswordPage() {
  const navigate = useNavigate();
  const goBack = useGoBack('/home?active=my');
  const forced = useSessionStore((s) => s.userInfo?.mustChangePassword ?? false);
  const phone = useSessionStore((s) => s.userInfo?.phone ?? '');
  const [oldPassword, setOldPassword] = useState('');
  const [newPassword, setNewPassword] = useState(EMPTY_NEW_PASSWORD);
  const change = useChangePassword();
  const logout = useLogout();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (change.isPending) return;
    const input = { oldPassword, ...newPassword };
    const failure = validateChangePassword(input);
    if (failure) {
      Toast.show({ content: failure });
      return;
    }
    change.mutate(input, {
      onSuccess: async () => {
        // The server has cleared the flag; reflect it now, then refresh the session from the server.
        updateUserInfo({ mustChangePassword: false });
        const stillLoggedIn = await reloadSession().catch(() => true);
        Toast.show({ icon: 'success', content: passwordText.success });
        if (!stillLoggedIn) void navigate('/login', { replace: true });
        else if (forced) void navigate('/home', { replace: true });
        else goBack();
      },
      onError: (error) => {
        if (isApiError(error) && error.handled) return;
        showFailureDialog(passwordText.failedTitle, error);
      },
    });
  };

  const onLogout = () => logout.logOut(() => void navigate('/login', { replace: true }));

  return (
    <Page
      title={passwordText.title}
      back={!forced}
      onBack={goBack}
      right={
        forced ? (
          <button type="button" className={styles.navAction} onClick={onLogout} data-testid="change-password-logout">
            {messages.home.logout}
          </button>
        ) : undefined
      }
    >
      {forced && (
        <NoticeBar
          color="alert"
          wrap
          content={messages.login.mustChangePassword}
          data-testid="must-change-password-notice"
        />
      )}
      <form className={styles.form} onSubmit={onSubmit} noValidate>
        {/* Lets password managers file the new password under the right account. */}
        <input type="text" name="username" autoComplete="username" value={phone} readOnly hidden />
        <div className={styles.group}>
          <PasswordRow
            label={passwordText.oldLabel}
            testId="change-old-password"
            value={oldPassword}
            onChange={setOldPassword}
            placeholder={passwordText.oldRequired}
          />
          <NewPasswordRows value={newPassword} onChange={setNewPassword} text={NEW_PASSWORD_TEXT} />
        </div>
        <p className={styles.hint} data-testid="change-password-hint">
          {passwordText.hint}
        </p>
        <BlockButton type="submit" className={styles.submit} loading={change.isPending} data-testid="change-password-submit">
          {passwordText.submit}
        </BlockButton>
      </form>
    </Page>
  );
}
