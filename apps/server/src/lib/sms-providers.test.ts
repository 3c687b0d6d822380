import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { freePort } from '../test/free-port';
import {
  aliyunAnswers,
  captureLog,
  startFakeAliyunSms,
  startFakeTencentSms,
  tencentAnswers,
  type FakeAliyunSms,
  type FakeTencentSms,
} from '../test/fake-sms-providers';
import { SmsSendError, withFailureLog, type SmsKind, type SmsMessage } from './sms';
import { createAliyunSmsSender } from './sms-aliyun';
import { createTencentSmsSender } from './sms-tencent';

const phone = '13812345678';
const templates: Record<SmsKind, string> = {
  loginCode: 'SMS_100000001',
  passwordCode: 'SMS_100000002',
  phoneChangeCode: 'SMS_100000003',
  registrationApproved: 'SMS_100000004',
  registrationRejected: 'SMS_100000005',
  notification: 'SMS_100000006',
};
const base = { phone, companyTitle: '海口新房报备' };
/** One message of each kind, with what its template receives (Aliyun by name, Tencent in order). */
const MESSAGES: { message: SmsMessage; named: Record<string, string>; ordered: string[] }[] = [
  { message: { ...base, kind: 'loginCode', params: { code: '482913' } }, named: { code: '482913' }, ordered: ['482913'] },
  { message: { ...base, kind: 'passwordCode', params: { code: '000417' } }, named: { code: '000417' }, ordered: ['000417'] },
  { message: { ...base, kind: 'phoneChangeCode', params: { code: '120034' } }, named: { code: '120034' }, ordered: ['120034'] },
  { message: { ...base, kind: 'registrationApproved', params: { name: '椰城地产' } }, named: { name: '椰城地产' }, ordered: ['椰城地产'] },
  {
    // Characters a query or JSON body must carry exactly: spaces, brackets, '+', '*', quotes.
    message: { ...base, kind: 'registrationRejected', params: { name: '椰城 地产(海口)', reason: '执照不清晰*请重传+盖章 "原件"' } },
    named: { name: '椰城 地产(海口)', reason: '执照不清晰*请重传+盖章 "原件"' },
    ordered: ['椰城 地产(海口)', '执照不清晰*请重传+盖章 "原件"'],
  },
];

async function failureOf(send: Promise<void>): Promise<SmsSendError> {
  const error = await send.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(SmsSendError);
  return error as SmsSendError;
}

describe('Aliyun SMS adapter against a local fake', () => {
  const credentials = { accessKeyId: 'LTAI5tFakeKeyId', accessKeySecret: 'fake-aliyun-secret' };
  let fake: FakeAliyunSms;
  const sender = () => createAliyunSmsSender({ ...credentials, signName: '海口新房', endpoint: fake.url, templates, timeoutMs: 3000 });

  beforeAll(async () => {
    fake = await startFakeAliyunSms(credentials);
  });
  afterAll(() => fake.close());
  beforeEach(() => {
    fake.received = [];
    fake.reply = aliyunAnswers.ok;
  });

  it.each(MESSAGES)('sends $message.kind signed, with its template and variables', async ({ message, named }) => {
    await sender().send(message);
    expect(fake.received).toHaveLength(1);
    const [request] = fake.received;
    expect(request).toMatchObject({ signatureValid: true, refusal: '', phone, signName: '海口新房', templateId: templates[message.kind] });
    expect(request!.params).toEqual(named);
    expect(request!.headers.authorization).toMatch(/^ACS3-HMAC-SHA256 Credential=LTAI5tFakeKeyId,/);
  });

  it('is refused by the fake when the secret is not the account’s (the signature is checked)', async () => {
    const wrongSecret = createAliyunSmsSender({ ...credentials, accessKeySecret: 'another-secret', signName: '海口新房', endpoint: fake.url, templates });
    const error = await failureOf(wrongSecret.send(MESSAGES[0]!.message));
    expect(fake.received[0]).toMatchObject({ signatureValid: false, refusal: 'signature' });
    expect(error).toMatchObject({ provider: 'aliyun', failure: 'unavailable', providerCode: 'IncompleteSignature' });
  });

  it.each([
    ['businessLimit', 'rateLimited', 'isv.BUSINESS_LIMIT_CONTROL'],
    ['illegalNumber', 'badNumber', 'isv.MOBILE_NUMBER_ILLEGAL'],
    ['noBalance', 'unavailable', 'isv.AMOUNT_NOT_ENOUGH'],
    ['badTemplate', 'unavailable', 'isv.SMS_TEMPLATE_ILLEGAL'],
    ['keyNotFound', 'unavailable', 'InvalidAccessKeyId.NotFound'],
    ['serverDown', 'unavailable', 'ServiceUnavailable'],
  ] as const)('answer %s becomes %s (%s), asked once', async (answer, failure, providerCode) => {
    fake.reply = aliyunAnswers[answer];
    const error = await failureOf(sender().send(MESSAGES[0]!.message));
    expect(error).toMatchObject({ provider: 'aliyun', failure, providerCode, requestId: aliyunAnswers[answer].body.RequestId });
    expect(fake.received).toHaveLength(1);
  });

  it('a provider that cannot be reached is unavailable', async () => {
    const nowhere = createAliyunSmsSender({ ...credentials, signName: '海口新房', endpoint: `http://127.0.0.1:${await freePort()}`, templates });
    expect(await failureOf(nowhere.send(MESSAGES[0]!.message))).toMatchObject({ failure: 'unavailable', providerCode: 'NETWORK' });
  });

  it('logs a refusal with Aliyun’s code and request id, without the phone or the code', async () => {
    const { log, read } = captureLog();
    fake.reply = aliyunAnswers.noBalance;
    await failureOf(withFailureLog(sender(), log).send(MESSAGES[0]!.message));
    const line = JSON.parse(read().trim()) as { level: number; sms: object };
    expect(line).toMatchObject({ level: 50, sms: { provider: 'aliyun', kind: 'loginCode', code: 'isv.AMOUNT_NOT_ENOUGH', requestId: 'A3' } });
    expect(read()).not.toContain(phone);
    expect(read()).not.toContain('482913');
  });
});

