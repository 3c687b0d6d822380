import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { messages } from '@baobei/shared/messages';
import { changePassword } from '../../test/accounts';
import { recordSuiteFigures } from '../../test/suite-figures';
import { createTestApp, type TestApp } from '../../test/test-app';
import { AUTH_LIMITS } from './auth-service';

/** Decision 017: guessing limits per address, per phone and per account. */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const figures = { strangerFailures: 0, ipFailuresBefore429: 0, ipsUsed: new Set<string>() };

async function solveCaptcha(remoteAddress: string): Promise<{ sn: string; verifyCode: string }> {
  const res = await t.call({ method: 'GET', url: '/api/login/verify-code', remoteAddress });
  expect(res.statusCode).toBe(200);
  const { sn } = res.json().data;
  const answer = await t.call({ method: 'GET', url: `/api/dev/captcha?sn=${sn}` });
  return { sn, verifyCode: answer.json().data.code as string };
}

/** A password sign-in from `remoteAddress`, with a solved picture code when `picture` is set. */
async function sign(remoteAddress: string, username: string, password: string, picture = false) {
  figures.ipsUsed.add(remoteAddress);
  const extra = picture ? await solveCaptcha(remoteAddress) : {};
  return t.call({ method: 'POST', url: '/api/login/sign', remoteAddress, payload: { username, password, ...extra } });
}

let unknownSeq = 0;
const unknownPhone = () => `1370000${String(++unknownSeq).padStart(4, '0')}`;

/** Wrong passwords from one address until it has `count` failures, solving the picture code when asked. */
async function failFrom(remoteAddress: string, count: number, phone?: () => string) {
  for (let i = 0; i < count; i += 1) {
    let res = await sign(remoteAddress, phone ? phone() : unknownPhone(), 'wrong-password');
    if (res.json().msg === messages.login.pictureCodeNeeded) {
      res = await sign(remoteAddress, phone ? phone() : unknownPhone(), 'wrong-password', true);
    }
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toBe(messages.login.wrongPassword);
  }
}

describe('password sign-in failures per address (any phones)', () => {
  it('asks one address for the picture code after 5 failures on unknown phones; another address is unaffected', async () => {
    const ip = '203.0.113.10';
    const needs: boolean[] = [];
    for (let i = 0; i < AUTH_LIMITS.loginIpFailuresBeforeCaptcha; i += 1) {
      const res = await sign(ip, unknownPhone(), 'wrong-password');
      expect(res.json().msg).toBe(messages.login.wrongPassword);
      needs.push(res.json().data.needVerifyCode as boolean);
    }
    // Every phone was new, so only the address can have asked for the picture code.
    expect(needs).toEqual([false, false, false, false, true]);

    const fresh = await sign(ip, unknownPhone(), 'wrong-password');
    expect(fresh.statusCode).toBe(400);
    expect(fresh.json()).toMatchObject({ msg: messages.login.pictureCodeNeeded, data: { needVerifyCode: true } });
    // The real broker from that address too: the same answer the login page already handles...
    const broker = await sign(ip, '13800000003', '123456');
    expect(broker.json()).toMatchObject({ msg: messages.login.pictureCodeNeeded, data: { needVerifyCode: true } });
    // ...and signs in with the picture code.
    expect((await sign(ip, '13800000003', '123456', true)).statusCode).toBe(200);
    // A success does not wipe the address's count.
    expect((await sign(ip, '13800000003', '123456')).json().msg).toBe(messages.login.pictureCodeNeeded);

    // Another address: no picture code, for the broker or for an unknown phone.
    const other = '203.0.113.11';
    expect((await sign(other, '13800000003', '123456')).statusCode).toBe(200);
    const unknown = await sign(other, unknownPhone(), 'wrong-password');
    expect(unknown.json()).toMatchObject({ msg: messages.login.wrongPassword, data: { needVerifyCode: false } });
  });

  it('answers 429 to an address past 50 failures in the hour, even with the right password and picture code', async () => {
    const ip = '203.0.113.20';
    await failFrom(ip, AUTH_LIMITS.loginIpFailuresPerHour);
    figures.ipFailuresBefore429 = AUTH_LIMITS.loginIpFailuresPerHour;
    const refused = await sign(ip, unknownPhone(), 'wrong-password', true);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().msg).toBe(messages.login.tooManyFailuresIp);
    const right = await sign(ip, '13800000003', '123456', true);
    expect(right.statusCode).toBe(429);
    // The accounts themselves are not locked: from elsewhere the broker signs in as usual.
    expect((await sign('203.0.113.21', '13800000003', '123456')).statusCode).toBe(200);
  }, 120_000);

  it('never locks a real user out: after a stranger’s 150 failures on the phone, the right password with a picture code signs in', async () => {
    const victim = '13800000004';
    const strangers = ['198.51.100.1', '198.51.100.2', '198.51.100.3'];
    for (const ip of strangers) await failFrom(ip, 50, () => victim);
    figures.strangerFailures = strangers.length * 50;

    const home = '192.0.2.50';
    // Without a picture code the phone asks for one (it did so after its 5th failure)...
    const bare = await sign(home, victim, '123456');
    expect(bare.statusCode).toBe(400);
    expect(bare.json()).toMatchObject({ msg: messages.login.pictureCodeNeeded, data: { needVerifyCode: true } });
    // ...a wrong picture code is refused...
    const { sn } = await solveCaptcha(home);
    const wrongPicture = await t.call({
      method: 'POST',
      url: '/api/login/sign',
      remoteAddress: home,
      payload: { username: victim, password: '123456', sn, verifyCode: 'zzzz' },
    });
    expect(wrongPicture.json().msg).toBe(messages.login.pictureCodeWrong);
    // ...and the right password with the right picture code always signs in (no hard lock).
    const ok = await sign(home, victim, '123456', true);
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data.userInfo.phone).toBe(victim);
    // The success cleared the phone's count: the next sign-in from home needs nothing more.
    expect((await sign(home, victim, '123456')).statusCode).toBe(200);
  }, 240_000);
});

