import { messages } from '@baobei/shared/messages';
import { SMS_COUNTDOWN_SECONDS } from '@baobei/shared/rules/auth';
import { Toast } from 'antd-mobile';
import { useCountdown } from '../../../lib/use-countdown';
import { smsCodeButtonLabel } from '../model/sms-code-label';

/**
 * After an SMS code is sent: say so, and block sending again for 60 seconds (part 1,
 * sections 4 and 5). `label` is the 获取验证码 button's text meanwhile.
 */
export function useSmsCountdown(): { counting: boolean; label: string; sent: () => void } {
  const countdown = useCountdown();
  const sent = () => {
    Toast.show({ icon: 'success', content: messages.login.smsSent });
    countdown.start(SMS_COUNTDOWN_SECONDS);
  };
  return { counting: countdown.seconds > 0, label: smsCodeButtonLabel(countdown.seconds, countdown.started), sent };
}
