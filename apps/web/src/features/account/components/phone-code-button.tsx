import { messages } from '@baobei/shared/messages';
import { SMS_COUNTDOWN_SECONDS } from '@baobei/shared/rules/auth';
import { validateProfilePhone } from '@baobei/shared/rules/profile';
import { Toast } from 'antd-mobile';
import { errorMessage } from '../../../lib/api-error';
import { smsCodeButtonLabel } from '../model/sms-code-label';
import { useCountdown } from '../../../lib/use-countdown';
import { useGetPhoneCode } from '../api/get-phone-code';
import styles from '../../../components/sms-code-button.module.css';

/**
 * 获取验证码 for a new phone: the code goes to the NEW number. The user is
 * signed in, so no picture code; the server limits how often. 60-second countdown as on login.
 */
export function PhoneCodeButton({ phone, current }: { phone: string; current: string }) {
  const countdown = useCountdown();
  const send = useGetPhoneCode();

  const onClick = () => {
    const failure = validateProfilePhone(phone) ?? (phone.trim() === current ? messages.profile.phoneSame : null);
    if (failure) {
      Toast.show({ content: failure });
      return;
    }
    send.mutate(phone.trim(), {
      onSuccess: () => {
        Toast.show({ icon: 'success', content: messages.login.smsSent });
        countdown.start(SMS_COUNTDOWN_SECONDS);
      },
      onError: (error) => Toast.show({ content: errorMessage(error, messages.common.requestException) }),
    });
  };

  return (
    <button
      type="button"
      className={styles.button}
      disabled={countdown.seconds > 0 || send.isPending}
      onClick={onClick}
      data-testid="user-info-set-get-code"
    >
      {smsCodeButtonLabel(countdown.seconds, countdown.started)}
    </button>
  );
}
