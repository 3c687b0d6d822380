import { createRequire } from 'node:module';
import type * as DysmsapiModule from '@alicloud/dysmsapi20170525';
import type * as OpenApiModule from '@alicloud/openapi-core';
import { SmsSendError, templateValues, type SmsFailure, type SmsKind, type SmsSender } from './sms';

// The SDK is CommonJS with its client as `exports.default`: loaded as such, not through ESM interop.
const require = createRequire(import.meta.url);
const dysmsapi = require('@alicloud/dysmsapi20170525') as typeof DysmsapiModule;
const openapi = require('@alicloud/openapi-core') as typeof OpenApiModule;

export interface AliyunSmsSettings {
  accessKeyId: string;
  accessKeySecret: string;
  signName: string;
  /** `https://dysmsapi.aliyuncs.com`; tests give a local `http://127.0.0.1:port`. */
  endpoint: string;
  templates: Record<SmsKind, string>;
  timeoutMs?: number;
}

/**
 * Aliyun's answer codes (help.aliyun.com/document_detail/101346) that are the user's: the
 * per-number flow control, and numbers it will not send to. Every other code is ours to fix.
 */
const RATE_LIMITED = new Set(['isv.BUSINESS_LIMIT_CONTROL']);
const BAD_NUMBER = new Set(['isv.MOBILE_NUMBER_ILLEGAL', 'isv.MOBILE_COUNT_OVER_LIMIT']);

function failureOf(code: string): SmsFailure {
  if (RATE_LIMITED.has(code)) return 'rateLimited';
  if (BAD_NUMBER.has(code)) return 'badNumber';
  return 'unavailable';
}

/**
 * Aliyun SMS (SendSms, API version 2017-05-25) through the official SDK, which signs each
 * request (ACS3-HMAC-SHA256). Aliyun answers a refused message with HTTP 200 and a `Code`
 * other than `OK`; a refused request (credentials, signature, throttling) with HTTP 4xx/5xx,
 * which the SDK throws.
 */
export function createAliyunSmsSender(settings: AliyunSmsSettings): SmsSender {
  const endpoint = new URL(settings.endpoint);
  const timeout = settings.timeoutMs ?? 10_000;
  const client = new dysmsapi.default(
    new openapi.$OpenApiUtil.Config({
      accessKeyId: settings.accessKeyId,
      accessKeySecret: settings.accessKeySecret,
      endpoint: endpoint.host,
      protocol: endpoint.protocol.replace(':', ''),
      connectTimeout: Math.min(timeout, 5000),
      readTimeout: timeout,
    }),
  );

  return {
    async send(message) {
      const request = new dysmsapi.SendSmsRequest({
        phoneNumbers: message.phone,
        signName: settings.signName,
        templateCode: settings.templates[message.kind],
        templateParam: JSON.stringify(Object.fromEntries(templateValues(message).map((v) => [v.name, v.value]))),
      });
      let body: { code?: string; message?: string; requestId?: string } | undefined;
      try {
        body = (await client.sendSms(request)).body;
      } catch (error) {
        if (error instanceof openapi.AlibabaCloudError) {
          const code = error.code ?? 'UNKNOWN';
          throw new SmsSendError('aliyun', failureOf(code), code, String(error.data?.Message ?? ''), error.requestId ?? '');
        }
        throw new SmsSendError('aliyun', 'unavailable', 'NETWORK', error instanceof Error ? error.name : 'error');
      }
      if (body?.code !== 'OK') {
        const code = body?.code ?? 'NO_ANSWER';
        throw new SmsSendError('aliyun', failureOf(code), code, body?.message ?? '', body?.requestId ?? '');
      }
    },
  };
}
