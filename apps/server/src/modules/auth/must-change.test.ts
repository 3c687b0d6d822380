import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { messages } from '@baobei/shared/messages';
import { formatShanghaiMinute } from '@baobei/shared/rules/shanghai-time';
import type { InjectOptions } from 'fastify';
import { user } from '../../db/schema';
import { changePassword } from '../../test/accounts';
import { multipartFile, TINY_PNG } from '../../test/multipart';
import { createTestApp, type TestApp } from '../../test/test-app';

/** Decision 017: an account with an initial password may only change it. */

let t: TestApp;
let houseId: number;
beforeAll(async () => {
  t = await createTestApp();
  const list = await t.call({ method: 'POST', url: '/api/index/get-house-list', payload: {} });
  houseId = list.json().data.list[0].id as number;
});
afterAll(async () => {
  await t.close();
});

const REFUSAL = { code: 403, msg: messages.login.mustChangePassword, data: { reason: 'MUST_CHANGE_PASSWORD' } };

let phoneSeq = 0;
const freshPhone = () => `1660001${String(++phoneSeq).padStart(4, '0')}`;
const inTwoDays = () => formatShanghaiMinute(new Date(Date.now() + 48 * 3_600_000));

/** Calls of every kind the account may not make yet: writes, lists, a visitor-friendly list, an upload, an SMS. */
function sample(): Array<[string, InjectOptions]> {
  return [
    [
      'report submit',
      {
        method: 'POST',
        url: '/api/record/post-record-data',
        payload: {
          selectHouse: [houseId],
          visitingTime: inTwoDays(),
          visitorNum: 1,
          dkStaffName: '',
          dkStaffPhone: '',
          reception: '',
          remark: '',
          customerList: [{ name: '张三', sex: 1, phone: freshPhone(), telType: 0, customerPic: [] }],
        },
      },
    ],
    ['customer list', { method: 'POST', url: '/api/record/get-customer-list', payload: {} }],
    ['add customer', { method: 'POST', url: '/api/record/add-customer', payload: { name: '李四', sex: 2, phone: freshPhone(), telType: 0, customerPic: [] } }],
    ['report list', { method: 'POST', url: '/api/record/get-record-list', payload: {} }],
    ['house list with token', { method: 'POST', url: '/api/index/get-house-list', payload: {} }],
    ['home data with token', { method: 'GET', url: '/api/index/get-index-data' }],
    ['favourites', { method: 'POST', url: '/api/user/favorite-house-list', payload: {} }],
    ['upload', { method: 'POST', url: '/api/upload/index', ...multipartFile(TINY_PNG, 'a.png', 'image/png') }],
  ];
}

async function addStaff(): Promise<string> {
  const manager = await t.login('13800000002');
  const phone = freshPhone();
  const res = await t.call({ method: 'POST', url: '/api/user/add-user', token: manager, payload: { name: '新员工', phone, sex: 1, shopname: '' } });
  expect(res.statusCode).toBe(200);
  return phone;
}

describe('forced password change, enforced by the server', () => {
  it('refuses every other call of a new staff account with 403 and the reason, allows the four, then everything', async () => {
    const phone = await addStaff();
    const token = await t.login(phone, { password: phone.slice(-6) });
    const other = await t.login(phone, { password: phone.slice(-6) });

    for (const [name, options] of sample()) {
      const res = await t.call({ ...options, token });
      expect({ name, status: res.statusCode }).toEqual({ name, status: 403 });
      expect(res.json()).toMatchObject(REFUSAL);
    }
    // The phone-change SMS is refused too, before anything is sent.
    const sms = await t.call({ method: 'POST', url: '/api/user/get-phone-code', token, payload: { phone: freshPhone() } });
    expect(sms.statusCode).toBe(403);
    expect(sms.json().data).toEqual({ reason: 'MUST_CHANGE_PASSWORD' });

    // The allowed four: check the token, read the initial config, sign out, change the password.
    const check = await t.call({ method: 'POST', url: '/api/login/check-token', token });
    expect(check.statusCode).toBe(200);
    const init = await t.call({ method: 'GET', url: '/api/index/get-init-config', token });
    expect(init.statusCode).toBe(200);
    expect(init.json().data.userInfo).toMatchObject({ phone, mustChangePassword: true });
    expect((await t.call({ method: 'POST', url: '/api/login/logout', token: other })).statusCode).toBe(200);
    expect((await t.call({ method: 'POST', url: '/api/login/check-token', token: other })).statusCode).toBe(401);
    // Visitors' calls stay open without the token.
    expect((await t.call({ method: 'POST', url: '/api/index/get-house-list', payload: {} })).statusCode).toBe(200);
    expect((await t.call({ method: 'GET', url: '/api/index/get-common-init-config' })).statusCode).toBe(200);

    const changed = await changePassword(t, token, { old: phone.slice(-6), new: 'fresh-pass-1' });
    expect(changed.statusCode).toBe(200);

    // The same session now calls everything.
    for (const [name, options] of sample()) {
      const res = await t.call({ ...options, token });
      expect({ name, status: res.statusCode, msg: res.json().msg }).toMatchObject({ name, status: 200 });
    }
    const after = await t.call({ method: 'GET', url: '/api/index/get-init-config', token });
    expect(after.json().data.userInfo.mustChangePassword).toBe(false);
  });

  it('takes effect on the next call of a live session when the flag is set', async () => {
    const token = await t.login('13800000006');
    const listBody = { method: 'POST' as const, url: '/api/record/get-record-list', payload: {}, token };
    expect((await t.call(listBody)).statusCode).toBe(200);
    await t.database.db.update(user).set({ mustChangePassword: true }).where(eq(user.phone, '13800000006'));
    try {
      const refused = await t.call(listBody);
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toMatchObject(REFUSAL);
      // A token of another company is still a 401, not a hint about this account.
      expect((await t.call({ ...listBody, host: '127.0.0.1' })).statusCode).toBe(401);
    } finally {
      await t.database.db.update(user).set({ mustChangePassword: false }).where(eq(user.phone, '13800000006'));
    }
    expect((await t.call(listBody)).statusCode).toBe(200);
  });

  it('a wrong old password does not clear the flag', async () => {
    const phone = await addStaff();
    const token = await t.login(phone, { password: phone.slice(-6) });
    const wrong = await changePassword(t, token, { old: '000000', new: 'fresh-pass-1' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().msg).toBe(messages.changePassword.oldWrong);
    expect((await t.call({ method: 'POST', url: '/api/record/get-customer-list', payload: {}, token })).statusCode).toBe(403);
  });
});
