import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@baobei/shared/messages';
import { changePassword } from '../../test/accounts';
import { createTestApp, HOSTS, type TestApp } from '../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const BROKER = '13800000003';

async function solveCaptcha(): Promise<{ sn: string; code: string }> {
  const res = await t.call({ method: 'GET', url: '/api/login/verify-code' });
  expect(res.statusCode).toBe(200);
  const { sn, img } = res.json().data;
  expect(img).toMatch(/^data:image\/svg\+xml;base64,/);
  const answer = await t.call({ method: 'GET', url: `/api/dev/captcha?sn=${sn}` });
  return { sn, code: answer.json().data.code };
}

async function requestSms(phone: string, purpose = 'login', host: string = HOSTS.localhost) {
  const { sn, code } = await solveCaptcha();
  return t.call({ method: 'GET', url: `/api/login/get-code?username=${phone}&sn=${sn}&code=${code}&purpose=${purpose}`, host });
}

async function lastSms(phone: string): Promise<string> {
  const res = await t.call({ method: 'GET', url: `/api/dev/sms-code?phone=${phone}` });
  return res.json().data.code as string;
}

describe('envelope and errors', () => {
  it('answers with both spellings of the envelope and status === code', async () => {
    const res = await t.call({ method: 'GET', url: '/api/index/get-common-init-config' });
    const body = res.json();
    expect(res.statusCode).toBe(200);
    expect(body.code).toBe(200);
    expect(body.type).toBe(body.code);
    expect(body.msg).toBe(body.message);
  });

  it('gives an unknown API path a 404 envelope', async () => {
    const res = await t.call({ method: 'GET', url: '/api/nothing/here' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 404, type: 404, msg: messages.common.notFound });
  });

  it('refuses a body over the limit with 413', async () => {
    const res = await t.call({
      method: 'POST',
      url: '/api/login/sign',
      payload: { username: BROKER, password: 'x'.repeat(1_100_000) },
    });
    expect(res.statusCode).toBe(413);
    expect(res.json().msg).toBe(messages.common.tooLarge);
  });

  it('sets security headers and serves OpenAPI', async () => {
    const res = await t.call({ method: 'GET', url: '/api/index/get-company?host=localhost' });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    const docs = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(docs.statusCode).toBe(200);
    expect(Object.keys(docs.json().paths)).toContain('/api/login/sign');
  });
});

describe('company branding', () => {
  it('returns a distinct brand per host', async () => {
    const a = (await t.app.inject({ method: 'GET', url: '/api/index/get-company?host=localhost' })).json().data;
    const b = (await t.app.inject({ method: 'GET', url: '/api/index/get-company?host=127.0.0.1' })).json().data;
    expect(a.title).toBe('海口新房报备');
    expect(b.title).not.toBe(a.title);
    expect(b.companyId).not.toBe(a.companyId);
    for (const key of ['companyId', 'title', 'color', 'gradientColor', 'logo', 'subLogo', 'favicon', 'description']) {
      expect(a).toHaveProperty(key);
    }
  });

  it('answers 404 for an unknown host', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/index/get-company?host=example.org' });
    expect(res.statusCode).toBe(404);
    expect(res.json().msg).toBe(messages.common.companyNotFound);
  });

  it('refuses a company header that is not the host’s own', async () => {
    const other = await t.companyIdOf(HOSTS.second);
    const res = await t.call({ method: 'GET', url: '/api/index/get-common-init-config', host: HOSTS.localhost, companyId: other });
    expect(res.statusCode).toBe(403);
  });
});

