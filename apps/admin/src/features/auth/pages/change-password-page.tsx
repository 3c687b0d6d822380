import { messages } from '@baobei/shared/messages';
import { PASSWORD_MIN_LENGTH } from '@baobei/shared/rules/auth';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Flex, Form, Input, Typography } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { meQueryOptions, useMe } from '../../../api/get-me';
import { errorMessage } from '../../../lib/api-error';
import { PATHS } from '../../../lib/navigation';
import { adminConsoleMessages, adminLoginMessages as texts } from '@baobei/shared/messages/admin';
import { useChangePassword } from '../api/change-password';
import { useLogout } from '../api/logout';

interface PasswordForm {
  oldPassword: string;
  password: string;
  passwordMore: string;
}

const text = messages.changePassword;

/**
 * 修改密码, the mobile app's rules and messages (decision 017). An account on its initial
 * password is sent here and sees nothing else until it has changed it.
 */
export function ChangePasswordPage() {
  const me = useMe();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const change = useChangePassword();
  const logout = useLogout();
  const { message } = App.useApp();
  const [form] = Form.useForm<PasswordForm>();
  const [failure, setFailure] = useState<string | null>(null);
  const mustChange = me.data?.user.mustChangePassword ?? false;

  const submit = async (values: PasswordForm) => {
    setFailure(null);
    try {
      await change.mutateAsync(values);
      void message.success(text.success);
      await queryClient.invalidateQueries({ queryKey: meQueryOptions().queryKey });
      void navigate(PATHS.overview, { replace: true });
    } catch (error) {
      setFailure(errorMessage(error, messages.common.requestException));
    }
  };

  return (
    <Flex align="center" justify="center" style={{ minHeight: '100vh', background: '#f5f7fa', padding: 32 }}>
      <Card style={{ width: 440, maxWidth: '100%' }}>
        <Typography.Title level={3}>{text.title}</Typography.Title>
        {mustChange ? <Alert type="warning" showIcon message={messages.login.mustChangePassword} description={texts.changePasswordHint} style={{ marginBottom: 16 }} /> : null}
        {failure ? <Alert type="error" showIcon message={failure} role="alert" style={{ marginBottom: 16 }} /> : null}
        <Form<PasswordForm> form={form} layout="vertical" requiredMark={false} onFinish={submit}>
          <Form.Item label={text.oldLabel} name="oldPassword" rules={[{ required: true, message: text.oldRequired }]}>
            <Input.Password autoComplete="current-password" />
          </Form.Item>
          <Form.Item
            label={text.newLabel}
            name="password"
            extra={text.hint}
            validateFirst
            dependencies={['oldPassword']}
            rules={[
              { required: true, message: text.newPlaceholder },
              { min: PASSWORD_MIN_LENGTH, message: text.newMinSix },
              ({ getFieldValue }) => ({
                validator: async (_, value: string) => (value && value === getFieldValue('oldPassword') ? Promise.reject(new Error(text.sameAsOld)) : undefined),
              }),
            ]}
          >
            <Input.Password autoComplete="new-password" />
          </Form.Item>
          <Form.Item
            label={text.confirmLabel}
            name="passwordMore"
            validateFirst
            dependencies={['password']}
            rules={[
              { required: true, message: text.confirmRequired },
              ({ getFieldValue }) => ({
                validator: async (_, value: string) => (value === getFieldValue('password') ? undefined : Promise.reject(new Error(text.mismatch))),
              }),
            ]}
          >
            <Input.Password autoComplete="new-password" />
          </Form.Item>
          <Flex gap={12}>
            <Button type="primary" htmlType="submit" loading={change.isPending}>
              {text.submit}
            </Button>
            {mustChange ? (
              <Button onClick={() => void logout.mutateAsync().catch(() => null).then(() => navigate(PATHS.login, { replace: true }))}>{adminConsoleMessages.logout}</Button>
            ) : (
              <Button onClick={() => void navigate(-1)}>{texts.cancel}</Button>
            )}
          </Flex>
        </Form>
      </Card>
    </Flex>
  );
}
