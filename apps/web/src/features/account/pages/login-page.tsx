import { messages } from '@baobei/shared/messages';
import { PICTURE_CODE_MIN_LENGTH, validateCodeLogin, validatePasswordLogin } from '@baobei/shared/rules/auth';
import { isMainlandPhone } from '@baobei/shared/rules/phone';
import type { InitConfig } from '@baobei/shared/schemas/session';
import { Toast } from 'antd-mobile';
import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Page } from '../../../components/page';
import { PasswordInput } from '../../../components/password-input';
import { isApiError } from '../../../lib/api-error';
import { useCompanyStore } from '../../../lib/company-store';
import { RETURN_PARAM, safeReturnPath } from '../../../lib/return-path';
import { isWechatBrowser } from '../../../lib/wechat/is-wechat';
import { needsSmsCode, needsVerifyCode } from '@baobei/shared/client/sign-in-refusal';
import { useSignIn } from '../api/sign-in';
import { useSignInByCode } from '../api/sign-in-by-code';
import { BlockButton } from '../components/block-button';
import { showFailureDialog } from '../../../lib/failure-dialog';
import { PhoneInput } from '../components/phone-input';
import { PictureCodeImage, PictureCodeInput } from '../components/picture-code';
import { SmsCodeButton } from '../components/sms-code-button';
import { SmsCodeInput } from '../components/sms-code-input';
import { usePictureCode } from '../hooks/use-picture-code';
import styles from './login-page.module.css';
import { useRemoveFirstScreen } from '../../../lib/first-screen';

type Mode = 'password' | 'code';

/** Part 1, section 5: the login phone rule (the same words as validateCodeLogin's). */
function checkLoginPhone(phone: string): string | null {
  if (!phone) return messages.login.phoneRequired;
  if (!isMainlandPhone(phone)) return messages.login.phoneInvalid;
  return null;
}

/** Part 1, section 8: '登录失败' with the server message, or the default. */
function showLoginFailed(error: unknown): void {
  if (isApiError(error) && error.handled) return;
  showFailureDialog(messages.login.loginFailedTitle, error, messages.login.loginFailed);
}

function afterSignIn(init: InitConfig): void {
  // The route guard takes the user on: to the return path, back, or to the forced password change.
  if (init.userInfo?.mustChangePassword) Toast.show({ content: messages.login.mustChangePassword });
}