describe('password sign-in', () => {
  it.each([
    [{ username: '', password: '' }, messages.login.phoneRequired],
    [{ username: '1380000000', password: '' }, messages.login.phoneInvalid],
    [{ username: '12800000003', password: '123456' }, messages.login.phoneInvalid],
    [{ username: BROKER, password: '' }, messages.login.passwordRequired],
    [{}, messages.login.phoneRequired],
  ])('refuses %o with the first failed rule', async (payload, message) => {
    const res = await t.call({ method: 'POST', url: '/api/login/sign', payload });
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toBe(message);
  });

  it('signs in and returns the session fields', async () => {
    const res = await t.call({ method: 'POST', url: '/api/login/sign', payload: { username: BROKER, password: '123456' } });
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data.token).toMatch(/^[\w-]{43}$/);
    expect(data.userInfo).toMatchObject({ phone: BROKER, distributorStaffType: 'YUEWUYUAN', role: '', distributorControl: 0 });
    expect(data.userInfo.distributorName).not.toBe('');
    expect(data.userInfo.channelList.length).toBeGreaterThan(0);
    expect(data.userInfo).not.toHaveProperty('passwordHash');
    expect(data.cityList.length).toBeGreaterThan(0);
    expect(data.recordStatusList.find((s: { value: string }) => s.value === 'RECORDSTANDBY').text).toBe('处理中');
  });

  it('gives auditors the role field and level-7 permissions', async () => {
    const res = await t.call({ method: 'POST', url: '/api/login/sign', payload: { username: '13800000006', password: '123456' } });
    expect(res.json().data.userInfo).toMatchObject({ role: 'AUDITOR', distributorStaffType: '' });
    expect(res.json().data.userInfo.permissionList).toContain('RECORD_APPROVAL');
  });

  it('says a wrong password plainly, and asks for the picture code after 5 failures', async () => {
    const phone = '13800000005';
    // An address of its own: failures from one address count too (decision 017).
    const remoteAddress = '192.0.2.1';
    for (let i = 1; i <= 5; i += 1) {
      const res = await t.call({ method: 'POST', url: '/api/login/sign', remoteAddress, payload: { username: phone, password: 'wrong' } });
      expect(res.statusCode).toBe(400);
      expect(res.json().msg).toBe(messages.login.wrongPassword);
      expect(res.json().data.needVerifyCode).toBe(i >= 5);
    }
    const blocked = await t.call({ method: 'POST', url: '/api/login/sign', remoteAddress: '192.0.2.2', payload: { username: phone, password: '123456' } });
    expect(blocked.statusCode).toBe(400);
    expect(blocked.json()).toMatchObject({ msg: messages.login.pictureCodeNeeded, data: { needVerifyCode: true } });

    const wrongPicture = await solveCaptcha();
    const refused = await t.call({
      method: 'POST',
      url: '/api/login/sign',
      remoteAddress,
      payload: { username: phone, password: '123456', sn: wrongPicture.sn, verifyCode: 'zzzz' },
    });
    expect(refused.json().msg).toBe(messages.login.pictureCodeWrong);

    const picture = await solveCaptcha();
    const ok = await t.call({
      method: 'POST',
      url: '/api/login/sign',
      remoteAddress,
      payload: { username: phone, password: '123456', sn: picture.sn, verifyCode: picture.code },
    });
    expect(ok.statusCode).toBe(200);
    // A success clears the phone's failures: the next sign-in (from another address) needs no picture code.
    const again = await t.call({ method: 'POST', url: '/api/login/sign', remoteAddress: '192.0.2.2', payload: { username: phone, password: '123456' } });
    expect(again.statusCode).toBe(200);
  });

  it('does not tell an unknown phone from a wrong password', async () => {
    const res = await t.call({ method: 'POST', url: '/api/login/sign', remoteAddress: '192.0.2.3', payload: { username: '13700000000', password: '123456' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toBe(messages.login.wrongPassword);
  });
});

describe('tokens and sessions', () => {
  it('keeps a token to its own company', async () => {
    const token = await t.login(BROKER);
    const own = await t.call({ method: 'POST', url: '/api/login/check-token', token });
    expect(own.statusCode).toBe(200);
    const other = await t.call({ method: 'POST', url: '/api/login/check-token', token, host: HOSTS.second });
    expect(other.statusCode).toBe(401);
    const init = await t.call({ method: 'GET', url: '/api/index/get-init-config', token, host: HOSTS.second });
    expect(init.statusCode).toBe(401);
  });

  it('requires a token for the signed-in config and accepts Bearer too', async () => {
    expect((await t.call({ method: 'GET', url: '/api/index/get-init-config' })).statusCode).toBe(401);
    const token = await t.login(BROKER);
    const res = await t.call({ method: 'GET', url: '/api/index/get-init-config', headers: { authorization: `Bearer ${token}` } });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.userInfo.phone).toBe(BROKER);
    expect(res.json().data.token).toBe(token);
  });

  it('gives visitors the common config without a user', async () => {
    const res = await t.call({ method: 'GET', url: '/api/index/get-common-init-config' });
    expect(res.json().data).toMatchObject({ token: null, userInfo: null, permissionOperations: [] });
    expect(res.json().data.houseTeseList.length).toBeGreaterThan(0);
  });

  it('ends the session on logout', async () => {
    const token = await t.login(BROKER);
    const out = await t.call({ method: 'POST', url: '/api/login/logout', token });
    expect(out.statusCode).toBe(200);
    const after = await t.call({ method: 'POST', url: '/api/login/check-token', token });
    expect(after.statusCode).toBe(401);
    expect(after.json().msg).toBe(messages.common.loginExpired);
  });

  it('refuses a made-up token with 401', async () => {
    const res = await t.call({ method: 'POST', url: '/api/login/check-token', token: 'not-a-token' });
    expect(res.statusCode).toBe(401);
  });
});

describe('SMS code sign-in', () => {
  it.each([
    ['username=&sn=x&code=abcd', messages.login.phoneRequired],
    ['username=1380000&sn=x&code=abcd', messages.login.phoneInvalid],
    [`username=${BROKER}&sn=x&code=`, messages.login.pictureCodeRequired],
    [`username=${BROKER}&sn=x&code=abc`, messages.login.pictureCodeTooShort],
  ])('refuses get-code %s', async (query, message) => {
    const res = await t.call({ method: 'GET', url: `/api/login/get-code?${query}` });
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toBe(message);
  });

  it.each([
    [{ username: '', code: '' }, messages.login.phoneRequired],
    [{ username: 'abc', code: '' }, messages.login.phoneInvalid],
    [{ username: BROKER, code: '' }, messages.login.codeRequired],
  ])('refuses sign-by-code %o', async (payload, message) => {
    const res = await t.call({ method: 'POST', url: '/api/login/sign-by-code', payload });
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toBe(message);
  });

  it('refuses a wrong picture code and uses each picture code once', async () => {
    const { sn, code } = await solveCaptcha();
    const wrong = await t.call({ method: 'GET', url: `/api/login/get-code?username=${BROKER}&sn=${sn}&code=zzzz` });
    expect(wrong.json().msg).toBe(messages.login.pictureCodeWrong);
    const reused = await t.call({ method: 'GET', url: `/api/login/get-code?username=${BROKER}&sn=${sn}&code=${code}` });
    expect(reused.json().msg).toBe(messages.login.pictureCodeExpired);
  });

  it('sends a 6-digit code, signs in with it once, and refuses a 2nd code inside a minute', async () => {
    const phone = '13800000002';
    const sent = await requestSms(phone);
    expect(sent.statusCode).toBe(200);
    expect(sent.json().msg).toBe(messages.login.smsSent);
    const code = await lastSms(phone);
    expect(code).toMatch(/^\d{6}$/);

    const second = await requestSms(phone);
    expect(second.statusCode).toBe(429);
    expect(second.json().msg).toBe(messages.login.smsTooFrequentMinute);

    const signed = await t.call({ method: 'POST', url: '/api/login/sign-by-code', payload: { username: phone, code } });
    expect(signed.statusCode).toBe(200);
    expect(signed.json().data.userInfo.phone).toBe(phone);

    const replay = await t.call({ method: 'POST', url: '/api/login/sign-by-code', payload: { username: phone, code } });
    expect(replay.statusCode).toBe(400);
    expect(replay.json().msg).toBe(messages.login.smsCodeExpired);
  });

  it('kills a code after 5 wrong tries', async () => {
    const phone = '13800000004';
    expect((await requestSms(phone)).statusCode).toBe(200);
    const code = await lastSms(phone);
    const wrongCode = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i += 1) {
      const res = await t.call({ method: 'POST', url: '/api/login/sign-by-code', payload: { username: phone, code: wrongCode } });
      expect(res.json().msg).toBe(messages.login.smsCodeWrong);
    }
    const late = await t.call({ method: 'POST', url: '/api/login/sign-by-code', payload: { username: phone, code } });
    expect(late.statusCode).toBe(400);
    expect(late.json().msg).toBe(messages.login.smsCodeExpired);
  });

  it('keeps the hourly and daily caps per phone', async () => {
    const phone = '13800000007';
    // Backdate earlier sends instead of waiting: five codes in the last hour close the hour.
    const { sql } = await import('drizzle-orm');
    const companyId = await t.companyIdOf(HOSTS.localhost);
    for (let i = 0; i < 5; i += 1) {
      await t.database.db.execute(sql`insert into sms_code (company_id, phone, purpose, code_hash, expires_at, used_at, created_at)
        values (${companyId}, ${phone}, 'login', 'x', now(), now(), now() - interval '2 minutes' - make_interval(mins => ${i}))`);
    }
    const hourly = await requestSms(phone);
    expect(hourly.statusCode).toBe(429);
    expect(hourly.json().msg).toBe(messages.login.smsTooFrequentHour);
    await t.database.db.execute(sql`update sms_code set created_at = created_at - interval '2 hours' where phone = ${phone}`);
    for (let i = 0; i < 5; i += 1) {
      await t.database.db.execute(sql`insert into sms_code (company_id, phone, purpose, code_hash, expires_at, used_at, created_at)
        values (${companyId}, ${phone}, 'login', 'x', now(), now(), now() - interval '3 hours')`);
    }
    const daily = await requestSms(phone);
    expect(daily.statusCode).toBe(429);
    expect(daily.json().msg).toBe(messages.login.smsTooFrequentDay);
  });

  it('refuses a phone with no account', async () => {
    const res = await requestSms('13711112222');
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toBe(messages.login.accountNotFound);
  });
});

