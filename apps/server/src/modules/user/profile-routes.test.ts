import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { messages } from '@baobei/shared/messages';
import { hasVacationSwitch } from '@baobei/shared/rules/access';
import { auditLog, user } from '../../db/schema';
import { DEMO_ROLE_PHONES as ROLES } from '../../test/accounts';
import { multipartFile, TINY_PNG } from '../../test/multipart';
import { createTestApp, HOSTS, type TestApp } from '../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

/** One account per role of the demo company, as [role, phone]. */
const EVERY_ROLE = Object.entries(ROLES);

const update = (payload: object, token?: string) => t.call({ method: 'POST', url: '/api/user/update-info', payload, token });
const phoneCode = (phone: string, token?: string) =>
  t.call({ method: 'POST', url: '/api/user/get-phone-code', payload: { phone }, token });
const initOf = async (token: string) => (await t.call({ method: 'GET', url: '/api/index/get-init-config', token })).json().data;
const smsTo = async (phone: string) => (await t.call({ method: 'GET', url: `/api/dev/sms-code?phone=${phone}` })).json().data?.code as string;
const rowOf = async (phone: string) => (await t.database.db.select().from(user).where(eq(user.phone, phone)))[0]!;

async function uploadAs(token: string): Promise<string> {
  const { payload, headers } = multipartFile(TINY_PNG, 'me.png', 'image/png');
  // As the profile page uploads an avatar: a public picture (docs/decisions/018).
  const res = await t.call({ method: 'POST', url: '/api/upload/index?purpose=avatar', payload, headers, token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.url as string;
}

describe('update-info: who may call it', () => {
  it('needs a session', async () => {
    expect((await update({ name: '访客' })).statusCode).toBe(401);
    expect((await phoneCode('13912340000')).statusCode).toBe(401);
  });

  it.each(EVERY_ROLE)('%s (%s) edits name, sex and resume; the answer and the session show them', async (_, phone) => {
    const token = await t.tokenOf(phone);
    const res = await update({ name: ` 新名字${phone.slice(-1)} `, sex: 2, resume: '十年新房销售经验' }, token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().msg).toBe(messages.profile.saved);
    expect(res.json().data).toEqual({ name: `新名字${phone.slice(-1)}`, sex: 2, resume: '十年新房销售经验' });
    const { userInfo } = await initOf(token);
    expect(userInfo).toMatchObject({ name: `新名字${phone.slice(-1)}`, sex: 2, resume: '十年新房销售经验', phone });
  });

  it.each(EVERY_ROLE)('vacation: %s is %s', async (role, phone) => {
    const res = await update({ vacation: 0 }, await t.tokenOf(phone));
    expect(res.statusCode).toBe(hasVacationSwitch(role) ? 200 : 403);
  });

  it('a refused vacation changes nothing else sent with it', async () => {
    const token = await t.tokenOf(ROLES.YUEWUYUAN);
    const before = await rowOf(ROLES.YUEWUYUAN);
    expect((await update({ vacation: 1, name: '偷偷改名' }, token)).statusCode).toBe(403);
    expect((await rowOf(ROLES.YUEWUYUAN)).name).toBe(before.name);
  });

  it('a token of the other company is not valid here', async () => {
    const token = await t.login('13900000003', { host: HOSTS.second });
    expect((await update({ name: '串门' }, token)).statusCode).toBe(401);
  });
});

describe('update-info: the profile rules (part 1, section 5)', () => {
  it.each([
    [{}, messages.profile.nothingToUpdate],
    [{ code: '123456' }, messages.profile.nothingToUpdate],
    [{ name: '' }, messages.profile.nameRequired],
    [{ name: '   ' }, messages.profile.nameRequired],
    [{ name: '名'.repeat(21) }, messages.profile.nameTooLong],
    [{ sex: 3 }, messages.profile.sexInvalid],
    [{ resume: '字'.repeat(201) }, messages.profile.resumeTooLong],
    [{ phone: '' }, messages.profile.phoneRequired],
    [{ phone: '1234' }, messages.profile.phoneInvalid],
    [{ phone: '13912345678' }, messages.profile.phoneCodeRequired],
    [{ avatar: '' }, messages.profile.avatarInvalid],
  ])('%o → %s', async (payload, message) => {
    const res = await update(payload, await t.tokenOf(ROLES.YUEWUYUAN));
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toBe(message);
  });

  it('resume is free text and may be emptied; sex takes 0, 1 and 2', async () => {
    const token = await t.tokenOf(ROLES.DIANZHANG);
    expect((await update({ resume: '' }, token)).json().data).toEqual({ resume: '' });
    for (const sex of [0, 1, 2]) expect((await update({ sex }, token)).json().data).toEqual({ sex });
    expect((await rowOf(ROLES.DIANZHANG)).sex).toBe(2);
  });

  it('writes an audit-log row naming the fields', async () => {
    const token = await t.tokenOf(ROLES.CHANNEL);
    await update({ name: '渠道小王', sex: 1 }, token);
    const me = await rowOf(ROLES.CHANNEL);
    const rows = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, me.id), eq(auditLog.action, 'user.profile')));
    expect(rows.at(-1)!.detail).toEqual({ fields: ['sex', 'name'] });
  });
});