/** /login: password mode or code mode (phone, then picture code, then SMS code). */
export function LoginPage() {
  const company = useCompanyStore((s) => s.company);
  const [search] = useSearchParams();
  const returnTo = safeReturnPath(search.get(RETURN_PARAM));
  const [mode, setMode] = useState<Mode>('password');
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [smsCode, setSmsCode] = useState('');
  const [needVerify, setNeedVerify] = useState(false);
  // Past the account's ceiling of failures the password goes with a login code (decision 017).
  const [needSms, setNeedSms] = useState(false);
  const signIn = useSignIn();
  const signInByCode = useSignInByCode();
  const { picture, code: verifyCode, setCode: setVerifyCode, refresh: refreshPicture } = usePictureCode('sign', needVerify && !needSms && mode === 'password');
  const busy = signIn.isPending || signInByCode.isPending;
  // The server's first screen of this page (decision 033, fourth pass) goes when the form is drawn.
  useRemoveFirstScreen(true);

  /** A refused form: the reason as a toast, nothing sent. */
  const refuse = (content: string): void => {
    Toast.show({ content });
  };

  const submitPassword = () => {
    const failure = validatePasswordLogin({ username, password });
    if (failure) return refuse(failure);
    if (needSms) {
      if (!smsCode) return refuse(messages.login.codeRequired);
    } else if (needVerify) {
      if (!verifyCode) return refuse(messages.login.pictureCodeRequired);
      if (verifyCode.length < PICTURE_CODE_MIN_LENGTH) return refuse(messages.login.pictureCodeTooShort);
    }
    // The login code was sent after a picture code of its own: it stands in for one here.
    const extra = needSms ? { smsCode } : needVerify && picture.data ? { sn: picture.data.sn, verifyCode } : {};
    signIn.mutate(
      { username, password, ...extra },
      {
        onSuccess: afterSignIn,
        onError: (error) => {
          // After 5 failures on an account, or 5 from this address (decision 017), the server asks
          // for the picture code (400, needVerifyCode).
          if (isApiError(error) && needsSmsCode(error.data)) setNeedSms(true);
          else if (isApiError(error) && needsVerifyCode(error.data)) {
            if (needVerify) refreshPicture();
            else setNeedVerify(true);
          }
          showLoginFailed(error);
        },
      },
    );
  };

  const submitCode = () => {
    const failure = validateCodeLogin({ username, code: smsCode });
    if (failure) return refuse(failure);
    signInByCode.mutate({ username, code: smsCode }, { onSuccess: afterSignIn, onError: showLoginFailed });
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    if (mode === 'password') submitPassword();
    else submitCode();
  };

  return (
    <Page tone="transparent" title="" className={styles.page}>
      <div className={styles.hero}>
        {company?.logo ? (
          <img className={styles.logo} src={company.logo} alt="" />
        ) : (
          <div className={styles.logoFallback}>{company?.title.slice(0, 1)}</div>
        )}
        <h1 className={styles.welcome}>{messages.login.welcome}</h1>
        <p className={styles.company}>{company?.title}</p>
      </div>

      <form className={styles.card} onSubmit={onSubmit} noValidate>
        <div className={styles.modes} role="tablist" data-testid="login-mode-switch">
          {(['password', 'code'] as const).map((m) => (
            <button
              key={m}
              type="button"
              role="tab"
              aria-selected={mode === m}
              className={mode === m ? `${styles.mode} ${styles.modeActive}` : styles.mode}
              onClick={() => setMode(m)}
              data-testid={`login-mode-${m}`}
            >
              {m === 'password' ? messages.login.passwordMode : messages.login.codeMode}
            </button>
          ))}
        </div>

        <label className={styles.field}>
          <span className={styles.label}>{messages.login.phoneLabel}</span>
          <PhoneInput testId="login-phone" autoComplete="username" value={username} onChange={setUsername} placeholder={messages.login.phonePlaceholder} />
        </label>

        {mode === 'password' ? (
          <>
            <label className={styles.field}>
              <span className={styles.label}>{messages.login.passwordLabel}</span>
              <PasswordInput
                testId="login-password"
                value={password}
                onChange={setPassword}
                placeholder={messages.login.passwordPlaceholder}
                maxLength={32}
              />
            </label>
            {needSms ? (
              <label className={styles.field}>
                <span className={styles.label}>{messages.login.codeLabel}</span>
                <SmsCodeInput testId="login-second-factor" type="text" value={smsCode} onChange={setSmsCode} placeholder={messages.login.codePlaceholder} />
                <SmsCodeButton phone={username} checkPhone={checkLoginPhone} testId="login-second-factor-get-code" />
              </label>
            ) : needVerify && (
              <div className={styles.field}>
                <span className={styles.label}>{messages.login.codeLabel}</span>
                <PictureCodeInput testId="login-verify-code" value={verifyCode} onChange={setVerifyCode} />
                <PictureCodeImage picture={picture} onRefresh={refreshPicture} className={styles.inlinePicture} testId="login-verify-code-image" />
              </div>
            )}
          </>
        ) : (
          <label className={styles.field}>
            <span className={styles.label}>{messages.login.codeLabel}</span>
            <SmsCodeInput testId="login-sms-code" type="text" value={smsCode} onChange={setSmsCode} placeholder={messages.login.codePlaceholder} />
            <SmsCodeButton phone={username} checkPhone={checkLoginPhone} testId="login-get-code" />
          </label>
        )}

        <BlockButton type="submit" className={styles.submit} loading={busy} loadingText={messages.login.loggingIn} data-testid="login-submit">
          {messages.login.loginButton}
        </BlockButton>

        <div className={styles.links}>
          <Link to="/retrieve/password" data-testid="login-forgot-password">
            {messages.login.forgotPassword}
          </Link>
          <Link to="/register" data-testid="login-register">
            {messages.login.register}
          </Link>
        </div>

        {/* Inside WeChat, a bound account signs in through /authorization. */}
        {isWechatBrowser() && (
          <Link
            className={styles.wechat}
            to={returnTo ? `/authorization?redirect=${encodeURIComponent(returnTo)}` : '/authorization'}
            data-testid="login-wechat"
          >
            {messages.wechat.loginWithWechat}
          </Link>
        )}
      </form>
    </Page>
  );
}
