import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { messages } from '@baobei/shared/messages';
import { changePassword } from '../../test/accounts';
import { recordSuiteFigures } from '../../test/suite-figures';
import { createTestApp, type TestApp } from '../../test/test-app';
import { AUTH_LIMITS, loginSlowdownMs } from './auth-service';

/** Decision 017: guessing limits per address, per phone and per account. */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const figures = { strangerFailures: 0, slowedAfter: 0, ipsUsed: new Set<string>() };

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

  it('slows an address past 50 failures in the hour down, but lets the right password with a picture code through', async () => {
    const ip = '203.0.113.20';
    await failFrom(ip, AUTH_LIMITS.loginIpFailuresBeforeSlowdown);
    figures.slowedAfter = AUTH_LIMITS.loginIpFailuresBeforeSlowdown;
    const delay = loginSlowdownMs(AUTH_LIMITS.loginIpFailuresBeforeSlowdown);
    expect(delay).toBeGreaterThan(0);

    // A wrong password is answered only after the delay (and not refused: 400, never 429)...
    let started = Date.now();
    const wrong = await sign(ip, unknownPhone(), 'wrong-password', true);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().msg).toBe(messages.login.wrongPassword);
    expect(Date.now() - started).toBeGreaterThanOrEqual(delay - 50);

    // ...and someone else behind the same NAT signs in with the right password and a picture code.
    started = Date.now();
    const right = await sign(ip, '13800000003', '123456', true);
    expect(right.statusCode).toBe(200);
    expect(Date.now() - started).toBeGreaterThanOrEqual(delay - 50);
    // Another address is not slowed.
    expect((await sign('203.0.113.21', '13800000003', '123456')).statusCode).toBe(200);
  }, 120_000);

  it('grows the delay with the failures and caps it', () => {
    const start = AUTH_LIMITS.loginIpFailuresBeforeSlowdown;
    expect(loginSlowdownMs(start - 1)).toBe(0);
    expect(loginSlowdownMs(start)).toBe(AUTH_LIMITS.loginIpSlowdownBaseMs);
    expect(loginSlowdownMs(start + AUTH_LIMITS.loginIpSlowdownStepFailures)).toBe(2 * AUTH_LIMITS.loginIpSlowdownBaseMs);
    expect(loginSlowdownMs(start + 1000)).toBe(AUTH_LIMITS.loginIpSlowdownMaxMs);
  });

  it('asks for an SMS code to the account’s phone past its ceiling, from any address; the owner signs in with it', async () => {
    const victim = '13800000004';
    // Strangers on eight addresses, each with solved picture codes, reach the account's ceiling.
    const strangers = Array.from({ length: 8 }, (_, i) => `198.51.100.${i + 1}`);
    for (let i = 0; i < AUTH_LIMITS.loginFailuresBeforeSecondFactor; i += 1) {
      const res = await sign(strangers[i % strangers.length]!, victim, `guess-${i}`, true);
      expect(res.json().msg).toBe(messages.login.wrongPassword);
      expect(res.json().data.needSmsCode).toBe(i + 1 >= AUTH_LIMITS.loginFailuresBeforeSecondFactor);
    }
    figures.strangerFailures = AUTH_LIMITS.loginFailuresBeforeSecondFactor;

    // From now on no password is checked without the code: right and wrong get the same answer.
    for (const password of ['guess-x', '123456']) {
      const res = await sign('198.51.100.99', victim, password, true);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ msg: messages.login.secondFactorNeeded, data: { needSmsCode: true } });
    }
    // A made-up code is wrong, whatever the password.
    const madeUp = await t.call({
      method: 'POST',
      url: '/api/login/sign',
      remoteAddress: '198.51.100.99',
      payload: { username: victim, password: '123456', smsCode: '000000' },
    });
    expect(madeUp.json().msg).toBe(messages.login.smsCodeExpired);

    // The owner asks for a code (picture code first, as ever) and signs in with both factors.
    const home = '192.0.2.50';
    const code = await requestLoginCode(victim, home);
    const typo = await t.call({ method: 'POST', url: '/api/login/sign', remoteAddress: home, payload: { username: victim, password: '12345x', smsCode: code } });
    expect(typo.json().msg).toBe(messages.login.wrongPassword);
    // A mistyped password did not spend the code.
    const ok = await t.call({ method: 'POST', url: '/api/login/sign', remoteAddress: home, payload: { username: victim, password: '123456', smsCode: code } });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data.userInfo.phone).toBe(victim);
    // The code is single use, and the success cleared the account's count.
    const again = await t.call({ method: 'POST', url: '/api/login/sign', remoteAddress: home, payload: { username: victim, password: '123456' } });
    expect(again.statusCode).toBe(200);
  }, 240_000);
});

/** A login code sent to `phone` after a solved picture code, as the development adapter keeps it. */
async function requestLoginCode(phone: string, remoteAddress: string): Promise<string> {
  const picture = await solveCaptcha(remoteAddress);
  const res = await t.call({
    method: 'GET',
    url: `/api/login/get-code?username=${phone}&sn=${picture.sn}&code=${picture.verifyCode}&purpose=login`,
    remoteAddress,
  });
  expect(res.statusCode).toBe(200);
  return (await t.call({ method: 'GET', url: `/api/dev/sms-code?phone=${phone}` })).json().data.code as string;
}

describe('the console sign-in checks the picture code it asks for', () => {
  it('refuses a wrong picture code with the right password, and signs in with the right one', async () => {
    const ip = '203.0.113.40';
    const { sn } = await solveCaptcha(ip);
    const payload = { phone: '13800000009', password: '123456', captchaSn: sn, captcha: 'zzzz' };
    const wrong = await t.call({ method: 'POST', url: '/api/admin/auth/sign', remoteAddress: ip, payload });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().msg).toBe(messages.login.pictureCodeWrong);
    const picture = await solveCaptcha(ip);
    const right = await t.call({
      method: 'POST',
      url: '/api/admin/auth/sign',
      remoteAddress: ip,
      payload: { ...payload, captchaSn: picture.sn, captcha: picture.verifyCode },
    });
    expect(right.statusCode).toBe(200);
  });
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
    `picture code after ${AUTH_LIMITS.loginIpFailuresBeforeCaptcha} failures per IP / 15 min, slowed (never refused) after ${figures.slowedAfter} per IP / hour; ` +
      `SMS second factor after ${AUTH_LIMITS.loginFailuresBeforeSecondFactor} failures per account / hour; ` +
      `real user signed in after ${figures.strangerFailures} stranger failures on the phone; ${figures.ipsUsed.size} client IPs`,
  );
});