describe('change password', () => {
  it.each([
    [{ oldPassword: '', password: '', passwordMore: '' }, messages.changePassword.oldRequired],
    [{ oldPassword: '123456', password: '', passwordMore: '' }, messages.changePassword.newPlaceholder],
    [{ oldPassword: '123456', password: '12345', passwordMore: '12345' }, messages.changePassword.newMinSix],
    [{ oldPassword: '123456', password: '123456', passwordMore: '123456' }, messages.changePassword.sameAsOld],
    [{ oldPassword: '123456', password: 'abc123', passwordMore: '' }, messages.changePassword.confirmRequired],
    [{ oldPassword: '123456', password: 'abc123', passwordMore: 'abc124' }, messages.changePassword.mismatch],
    [{ oldPassword: '654321', password: 'abc123', passwordMore: 'abc123' }, messages.changePassword.oldWrong],
  ])('refuses %o', async (payload, message) => {
    const token = await t.login('13800000008');
    const res = await t.call({ method: 'POST', url: '/api/user/change-password', token, payload });
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toBe(message);
  });

  it('needs a session', async () => {
    const res = await changePassword(t, undefined, { old: '123456', new: 'abc123' });
    expect(res.statusCode).toBe(401);
  });

  it('changes the password, keeps this session and ends the others', async () => {
    const phone = '13800000001';
    const other = await t.login(phone);
    const token = await t.login(phone);
    const res = await changePassword(t, token, { old: '123456', new: 'abc12345' });
    expect(res.statusCode).toBe(200);
    expect(res.json().msg).toBe(messages.changePassword.success);
    expect((await t.call({ method: 'POST', url: '/api/login/check-token', token })).statusCode).toBe(200);
    expect((await t.call({ method: 'POST', url: '/api/login/check-token', token: other })).statusCode).toBe(401);
    const old = await t.call({ method: 'POST', url: '/api/login/sign', payload: { username: phone, password: '123456' } });
    expect(old.statusCode).toBe(400);
    await t.login(phone, { password: 'abc12345' });
  });
});

