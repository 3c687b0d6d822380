import { messages } from '@baobei/shared/messages';
import { SMS_COUNTDOWN_SECONDS, validateSmsCodeRequest } from '@baobei/shared/rules/auth';
import { Toast } from 'antd-mobile';
import { useState } from 'react';
import { errorMessage, isApiError } from '../../../lib/api-error';
import { useCountdown } from '../../../lib/use-countdown';
import { useGetCode } from '../api/get-code';
import { PictureCodePopup } from './picture-code-popup';
import styles from '../../../components/sms-code-button.module.css';
import { smsCodeButtonLabel } from '../model/sms-code-label';

export interface SmsCodeButtonProps {
  phone: string;
  /** The page's own phone rule (login and retrieve-password word it differently); null when valid. */
  checkPhone: (phone: string) => string | null;
  purpose?: 'retrieve';
  testId: string;
}

/**
 * 获取验证码: check the phone, then the picture code in the 'machine verification' popup, then
 * the SMS; a 60-second countdown blocks resending (part 1, sections 4 and 5).
 */
export function SmsCodeButton({ phone, checkPhone, purpose, testId }: SmsCodeButtonProps) {
  const [popupOpen, setPopupOpen] = useState(false);
  const countdown = useCountdown();
  const getCode = useGetCode();

  const open = () => {
    const failure = checkPhone(phone);
    if (failure) {
      Toast.show({ content: failure });
      return;
    }
    setPopupOpen(true);
  };

  const confirm = (sn: string, code: string, refresh: () => void) => {
    const failure = validateSmsCodeRequest({ username: phone, code });
    if (failure) {
      Toast.show({ content: failure });
      return;
    }
    getCode.mutate(
      { username: phone, sn, code, purpose },
      {
        onSuccess: () => {
          setPopupOpen(false);
          Toast.show({ icon: 'success', content: messages.login.smsSent });
          countdown.start(SMS_COUNTDOWN_SECONDS);
        },
        onError: (error) => {
          // A wrong or used picture code, or a rate limit (429): say why, draw a new picture.
          if (!(isApiError(error) && error.handled)) {
            Toast.show({ content: errorMessage(error, messages.common.requestException) });
          }
          refresh();
        },
      },
    );
  };

  const counting = countdown.seconds > 0;
  return (
    <>
      <button
        type="button"
        className={styles.button}
        disabled={counting}
        onClick={open}
        data-testid={testId}
      >
        {smsCodeButtonLabel(countdown.seconds, countdown.started)}
      </button>
      <PictureCodePopup
        visible={popupOpen}
        purpose={purpose ?? 'login'}
        busy={getCode.isPending}
        onClose={() => setPopupOpen(false)}
        onConfirm={confirm}
      />
    </>
  );
}
