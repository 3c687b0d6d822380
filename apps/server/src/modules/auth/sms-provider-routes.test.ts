import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@baobei/shared/messages';
import { distributorRegistration, smsCode } from '../../db/schema';
import { DEMO_ACCOUNTS } from '../../test/accounts';
import { aliyunAnswers, aliyunSmsEnv, captureLog, startFakeAliyunSms, type FakeAliyunSms } from '../../test/fake-sms-providers';
import { createTestApp, type TestApp } from '../../test/test-app';

/**
 * The app with SMS_PROVIDER=aliyun against the local fake: what the user hears when the
 * provider refuses a code, and that a refused code is neither valid nor counted.
 */
const credentials = { accessKeyId: 'LTAI5tFakeKeyId', accessKeySecret: 'fake-aliyun-secret' };
const BROKER = '13800000003';
let fake: FakeAliyunSms;
let t: TestApp;
const log = captureLog();

beforeAll(async () => {
  fake = await startFakeAliyunSms(credentials);
  t = await createTestApp({ config: { ...aliyunSmsEnv(fake.url, credentials), LOG_LEVEL: 'warn' }, logStream: log.stream });
});
afterAll(async () => {
  await t.close();
  await fake.close();
});

async function requestLoginCode(phone: string) {
  const captcha = await t.call({ method: 'GET', url: '/api/login/verify-code' });
  const { sn } = captcha.json().data as { sn: string };
  const answer = await t.call({ method: 'GET', url: `/api/dev/captcha?sn=${sn}` });
  const code = answer.json().data.code as string;
  return t.call({ method: 'GET', url: `/api/login/get-code?username=${phone}&sn=${sn}&code=${code}&purpose=login` });
}

async function storedCodes(phone: string): Promise<number> {
  return (await t.database.db.select({ id: smsCode.id }).from(smsCode).where(eq(smsCode.phone, phone))).length;
}

describe('sign-in code through Aliyun', () => {
  it('answers each refusal with its message, stores no code, and lets the next request through', async () => {
    const refusals = [
      [aliyunAnswers.noBalance, 503, messages.login.smsSendFailed],
      [aliyunAnswers.businessLimit, 429, messages.login.smsSendTooFrequent],
      [aliyunAnswers.illegalNumber, 400, messages.login.phoneInvalid],
      [aliyunAnswers.serverDown, 503, messages.login.smsSendFailed],
    ] as const;
    const requestIds: string[] = [];
    for (const [answer, status, msg] of refusals) {
      fake.reply = answer;
      const res = await requestLoginCode(BROKER);
      expect(res.statusCode).toBe(status);
      expect(res.json()).toMatchObject({ code: status, type: status, msg, data: null });
      requestIds.push(String(res.headers['x-request-id']));
    }
    expect(fake.received.map((r) => r.signatureValid)).toEqual([true, true, true, true]);
    expect(await storedCodes(BROKER)).toBe(0);
    // A code that was never sent does not sign in.
    const guess = await t.call({ method: 'POST', url: '/api/login/sign-by-code', payload: { username: BROKER, code: '000000' } });
    expect(guess.json().msg).toBe(messages.login.smsCodeExpired);

    // Four refusals within the minute did not use the phone's one code a minute.
    fake.reply = aliyunAnswers.ok;
    const sent = await requestLoginCode(BROKER);
    expect(sent.statusCode).toBe(200);
    const delivered = fake.received.at(-1)!;
    expect(delivered).toMatchObject({ signatureValid: true, phone: BROKER, templateId: 'SMS_100000001' });
    const signed = await t.call({ method: 'POST', url: '/api/login/sign-by-code', payload: { username: BROKER, code: delivered.params.code } });
    expect(signed.statusCode).toBe(200);
    expect(signed.json().data.userInfo.phone).toBe(BROKER);

    // One line per refusal says what Aliyun answered, never the phone or a code.
    const lines = log.read().split('\n').filter((line) => line.includes('aliyun SMS not sent'));
    // Each is its request's line: the reqId its answer carried (lib/request-context.ts).
    expect(lines.map((line) => (JSON.parse(line) as { reqId?: string }).reqId)).toEqual(requestIds);
    expect(lines.map((line) => (JSON.parse(line) as { sms: { code: string } }).sms.code)).toEqual([
      'isv.AMOUNT_NOT_ENOUGH',
      'isv.BUSINESS_LIMIT_CONTROL',
      'isv.MOBILE_NUMBER_ILLEGAL',
      'ServiceUnavailable',
    ]);
    for (const line of lines) {
      expect(line).not.toContain(BROKER);
      expect(line).not.toContain(delivered.params.code);
    }
  });

  it('has no development code reader behind a real provider', async () => {
    const res = await t.call({ method: 'GET', url: `/api/dev/sms-code?phone=${BROKER}` });
    expect(res.statusCode).toBe(404);
  });
});

describe('registration notice through Aliyun', () => {
  it('a rejection stands when Aliyun refuses the notice, and the reviewer is told to pass it on', async () => {
    const companyId = await t.companyIdOf('localhost');
    const [row] = await t.database.db
      .insert(distributorRegistration)
      .values({
        companyId,
        companyLicenseName: '海口椰城房地产经纪有限公司',
        name: '椰城地产',
        creditNo: '91460100MA5T000000',
        managerName: '王五',
        managerPhone: '13900000123',
        address: '海口市龙华区',
        businessLicensePic: '/uploads/licence.png',
        passwordHash: 'x',
      })
      .returning({ id: distributorRegistration.id });
    fake.received = [];
    fake.reply = aliyunAnswers.noBalance;
    const token = await t.login(DEMO_ACCOUNTS.auditorAdmin);
    const res = await t.call({
      method: 'POST',
      url: '/api/publicapi/review-registration',
      payload: { id: row!.id, approve: false, reason: '执照不清晰' },
      token,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ msg: messages.registration.reviewRejectedNotNotified, data: { status: 'REJECTED', notified: false } });
    expect(fake.received[0]).toMatchObject({ signatureValid: true, templateId: 'SMS_100000005', params: { name: '椰城地产', reason: '执照不清晰' } });
    const [saved] = await t.database.db.select().from(distributorRegistration).where(eq(distributorRegistration.id, row!.id));
    expect(saved).toMatchObject({ status: 'REJECTED', reason: '执照不清晰' });
  });
});
