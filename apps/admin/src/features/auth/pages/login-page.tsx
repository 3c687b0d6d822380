import { LockOutlined, MobileOutlined, SafetyOutlined } from '@ant-design/icons';
import { messages } from '@baobei/shared/messages';
import { PICTURE_CODE_MIN_LENGTH } from '@baobei/shared/rules/auth';
import { isMainlandPhone } from '@baobei/shared/rules/phone';
import { Alert, App, Button, Card, Flex, Form, Input, Skeleton, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { errorMessage, isApiError } from '../../../lib/api-error';
import { useCurrentCompany } from '../../../lib/company-context';
import { PATHS } from '../../../lib/navigation';
import { adminLoginMessages as texts } from '@baobei/shared/messages/admin';
import { useToken } from '../../../lib/use-token';
import { useSign } from '../api/sign';
import { useVerifyCode } from '../api/get-verify-code';
import { needsSmsCode } from '@baobei/shared/client/sign-in-refusal';
import { useGetLoginCode } from '../api/get-login-code';
import styles from './login-page.module.css';

interface LoginForm {
  phone: string;
  password: string;
  captcha: string;
  smsCode?: string;
}

const login = messages.login;
const RESEND_SECONDS = 60;

/** Seconds until a login code may be asked for again, counted down once a second. */
function useCountdown(): [number, () => void] {
  const [left, setLeft] = useState(0);
  useEffect(() => {
    if (left <= 0) return;
    const timer = setTimeout(() => setLeft((n) => n - 1), 1000);
    return () => clearTimeout(timer);
  }, [left]);
  return [left, () => setLeft(RESEND_SECONDS)];
}

/** Only a path of the console itself is a way back (never another origin). */
function safeReturnPath(from: string | null): string {
  return from && from.startsWith('/') && !from.startsWith('//') ? from : PATHS.overview;
}

/**
 * 运营后台登录: phone, password and the picture code, checked in the form with the mobile
 * app's messages, the server's `msg` shown when it refuses; a failed attempt takes a new code.
 */
export function LoginPage() {
  const company = useCurrentCompany();
  const token = useToken();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const [form] = Form.useForm<LoginForm>();
  const verifyCode = useVerifyCode();
  const sign = useSign();
  const [failure, setFailure] = useState<string | null>(null);
  // Past the account's ceiling of wrong passwords the server asks for a login code too (decision 017).
  const [needSms, setNeedSms] = useState(false);
  const getLoginCode = useGetLoginCode();
  const { message: toast } = App.useApp();
  const [resendIn, startCountdown] = useCountdown();
  const returnTo = safeReturnPath(search.get('from'));

  if (token && !sign.isPending && !sign.isSuccess) return <Navigate to={returnTo} replace />;

  const refreshCode = () => {
    form.setFieldValue('captcha', '');
    void verifyCode.refetch();
  };

  const submit = async (values: LoginForm) => {
    setFailure(null);
    try {
      // The login code was sent after a picture code of its own: it stands in for one here.
      const answer = await sign.mutateAsync({
        phone: values.phone.trim(),
        password: values.password,
        ...(needSms
          ? { smsCode: values.smsCode?.trim() ?? '' }
          : { captchaSn: verifyCode.data?.sn ?? '', captcha: values.captcha.trim() }),
      });
      void navigate(answer.user.mustChangePassword ? PATHS.changePassword : returnTo, { replace: true });
    } catch (error) {
      if (isApiError(error) && needsSmsCode(error.data)) setNeedSms(true);
      setFailure(errorMessage(error, login.loginFailed));
      if (!needSms) refreshCode();
    }
  };

  /** 获取验证码: spends the typed picture code on a login code to the phone, then draws a new picture. */
  const sendLoginCode = async () => {
    setFailure(null);
    try {
      const { phone, captcha } = await form.validateFields(['phone', 'captcha']);
      await getLoginCode.mutateAsync({ phone: phone.trim(), captchaSn: verifyCode.data?.sn ?? '', captcha: captcha.trim() });
      void toast.success(login.smsSent);
      startCountdown();
    } catch (error) {
      // A form rule's message is already under its field.
      if (isApiError(error)) setFailure(errorMessage(error, login.smsSendFailed));
    } finally {
      refreshCode();
    }
  };

  return (
    <div className={styles.page}>
      <section
        className={styles.brand}
        style={{ background: `linear-gradient(135deg, ${company.color}, ${company.gradientColor || company.color})` }}
      >
        {company.logo ? <img className={styles.logo} src={company.logo} alt="" /> : null}
        <h2 className={styles.brandTitle}>{company.title}</h2>
        {company.description ? <p className={styles.brandText}>{company.description}</p> : null}
      </section>
      <Flex className={styles.formSide} align="center" justify="center">
        <Card className={styles.card} variant="borderless">
          <Typography.Title level={2} className={styles.title}>
            {texts.loginTitle}
          </Typography.Title>
          <Typography.Paragraph type="secondary">{company.title}</Typography.Paragraph>
          {failure ? <Alert className={styles.alert} type="error" showIcon message={failure} role="alert" /> : null}
          <Form<LoginForm> form={form} layout="vertical" size="large" requiredMark={false} onFinish={submit} autoComplete="on">
            <Form.Item
              label={login.phoneLabel}
              name="phone"
              validateFirst
              rules={[
                { required: true, whitespace: true, message: login.phoneRequired },
                { validator: async (_, value: string) => (isMainlandPhone(value.trim()) ? undefined : Promise.reject(new Error(login.phoneInvalid))) },
              ]}
            >
              <Input prefix={<MobileOutlined />} placeholder={login.phonePlaceholder} maxLength={11} inputMode="numeric" autoComplete="username" />
            </Form.Item>
            <Form.Item label={login.passwordLabel} name="password" rules={[{ required: true, message: login.passwordRequired }]}>
              <Input.Password prefix={<LockOutlined />} placeholder={login.passwordPlaceholder} autoComplete="current-password" />
            </Form.Item>
            <Form.Item label={login.pictureCodeLabel} required>
              <Flex gap={12}>
                <Form.Item
                  name="captcha"
                  noStyle
                  validateFirst
                  rules={[
                    { required: !needSms, whitespace: true, message: login.pictureCodeRequired },
                    { min: PICTURE_CODE_MIN_LENGTH, message: login.pictureCodeTooShort },
                  ]}
                >
                  <Input prefix={<SafetyOutlined />} placeholder={login.pictureCodePlaceholder} maxLength={8} autoComplete="off" />
                </Form.Item>
                <button type="button" className={styles.captcha} onClick={refreshCode} title={login.pictureCodeRefreshHint} aria-label={login.pictureCodeRefreshHint}>
                  {verifyCode.isFetching ? (
                    <Skeleton.Button active style={{ width: 120, height: 40 }} />
                  ) : verifyCode.data ? (
                    <img src={verifyCode.data.img} alt={login.pictureCodeLabel} width={120} height={40} />
                  ) : (
                    <span className={styles.captchaFailed}>{login.pictureCodeLoadFailed}</span>
                  )}
                </button>
              </Flex>
            </Form.Item>
            <Flex justify="flex-end" className={styles.refresh}>
              <Button type="link" size="small" onClick={refreshCode}>
                {texts.pictureCodeRefresh}
              </Button>
            </Flex>
            {needSms ? (
              <Form.Item label={login.codeLabel} required extra={texts.secondFactorHint}>
                <Flex gap={12}>
                  <Form.Item name="smsCode" noStyle rules={[{ required: true, whitespace: true, message: login.codeRequired }]}>
                    <Input placeholder={login.codePlaceholder} maxLength={6} inputMode="numeric" autoComplete="one-time-code" data-testid="console-login-sms-code" />
                  </Form.Item>
                  <Button onClick={() => void sendLoginCode()} loading={getLoginCode.isPending} disabled={resendIn > 0} data-testid="console-login-get-code">
                    {resendIn > 0 ? `${resendIn}${login.countdownSuffix}` : login.getCode}
                  </Button>
                </Flex>
              </Form.Item>
            ) : null}
            <Button type="primary" htmlType="submit" block loading={sign.isPending}>
              {sign.isPending ? login.loggingIn : texts.loginSubmit}
            </Button>
          </Form>
        </Card>
      </Flex>
    </div>
  );
}
