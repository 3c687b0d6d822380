import { messages } from '@baobei/shared/messages';

/**
 * Part 1, section 4: after an SMS code is sent, a 60-second countdown blocks resending
 * ('N秒后重新获取'); the button then reads 're-get' ('重新获取').
 */
export function smsCodeButtonLabel(secondsLeft: number, sentBefore: boolean): string {
  if (secondsLeft > 0) return `${secondsLeft}${messages.login.countdownSuffix}`;
  return sentBefore ? messages.login.reGet : messages.login.getCode;
}
