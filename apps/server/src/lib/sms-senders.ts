import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config';
import type { OperationMetrics } from './operation-metrics';
import { createDevSmsSender, withFailureLog, withSendCount, type DevSmsSender, type SmsKind, type SmsSender } from './sms';
import { createAliyunSmsSender } from './sms-aliyun';
import { createTencentSmsSender } from './sms-tencent';

/** The configured template of each kind; loadConfig refused a provider without all five. */
function templatesOf(config: Config): Record<SmsKind, string> {
  return {
    loginCode: config.SMS_TEMPLATE_LOGIN_CODE ?? '',
    passwordCode: config.SMS_TEMPLATE_PASSWORD_CODE ?? '',
    phoneChangeCode: config.SMS_TEMPLATE_PHONE_CHANGE_CODE ?? '',
    registrationApproved: config.SMS_TEMPLATE_REGISTRATION_APPROVED ?? '',
    registrationRejected: config.SMS_TEMPLATE_REGISTRATION_REJECTED ?? '',
    notification: config.SMS_TEMPLATE_NOTIFICATION ?? '',
  };
}

/**
 * The sender SMS_PROVIDER names, every failure logged once (lib/sms.ts withFailureLog) and every
 * send counted by outcome (withSendCount). The development adapter comes back as such, for the
 * test-only code reader.
 */
export function createConfiguredSmsSender(
  config: Config,
  log: FastifyBaseLogger,
  metrics: OperationMetrics,
): { sender: SmsSender; dev: DevSmsSender | null } {
  if (config.SMS_PROVIDER === 'dev') {
    const dev = createDevSmsSender(log);
    return { sender: withSendCount(dev, 'dev', metrics), dev };
  }
  const provider =
    config.SMS_PROVIDER === 'aliyun'
      ? createAliyunSmsSender({
          accessKeyId: config.SMS_ALIYUN_ACCESS_KEY_ID ?? '',
          accessKeySecret: config.SMS_ALIYUN_ACCESS_KEY_SECRET ?? '',
          signName: config.SMS_SIGN_NAME ?? '',
          endpoint: config.SMS_ALIYUN_ENDPOINT,
          templates: templatesOf(config),
        })
      : createTencentSmsSender({
          secretId: config.SMS_TENCENT_SECRET_ID ?? '',
          secretKey: config.SMS_TENCENT_SECRET_KEY ?? '',
          sdkAppId: config.SMS_TENCENT_SDK_APP_ID ?? '',
          signName: config.SMS_SIGN_NAME ?? '',
          region: config.SMS_TENCENT_REGION,
          endpoint: config.SMS_TENCENT_ENDPOINT,
          templates: templatesOf(config),
        });
  return { sender: withSendCount(withFailureLog(provider, log), config.SMS_PROVIDER, metrics), dev: null };
}
