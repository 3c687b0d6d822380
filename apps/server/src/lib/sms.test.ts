import { describe, expect, it } from 'vitest';
import { messages } from '@baobei/shared/messages';
import { captureLog } from '../test/fake-sms-providers';
import { createDevSmsSender, smsFailureMessage, SmsSendError, withFailureLog, withoutPhoneNumbers } from './sms';

const phone = '13812345678';

describe('development SMS adapter', () => {
  it('logs the text as the code templates read, keeps the code for the test-only reader, and never the phone', async () => {
    const { log, read } = captureLog();
    const sender = createDevSmsSender(log);
    await sender.send({ phone, companyId: 1, companyTitle: '海口新房报备', kind: 'loginCode', params: { code: '482913' } });
    expect(read()).toContain('【海口新房报备】您的验证码是482913，5分钟内有效，请勿泄露。');
    expect(read()).toContain('dev sms adapter: message not sent, logged instead');
    expect(read()).not.toContain(phone);
    expect(sender.lastCode(phone, 1)).toBe('482913');
    // Another company's account of the same phone has its own code.
    await sender.send({ phone, companyId: 2, companyTitle: '三亚置业报备', kind: 'loginCode', params: { code: '000111' } });
    expect(sender.lastCode(phone, 1)).toBe('482913');
    expect(sender.lastCode(phone, 2)).toBe('000111');
  });

  it('writes the registration notices with their texts, and keeps no code for them', async () => {
    const { log, read } = captureLog();
    const sender = createDevSmsSender(log);
    await sender.send({ phone, companyTitle: '海口新房报备', kind: 'registrationApproved', params: { name: '椰城地产' } });
    await sender.send({ phone, companyTitle: '海口新房报备', kind: 'registrationRejected', params: { name: '椰城地产', reason: '营业执照不清晰' } });
    expect(read()).toContain(messages.registration.smsApproved('海口新房报备', '椰城地产'));
    expect(read()).toContain(messages.registration.smsRejected('海口新房报备', '椰城地产', '营业执照不清晰'));
    expect(sender.lastCode(phone, 1)).toBeUndefined();
  });
});

describe('failed sends', () => {
  it('log one line with the provider’s code and no phone, at error when it is ours to fix', async () => {
    const { log, read } = captureLog();
    const failing = (error: Error) => withFailureLog({ send: () => Promise.reject(error) }, log);
    const message = { phone, companyTitle: 'x', kind: 'loginCode', params: { code: '111111' } } as const;

    const refused = new SmsSendError('tencent', 'badNumber', 'InvalidParameterValue.IncorrectPhoneNumber', `incorrect phone number +86${phone}`, 'r-1');
    await expect(failing(refused).send(message)).rejects.toBe(refused);
    await expect(failing(new TypeError('boom')).send(message)).rejects.toMatchObject({ failure: 'unavailable', providerCode: 'UNEXPECTED' });

    const lines = read().trim().split('\n').map((line) => JSON.parse(line) as { level: number; msg: string; sms: Record<string, string> });
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatchObject({ level: 40, sms: { provider: 'tencent', kind: 'loginCode', failure: 'badNumber', code: 'InvalidParameterValue.IncorrectPhoneNumber', requestId: 'r-1' } });
    expect(lines[1]).toMatchObject({ level: 50, sms: { failure: 'unavailable', code: 'UNEXPECTED' } });
    expect(read()).not.toContain(phone);
    expect(read()).not.toContain('111111');
  });

  it('take numbers out of provider messages, and answer the user in the messages module’s words', () => {
    expect(withoutPhoneNumbers('number +86 138 1234 5678 and 13812345678 refused (code 1015)')).toBe(
      'number [number] and [number] refused (code 1015)',
    );
    expect(smsFailureMessage('rateLimited')).toBe('短信发送过于频繁，请稍后再试');
    expect(smsFailureMessage('badNumber')).toBe(messages.login.phoneInvalid);
    expect(smsFailureMessage('unavailable')).toBe('短信发送失败，请稍后再试');
  });
});