describe('SMS-code guesses per address', () => {
  async function requestSms(phone: string, purpose: 'login' | 'retrieve', remoteAddress: string): Promise<string> {
    const picture = await solveCaptcha(remoteAddress);
    const res = await t.call({
      method: 'GET',
      url: `/api/login/get-code?username=${phone}&sn=${picture.sn}&code=${picture.verifyCode}&purpose=${purpose}`,
      remoteAddress,
    });
    expect(res.statusCode).toBe(200);
    return (await t.call({ method: 'GET', url: `/api/dev/sms-code?phone=${phone}` })).json().data.code as string;
  }

  it('refuses an address after 20 wrong codes or unknown phones in the hour, for sign-in and reset alike', async () => {
    const owner = '192.0.2.60';
    const phone = '13800000007';
    const code = await requestSms(phone, 'login', owner);

    const sprayer = '203.0.113.30';
    const phones = ['13800000001', '13800000002', '13800000005', '13800000006'];
    const answers: string[] = [];
    for (let i = 0; i < AUTH_LIMITS.smsCodeFailuresPerIpPerHour; i += 1) {
      // Known phones without a live code and unknown phones, all with a made-up code.
      const username = i % 2 === 0 ? phones[(i / 2) % phones.length]! : unknownPhone();
      const res = await t.call({ method: 'POST', url: '/api/login/sign-by-code', remoteAddress: sprayer, payload: { username, code: '123456' } });
      expect(res.statusCode).toBe(400);
      answers.push(res.json().msg as string);
    }
    expect(new Set(answers)).toEqual(new Set([messages.login.smsCodeExpired, messages.login.accountNotFound]));

    const refused = await t.call({ method: 'POST', url: '/api/login/sign-by-code', remoteAddress: sprayer, payload: { username: phone, code } });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().msg).toBe(messages.login.smsCodeTooManyWrong);
    const reset = await t.call({
      method: 'POST',
      url: '/api/login/retrieve-password',
      remoteAddress: sprayer,
      payload: { phone, password: 'newpass1', passwordMore: 'newpass1', wxcode: code },
    });
    expect(reset.statusCode).toBe(429);

    // The refusal spent nothing: the owner's code still signs in from the owner's address.
    const signed = await t.call({ method: 'POST', url: '/api/login/sign-by-code', remoteAddress: owner, payload: { username: phone, code } });
    expect(signed.statusCode).toBe(200);
  });
});

describe('change-password: wrong old passwords per account', () => {
  const change = (token: string, oldPassword: string) => changePassword(t, token, { old: oldPassword, new: 'abc12345' });

  it('answers 429 after 5 wrong old passwords in 15 minutes, even to the right one; other accounts are unaffected', async () => {
    const token = await t.login('13800000008');
    for (let i = 0; i < AUTH_LIMITS.changePasswordFailures; i += 1) {
      const res = await change(token, `wrong-${i}`);
      expect(res.statusCode).toBe(400);
      expect(res.json().msg).toBe(messages.changePassword.oldWrong);
    }
    const refused = await change(token, '123456');
    expect(refused.statusCode).toBe(429);
    expect(refused.json().msg).toBe(messages.changePassword.tooManyWrong);
    // Still the old password: nothing was changed.
    await t.login('13800000008');

    // Another account is unaffected.
    const other = await t.login('13800000006');
    expect((await change(other, 'wrong')).json().msg).toBe(messages.changePassword.oldWrong);

    // Once the 15 minutes are over (the window moved to the past), the right old password works.
    await t.database.db.execute(sql`update rate_counter set reset_at = now() - interval '1 second' where key like 'change-password-fail:%'`);
    expect((await change(token, '123456')).statusCode).toBe(200);
    await t.login('13800000008', { password: 'abc12345' });
  });
});

afterAll(() => {
  recordSuiteFigures(
    'guessing-limits',
    `picture code after ${AUTH_LIMITS.loginIpFailuresBeforeCaptcha} failures per IP / 15 min, 429 after ${figures.ipFailuresBefore429} per IP / hour; ` +
      `real user signed in after ${figures.strangerFailures} stranger failures on the phone; ${figures.ipsUsed.size} client IPs`,
  );
});