describe('update-info: avatar', () => {
  it('takes a picture the user uploaded, and the session shows it', async () => {
    const token = await t.tokenOf(ROLES.AUDITOR);
    const url = await uploadAs(token);
    const res = await update({ avatar: url }, token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({ avatar: url });
    expect((await initOf(token)).userInfo.avatar).toBe(url);
    // Sending the current avatar again is fine.
    expect((await update({ avatar: url }, token)).statusCode).toBe(200);
  });

  it("refuses someone else's upload, a file that was never uploaded and any other address", async () => {
    const theirs = await uploadAs(await t.tokenOf(ROLES.CHANNELJINGLI));
    const token = await t.tokenOf(ROLES.AUDITORADMIN);
    for (const avatar of [theirs, '/uploads/2030/01/0123456789abcdef0123456789abcdef.png', '/assets/demo/logo.png', 'https://evil.example/a.png', 'javascript:alert(1)']) {
      const res = await update({ avatar }, token);
      expect(res.statusCode, avatar).toBe(400);
      expect(res.json().msg).toBe(messages.profile.avatarInvalid);
    }
  });
});

describe('changing the phone with an SMS code sent to the new phone', () => {
  it('sends the code to the new phone, and the change needs exactly that code', async () => {
    const token = await t.tokenOf(ROLES.otherBroker);
    const fresh = '13912340001';
    const sent = await phoneCode(fresh, token);
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json().msg).toBe(messages.login.smsSent);
    const code = await smsTo(fresh);
    expect(code).toMatch(/^\d{6}$/);

    const wrong = await update({ phone: fresh, code: code === '000000' ? '111111' : '000000' }, token);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().msg).toBe(messages.login.smsCodeWrong);

    const res = await update({ phone: fresh, code }, token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({ phone: fresh });
    // The session goes on; the new phone is the sign-in name now, the old one is not.
    expect((await initOf(token)).userInfo.phone).toBe(fresh);
    await expect(t.login(fresh)).resolves.toBeTruthy();
    await expect(t.login(ROLES.otherBroker)).rejects.toThrow();
    // The code was single use.
    const again = await update({ phone: '13912340009', code }, token);
    expect(again.statusCode).toBe(400);

    const logs = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'user.profile'), eq(auditLog.entityId, (await rowOf(fresh)).id)))
      .orderBy(auditLog.id);
    expect(logs.at(-1)!.detail).toEqual({ fields: ['phone'], phone: { from: ROLES.otherBroker, to: fresh } });
  });

  it('a code sent to one phone does not change to another', async () => {
    const token = await t.tokenOf(ROLES.general);
    expect((await phoneCode('13912340002', token)).statusCode).toBe(200);
    const code = await smsTo('13912340002');
    const res = await update({ phone: '13912340003', code }, token);
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toBe(messages.login.smsCodeExpired);
    expect((await rowOf(ROLES.general)).phone).toBe(ROLES.general);
  });

  it('refuses a phone already used in the company, when sending and when saving', async () => {
    const token = await t.tokenOf(ROLES.CHANNELJINGLI);
    const taken = await phoneCode(ROLES.YUEWUYUAN, token);
    expect(taken.statusCode).toBe(409);
    expect(taken.json().msg).toBe(messages.profile.phoneTaken);

    // Another account takes the number between the code and the save.
    const contested = '13912340004';
    expect((await phoneCode(contested, token)).statusCode).toBe(200);
    const code = await smsTo(contested);
    await t.database.db.update(user).set({ phone: contested }).where(eq(user.phone, ROLES.AUDITORADMIN));
    const res = await update({ phone: contested, code }, token);
    expect(res.statusCode).toBe(409);
    expect(res.json().msg).toBe(messages.profile.phoneTaken);
    await t.database.db.update(user).set({ phone: ROLES.AUDITORADMIN }).where(eq(user.phone, contested));
  });

  it('a phone of the other company is free here', async () => {
    const token = await t.tokenOf(ROLES.CHANNEL);
    expect((await phoneCode('13900000005', token)).statusCode).toBe(200);
  });

  it('refuses the current phone and a malformed one', async () => {
    const token = await t.tokenOf(ROLES.DIANZHANG);
    const same = await phoneCode(ROLES.DIANZHANG, token);
    expect(same.statusCode).toBe(400);
    expect(same.json().msg).toBe(messages.profile.phoneSame);
    const same2 = await update({ phone: ROLES.DIANZHANG, code: '123456' }, token);
    expect(same2.json().msg).toBe(messages.profile.phoneSame);
    for (const [phone, message] of [['', messages.profile.phoneRequired], ['139', messages.profile.phoneInvalid]] as const) {
      const res = await phoneCode(phone, token);
      expect(res.statusCode).toBe(400);
      expect(res.json().msg).toBe(message);
    }
  });

  it('limits codes: one a minute per phone, ten requests a day per account', async () => {
    const token = await t.tokenOf(ROLES.AUDITOR);
    expect((await phoneCode('13912340005', token)).statusCode).toBe(200);
    const soon = await phoneCode('13912340005', token);
    expect(soon.statusCode).toBe(429);
    expect(soon.json().msg).toBe(messages.login.smsTooFrequentMinute);
    // Requests 3 to 10 of the day still go out (to other phones); the 11th does not.
    for (let i = 0; i < 8; i += 1) expect((await phoneCode(`1391234010${i}`, token)).statusCode).toBe(200);
    const over = await phoneCode('13912340200', token);
    expect(over.statusCode).toBe(429);
    expect(over.json().msg).toBe(messages.login.smsTooFrequentDay);
  });
});