describe('Tencent Cloud SMS adapter against a local fake', () => {
  const credentials = { secretId: 'AKIDFakeSecretId', secretKey: 'fake-tencent-key', sdkAppId: '1400000001' };
  let fake: FakeTencentSms;
  const settings = () => ({ ...credentials, signName: '海口新房', region: 'ap-guangzhou', endpoint: fake.url, templates, agent: fake.agent, timeoutMs: 3000 });

  beforeAll(async () => {
    fake = await startFakeTencentSms(credentials);
  });
  afterAll(() => fake.close());
  beforeEach(() => {
    fake.received = [];
    fake.reply = tencentAnswers.ok;
  });

  it.each(MESSAGES)('sends $message.kind signed, to +86, with its template and variables in order', async ({ message, ordered }) => {
    await createTencentSmsSender(settings()).send(message);
    expect(fake.received).toHaveLength(1);
    const [request] = fake.received;
    expect(request).toMatchObject({ signatureValid: true, refusal: '', phone: `+86${phone}`, signName: '海口新房', templateId: templates[message.kind] });
    expect(request!.params).toEqual(Object.fromEntries(ordered.map((value, i) => [String(i + 1), value])));
    expect(request!.headers).toMatchObject({ 'x-tc-action': 'SendSms', 'x-tc-version': '2021-01-11', 'x-tc-region': 'ap-guangzhou' });
    expect(request!.headers.authorization).toMatch(/^TC3-HMAC-SHA256 Credential=AKIDFakeSecretId\/\d{4}-\d{2}-\d{2}\/sms\/tc3_request, /);
  });

  it('is refused by the fake when the key is not the account’s (the signature is checked)', async () => {
    const error = await failureOf(createTencentSmsSender({ ...settings(), secretKey: 'another-key' }).send(MESSAGES[0]!.message));
    expect(fake.received[0]).toMatchObject({ signatureValid: false, refusal: 'signature' });
    expect(error).toMatchObject({ provider: 'tencent', failure: 'unavailable', providerCode: 'AuthFailure.SignatureFailure' });
  });

  it.each([
    ['dailyLimit', 'rateLimited', 'LimitExceeded.PhoneNumberDailyLimit'],
    ['incorrectNumber', 'badNumber', 'InvalidParameterValue.IncorrectPhoneNumber'],
    ['noBalance', 'unavailable', 'FailedOperation.InsufficientBalanceInSmsPackage'],
    ['appDailyLimit', 'unavailable', 'LimitExceeded.AppDailyLimit'],
    ['templateMismatch', 'unavailable', 'FailedOperation.TemplateParamSetNotMatchApprovedTemplate'],
  ] as const)('answer %s becomes %s (%s), asked once', async (answer, failure, providerCode) => {
    fake.reply = tencentAnswers[answer];
    const error = await failureOf(createTencentSmsSender(settings()).send(MESSAGES[0]!.message));
    expect(error).toMatchObject({ provider: 'tencent', failure, providerCode, requestId: expect.stringMatching(/^fake-/) });
    expect(fake.received).toHaveLength(1);
  });

  it('a wrong SmsSdkAppId is the provider’s refusal, not a success', async () => {
    const error = await failureOf(createTencentSmsSender({ ...settings(), sdkAppId: '1400999999' }).send(MESSAGES[0]!.message));
    expect(error).toMatchObject({ failure: 'unavailable', providerCode: 'FailedOperation.SmsSdkAppIdVerifyFail' });
  });

  it('a provider that cannot be reached is unavailable', async () => {
    const nowhere = createTencentSmsSender({ ...settings(), endpoint: `http://sms.tencentcloudapi.com:${await freePort()}` });
    expect(await failureOf(nowhere.send(MESSAGES[0]!.message))).toMatchObject({ failure: 'unavailable', providerCode: 'NETWORK' });
  });

  it('logs a refusal with Tencent’s code, without the number Tencent’s message quotes', async () => {
    const { log, read } = captureLog();
    fake.reply = tencentAnswers.incorrectNumber;
    await failureOf(withFailureLog(createTencentSmsSender(settings()), log).send(MESSAGES[0]!.message));
    const line = JSON.parse(read().trim()) as { level: number; msg: string };
    expect(line).toMatchObject({ level: 40, sms: { provider: 'tencent', code: 'InvalidParameterValue.IncorrectPhoneNumber' } });
    expect(line.msg).toContain('incorrect phone number [number]');
    expect(read()).not.toContain(phone);
  });
});
