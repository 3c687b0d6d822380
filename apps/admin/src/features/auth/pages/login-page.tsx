import { LockOutlined, MobileOutlined, SafetyOutlined } from '@ant-design/icons';
import { messages } from '@baobei/shared/messages';
import { PICTURE_CODE_MIN_LENGTH } from '@baobei/shared/rules/auth';
import { isMainlandPhone } from '@baobei/shared/rules/phone';
import { Alert, Button, Card, Flex, Form, Input, Skeleton, Typography } from 'antd';
import { useState } from 'react';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { errorMessage } from '../../../lib/api-error';
import { useCurrentCompany } from '../../../lib/company-context';
import { PATHS } from '../../../lib/navigation';
import { adminLoginMessages as texts } from '@baobei/shared/messages/admin';
import { useToken } from '../../../lib/use-token';
import { useSign } from '../api/sign';
import { useVerifyCode } from '../api/get-verify-code';
import styles from './login-page.module.css';

interface LoginForm {
  phone: string;
  password: string;
  captcha: string;
}

const login = messages.login;

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
  const returnTo = safeReturnPath(search.get('from'));

  if (token && !sign.isPending && !sign.isSuccess) return <Navigate to={returnTo} replace />;

  const refreshCode = () => {
    form.setFieldValue('captcha', '');
    void verifyCode.refetch();
  };

  const submit = async (values: LoginForm) => {
    setFailure(null);
    try {
      const answer = await sign.mutateAsync({
        phone: values.phone.trim(),
        password: values.password,
        captchaSn: verifyCode.data?.sn ?? '',
        captcha: values.captcha.trim(),
      });
      void navigate(answer.user.mustChangePassword ? PATHS.changePassword : returnTo, { replace: true });
    } catch (error) {
      setFailure(errorMessage(error, login.loginFailed));
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
                    { required: true, whitespace: true, message: login.pictureCodeRequired },
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
            <Button type="primary" htmlType="submit" block loading={sign.isPending}>
              {sign.isPending ? login.loggingIn : texts.loginSubmit}
            </Button>
          </Form>
        </Card>
      </Flex>
    </div>
  );
}