describe('the rest of the my tab, by role', () => {
  it.each(EVERY_ROLE)('%s (%s): update permissions re-reads the init config; channel contacts only for staff', async (role, phone) => {
    const token = await t.tokenOf(phone);
    const res = await t.call({ method: 'GET', url: '/api/index/get-init-config', token });
    expect(res.statusCode).toBe(200);
    const { userInfo, permissionOperations } = res.json().data;
    expect(userInfo.permissionList).toEqual(permissionOperations);
    const staff = ['general', 'DIANZHANG', 'YUEWUYUAN', 'otherBroker'].includes(role);
    if (staff) expect(userInfo.channelList.length).toBeGreaterThan(0);
    else expect(userInfo.channelList).toEqual([]);
  });

  it.each(EVERY_ROLE)('%s (%s) may send feedback; a visitor may not', async (_, phone) => {
    const res = await t.call({ method: 'POST', url: '/api/user/add-gbook', payload: { content: '希望增加楼盘对比' }, token: await t.tokenOf(phone) });
    expect(res.statusCode).toBe(200);
  });

  it.each(EVERY_ROLE)('%s (%s) logs out; the token is dead afterwards', async (_, phone) => {
    const token = await t.login(phone === ROLES.otherBroker ? '13912340001' : phone);
    expect((await t.call({ method: 'POST', url: '/api/login/logout', token })).statusCode).toBe(200);
    expect((await t.call({ method: 'GET', url: '/api/index/get-init-config', token })).statusCode).toBe(401);
  });

  it('a visitor can neither send feedback nor log out', async () => {
    expect((await t.call({ method: 'POST', url: '/api/user/add-gbook', payload: { content: '匿名' } })).statusCode).toBe(401);
    expect((await t.call({ method: 'POST', url: '/api/login/logout' })).statusCode).toBe(401);
  });
});
