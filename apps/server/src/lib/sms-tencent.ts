import type { Agent } from 'node:http';
import { sms } from 'tencentcloud-sdk-nodejs-sms';
import { SmsSendError, templateValues, type SmsFailure, type SmsKind, type SmsSender } from './sms';

export interface TencentSmsSettings {
  secretId: string;
  secretKey: string;
  /** The SMS application (SmsSdkAppId, 1400…). */
  sdkAppId: string;
  signName: string;
  /** `ap-guangzhou`, `ap-beijing` or `ap-nanjing`. */
  region: string;
  /**
   * `https://sms.tencentcloudapi.com`. The SDK signs for the service named by the host's first
   * label (`sms`), so another endpoint keeps an `sms.` host.
   */
  endpoint: string;
  templates: Record<SmsKind, string>;
  timeoutMs?: number;
  /** The HTTP(S) agent of the requests; tests give one that connects to their local fake. */
  agent?: Agent;
}

/**
 * Tencent's codes (cloud.tencent.com/document/product/382/55981) that are the user's: limits
 * on one number, and numbers it will not send to. App-wide limits, balance and everything else
 * are ours to fix.
 */
function failureOf(code: string): SmsFailure {
  if (code.startsWith('LimitExceeded.PhoneNumber') || code === 'LimitExceeded.DeliveryFrequencyLimit') return 'rateLimited';
  if (code === 'InvalidParameterValue.IncorrectPhoneNumber') return 'badNumber';
  return 'unavailable';
}

/** Mainland numbers only: the app's phones are 11-digit mainland numbers. */
const mainland = (phone: string) => `+86${phone}`;

/**
 * Tencent Cloud SMS (SendSms, API version 2021-01-11) through the official SDK, which signs
 * each request (TC3-HMAC-SHA256). A refused request comes back as `Response.Error` (the SDK
 * throws it); an accepted request carries one status per number, `Ok` or the reason.
 */
export function createTencentSmsSender(settings: TencentSmsSettings): SmsSender {
  const endpoint = new URL(settings.endpoint);
  const client = new sms.v20210111.Client({
    credential: { secretId: settings.secretId, secretKey: settings.secretKey },
    region: settings.region,
    profile: {
      httpProfile: {
        endpoint: endpoint.host,
        protocol: `${endpoint.protocol}//`,
        reqTimeout: Math.ceil((settings.timeoutMs ?? 10_000) / 1000),
        ...(settings.agent ? { agent: settings.agent } : {}),
      },
    },
  });

  return {
    async send(message) {
      let answer: Awaited<ReturnType<typeof client.SendSms>>;
      try {
        answer = await client.SendSms({
          PhoneNumberSet: [mainland(message.phone)],
          SmsSdkAppId: settings.sdkAppId,
          SignName: settings.signName,
          TemplateId: settings.templates[message.kind],
          TemplateParamSet: templateValues(message).map((v) => v.value),
        });
      } catch (error) {
        const e = error as { code?: string; httpCode?: number; message?: string; requestId?: string };
        if (e.code) throw new SmsSendError('tencent', failureOf(e.code), e.code, e.message ?? '', e.requestId ?? '');
        // No answer, or one that is not the API's (a proxy's 502): the SDK's message may quote the URL only.
        const code = e.httpCode ? `HTTP_${e.httpCode}` : 'NETWORK';
        throw new SmsSendError('tencent', 'unavailable', code, error instanceof Error ? error.name : 'error', e.requestId ?? '');
      }
      const status = answer.SendStatusSet?.[0];
      if (status?.Code !== 'Ok') {
        const code = status?.Code ?? 'NO_STATUS';
        throw new SmsSendError('tencent', failureOf(code), code, status?.Message ?? '', answer.RequestId ?? '');
      }
    },
  };
}