describe('retrieve password', () => {
  const phone = '13800000006';
  it.each([
    [{ phone: '', password: '', passwordMore: '', wxcode: '' }, messages.retrievePassword.phoneRequired],
    [{ phone: '1380000', password: '', passwordMore: '', wxcode: '' }, messages.retrievePassword.phoneInvalid],
    [{ phone, password: '12345', passwordMore: '', wxcode: '' }, messages.retrievePassword.passwordMinSix],
    [{ phone, password: '123456', passwordMore: '12345', wxcode: '' }, messages.retrievePassword.mismatch],
    [{ phone, password: '123456', passwordMore: '123456', wxcode: '' }, messages.retrievePassword.smsRequired],
  ])('refuses %o', async (payload, message) => {
    const res = await t.call({ method: 'POST', url: '/api/login/retrieve-password', payload });
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toBe(message);
  });

  it('resets with a retrieve code, not with a login code, and ends every session', async () => {
    const session = await t.login(phone);
    expect((await requestSms(phone, 'retrieve')).statusCode).toBe(200);
    const code = await lastSms(phone);
    const payload = { phone, password: 'newpass1', passwordMore: 'newpass1', wxcode: code };
    const res = await t.call({ method: 'POST', url: '/api/login/retrieve-password', payload });
    expect(res.statusCode).toBe(200);
    expect(res.json().msg).toBe(messages.retrievePassword.success);
    expect((await t.call({ method: 'POST', url: '/api/login/check-token', token: session })).statusCode).toBe(401);
    await t.login(phone, { password: 'newpass1' });
  });
});
