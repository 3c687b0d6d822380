import { messages } from '@baobei/shared/messages';
import { validateProfilePhone } from '@baobei/shared/rules/profile';
import { Toast } from 'antd-mobile';
import { errorMessage } from '../../../lib/api-error';
import { useGetPhoneCode } from '../api/get-phone-code';
import { useSmsCountdown } from '../hooks/use-sms-countdown';
import { SendCodeButton } from './send-code-button';

/**
 * 获取验证码 for a new phone: the code goes to the NEW number. The user is
 * signed in, so no picture code; the server limits how often. 60-second countdown as on login.
 */
export function PhoneCodeButton({ phone, current }: { phone: string; current: string }) {
  const countdown = useSmsCountdown();
  const send = useGetPhoneCode();

  const onClick = () => {
    const failure = validateProfilePhone(phone) ?? (phone.trim() === current ? messages.profile.phoneSame : null);
    if (failure) {
      Toast.show({ content: failure });
      return;
    }
    send.mutate(phone.trim(), {
      onSuccess: countdown.sent,
      onError: (error) => Toast.show({ content: errorMessage(error, messages.common.requestException) }),
    });
  };

  return (
    <SendCodeButton
      label={countdown.label}
      disabled={countdown.counting || send.isPending}
      onClick={onClick}
      testId="user-info-set-get-code"
    />
  );
}
