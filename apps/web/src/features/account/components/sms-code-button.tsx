import { messages } from '@baobei/shared/messages';
import { validateSmsCodeRequest } from '@baobei/shared/rules/auth';
import { Toast } from 'antd-mobile';
import { useState } from 'react';
import { errorMessage, isApiError } from '../../../lib/api-error';
import { useGetCode } from '../api/get-code';
import { useSmsCountdown } from '../hooks/use-sms-countdown';
import { PictureCodePopup } from './picture-code-popup';
import { SendCodeButton } from './send-code-button';

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
  const countdown = useSmsCountdown();
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
          countdown.sent();
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

  return (
    <>
      <SendCodeButton label={countdown.label} disabled={countdown.counting} onClick={open} testId={testId} />
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
