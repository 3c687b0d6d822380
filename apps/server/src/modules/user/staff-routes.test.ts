import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import { messages } from '@baobei/shared/messages';
import { STAFF_BATCH_BREAK, STAFF_BATCH_MAX, staffAddedMessage } from '@baobei/shared/rules/staff';
import { auditLog, customer, record, session, user, userIdentity } from '../../db/schema';
import { verifyPassword } from '../../lib/password';
import { DEMO_ACCOUNTS } from '../../test/accounts';
import { insertReport, userIdOf } from '../../test/records';
import { createTestApp, HOSTS, type TestApp } from '../../test/test-app';

let t: TestApp;
let companyId: number;
/** The demo accounts, and the second distributor's and the second shop's managers and broker. */
const ACCOUNTS = {
  ...DEMO_ACCOUNTS,
  otherGeneral: '13800000011',
  otherManager: '13800000012',
  manager2: '13800000023',
  manager2Broker: '13800000024',
} as const;
type Who = keyof typeof ACCOUNTS;
const tokens = {} as Record<Who | 'secondGeneral', string>;
const ids = {} as Record<Who, number>;

type Staff = { uid: number; name: string; phone: string; sex: number; shopname: string; distributorStaffType: string; subordinates: number };
type Group = { anchor: string; list: Staff[] };

/** Phones of this file's new accounts: unique per call, never a seeded one. */
let serial = 0;
const newPhone = () => `1770000${String(1000 + (serial += 1)).slice(-4)}`;

const post = (url: string, payload: object | undefined, token?: string, extra: { host?: string; headers?: Record<string, string> } = {}) =>
  t.call({ method: 'POST', url, payload, token, ...extra });

async function list(token: string): Promise<Staff[]> {
  const res = await post('/api/user/get-user-list', undefined, token);
  expect(res.statusCode).toBe(200);
  return (res.json().data as Group[]).flatMap((g) => g.list);
}

async function row(phone: string) {
  const [found] = await t.database.db.select().from(user).where(and(eq(user.companyId, companyId), eq(user.phone, phone)));
  return found!;
}

/**
 * Signs in an account made over the API with its initial password, then clears the forced
 * change in the database (decision 017 refuses its other calls until then) so it can work.
 */
async function signInAdded(phone: string): Promise<string> {
  const token = await t.login(phone, { password: phone.slice(-6) });
  await t.database.db.update(user).set({ mustChangePassword: false }).where(and(eq(user.companyId, companyId), eq(user.phone, phone)));
  return token;
}

/** A broker of 13800000002 made over the API, signed in. */
async function newBroker(name = '临时业务员') {
  const phone = newPhone();
  const res = await post('/api/user/add-user', { name, phone, sex: 1, shopname: '' }, tokens.manager);
  expect(res.statusCode).toBe(200);
  const uid = res.json().data.uid as number;
  return { uid, phone, token: await signInAdded(phone) };
}

/** A shop manager made by the general account, signed in, with `brokers` brokers of their own. */
async function newManagerWithStaff(brokers: number) {
  const phone = newPhone();
  const res = await post('/api/user/add-user', { name: '临时店长', phone, sex: 2, shopname: '临时门店' }, tokens.general);
  expect(res.statusCode).toBe(200);
  const uid = res.json().data.uid as number;
  const token = await signInAdded(phone);
  const staff: { uid: number; phone: string; token: string }[] = [];
  for (let i = 0; i < brokers; i += 1) {
    const p = newPhone();
    const added = await post('/api/user/add-user', { name: `员工${i}`, phone: p, sex: 1 }, token);
    expect(added.statusCode).toBe(200);
    staff.push({ uid: added.json().data.uid as number, phone: p, token: await signInAdded(p) });
  }
  return { uid, phone, token, staff };
}


beforeAll(async () => {
  t = await createTestApp();
  companyId = await t.companyIdOf(HOSTS.localhost);
  for (const [key, phone] of Object.entries(ACCOUNTS) as [Who, string][]) {
    tokens[key] = await t.login(phone);
    ids[key] = await userIdOf(t, companyId, phone);
  }
  tokens.secondGeneral = await t.login('13900000001', { host: HOSTS.second });
});
afterAll(async () => {
  await t.close();
});

const CALLS: [string, object | undefined][] = [
  ['/api/user/get-user-list', undefined],
  ['/api/user/add-user', { name: '拒绝', phone: '17799990001', sex: 1, shopname: '店' }],
  ['/api/user/update-user', { uid: 1, name: '拒绝', phone: '17799990001', sex: 1, shopname: '店' }],
  ['/api/user/del-user', { uid: 1 }],
  ['/api/user/get-shop-select-list', undefined],
  ['/api/user/get-demo-user-data', { message: '张三,17799990001,男' }],
  ['/api/user/batch-add-user', { list: [{ name: '拒绝', phone: '17799990001', sex: 1, shopname: '' }] }],
];

describe('who may call', () => {
  it('every staff call: 401 without a session, 403 for every role but DIANZHANG, nothing written', async () => {
    for (const [url, payload] of CALLS) {
      const anonymous = await post(url, payload);
      expect(anonymous.statusCode, url).toBe(401);
      for (const role of ['broker', 'channel', 'channelManager', 'auditor', 'auditorAdmin'] as const) {
        const res = await post(url, payload, tokens[role]);
        expect(res.statusCode, `${url} as ${role}`).toBe(403);
        expect(res.json().msg).toBe(messages.common.noPermission);
      }
    }
    expect(await t.database.db.select().from(user).where(eq(user.phone, '17799990001'))).toEqual([]);
  });

  it('a token is good for its own company only', async () => {
    const res = await post('/api/user/get-user-list', undefined, tokens.secondGeneral);
    expect(res.statusCode).toBe(401);
  });
});

describe('POST /api/user/get-user-list', () => {
  it('a shop manager gets their own brokers, grouped by pinyin initial with name, phone and shop', async () => {
    const res = await post('/api/user/get-user-list', undefined, tokens.manager);
    expect(res.statusCode).toBe(200);
    const groups = res.json().data as Group[];
    const anchors = groups.map((g) => g.anchor);
    expect(anchors).toEqual([...anchors].sort());
    for (const g of groups) for (const s of g.list) expect(g.anchor).toBe({ 王小明: 'W', 周杰: 'Z', 孙丽: 'S' }[s.name] ?? g.anchor);
    const staff = groups.flatMap((g) => g.list);
    expect(staff.map((s) => s.phone).sort()).toEqual(['13800000003', '13800000021', '13800000022']);
    expect(staff.find((s) => s.phone === '13800000003')).toEqual({
      uid: ids.broker,
      name: '王小明',
      phone: '13800000003',
      sex: 1,
      shopname: '龙华万达店',
      distributorStaffType: 'YUEWUYUAN',
      subordinates: 0,
    });
  });

  it('the general account gets its distributor’s shop managers with their staff counts, never itself or brokers', async () => {
    const staff = await list(tokens.general);
    expect(staff.map((s) => s.phone).sort()).toEqual(['13800000002', '13800000023']);
    expect(staff.find((s) => s.phone === '13800000002')).toMatchObject({ distributorStaffType: 'DIANZHANG', shopname: '龙华万达店', subordinates: 3 });
    expect(staff.find((s) => s.phone === '13800000023')).toMatchObject({ subordinates: 1 });
  });

  it('nobody sees another distributor’s or company’s staff', async () => {
    expect((await list(tokens.otherGeneral)).map((s) => s.phone)).toEqual(['13800000012']);
    expect((await list(tokens.otherManager)).map((s) => s.phone)).toEqual(['13800000008']);
    expect((await list(tokens.manager2)).map((s) => s.phone)).toEqual(['13800000024']);
    const second = await post('/api/user/get-user-list', undefined, tokens.secondGeneral, { host: HOSTS.second });
    expect((second.json().data as Group[]).flatMap((g) => g.list).map((s) => s.phone).sort()).toEqual(['13900000002']);
  });
});

describe('POST /api/user/add-user', () => {
  it('refuses by the rules of part 2, section 5 in order, with the {type} of the one adding', async () => {
    const cases: [Who, object, string][] = [
      ['manager', { name: ' ', phone: '', sex: 1 }, '请填写业务员姓名'],
      ['general', { name: '', phone: '', sex: 1, shopname: '' }, '请填写店长(经理)姓名'],
      ['general', { name: '甲', phone: '', sex: 1, shopname: ' ' }, messages.staff.shopRequired],
      ['manager', { name: '甲', phone: '', sex: 1 }, '请填写业务员手机号码'],
      ['general', { name: '甲', phone: '', sex: 1, shopname: '店' }, '请填写店长(经理)手机号码'],
      ['manager', { name: '甲', phone: '12800000000', sex: 1 }, messages.staff.phoneInvalid],
      ['manager', { name: '甲', phone: '1380000000', sex: 1 }, messages.staff.phoneInvalid],
      ['manager', {}, '请填写业务员姓名'],
    ];
    for (const [who, payload, msg] of cases) {
      const res = await post('/api/user/add-user', payload, tokens[who]);
      expect(res.statusCode).toBe(400);
      expect(res.json().msg).toBe(msg);
    }
  });

  it('a shop manager adds a broker in their shop; the password is the last six digits, to be changed', async () => {
    const phone = newPhone();
    const res = await post('/api/user/add-user', { name: '欧阳新人', phone, sex: 2, shopname: '别的店' }, tokens.manager);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      msg: staffAddedMessage('YUEWUYUAN'),
      msgTitle: messages.staff.addedTitle,
      data: { name: '欧阳新人', phone, sex: 2, shopname: '龙华万达店', distributorStaffType: 'YUEWUYUAN', subordinates: 0 },
    });
    const stored = await row(phone);
    expect(stored).toMatchObject({ role: 'YUEWUYUAN', managerId: ids.manager, distributorId: (await row('13800000002')).distributorId, mustChangePassword: true, active: true });
    expect(await verifyPassword(stored.passwordHash, phone.slice(-6))).toBe(true);
    expect(stored.passwordHash).not.toContain(phone.slice(-6));
    const signIn = await post('/api/login/sign', { username: phone, password: phone.slice(-6) });
    expect(signIn.statusCode).toBe(200);
    expect(signIn.json().data.userInfo).toMatchObject({ mustChangePassword: true, distributorStaffType: 'YUEWUYUAN', shopname: '龙华万达店' });
    const group = (await post('/api/user/get-user-list', undefined, tokens.manager)).json().data as Group[];
    expect(group.find((g) => g.list.some((s) => s.phone === phone))?.anchor).toBe('O');
    const logs = await t.database.db.select().from(auditLog).where(and(eq(auditLog.action, 'staff.add'), eq(auditLog.entityId, stored.id)));
    expect(logs).toHaveLength(1);
    expect(logs[0]!.actorId).toBe(ids.manager);
  });

  it('the general account adds a shop manager (店长(经理)) with the shop it names', async () => {
    const phone = newPhone();
    const res = await post('/api/user/add-user', { name: '新店长', phone, sex: 1, shopname: '秀英港店' }, tokens.general);
    expect(res.statusCode).toBe(200);
    expect(res.json().msg).toBe(messages.staff.added('店长(经理)'));
    expect(res.json().data).toMatchObject({ shopname: '秀英港店', distributorStaffType: 'DIANZHANG' });
    expect(await row(phone)).toMatchObject({ role: 'DIANZHANG', managerId: null, distributorControl: false, mustChangePassword: true });
  });

  it('a phone already registered in the company is refused, whoever holds it', async () => {
    for (const phone of ['13800000008', '13800000006', '13800000002']) {
      const res = await post('/api/user/add-user', { name: '重复', phone, sex: 1 }, tokens.manager);
      expect(res.statusCode).toBe(409);
      expect(res.json().msg).toBe(messages.staff.phoneTaken);
    }
    // The other company is another tenant: the same phone is free there.
    const second = await post('/api/user/add-user', { name: '同号', phone: '13800000002', sex: 1, shopname: '店' }, tokens.secondGeneral, { host: HOSTS.second });
    expect(second.statusCode).toBe(200);
  });

  it('replays the first answer for the same Idempotency-Key', async () => {
    const phone = newPhone();
    const headers = { 'idempotency-key': `staff-add-${phone}` };
    const first = await post('/api/user/add-user', { name: '幂等', phone, sex: 1 }, tokens.manager, { headers });
    const again = await post('/api/user/add-user', { name: '幂等', phone, sex: 1 }, tokens.manager, { headers });
    expect(first.statusCode).toBe(200);
    expect(again.statusCode).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json().data.uid).toBe(first.json().data.uid);
  });
});

describe('POST /api/user/update-user', () => {
  it('edits a managed broker; the shop stays the manager’s; the rules and taken phones are refused', async () => {
    const b = await newBroker();
    const phone = newPhone();
    const res = await post('/api/user/update-user', { uid: b.uid, name: '改名', phone, sex: 2, shopname: '别的店' }, tokens.manager);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ msg: messages.staff.edited, msgTitle: messages.staff.editedTitle });
    expect(res.json().data).toMatchObject({ uid: b.uid, name: '改名', phone, sex: 2, shopname: '龙华万达店', distributorStaffType: 'YUEWUYUAN' });
    expect(await row(phone)).toMatchObject({ id: b.uid, role: 'YUEWUYUAN', managerId: ids.manager });
    const taken = await post('/api/user/update-user', { uid: b.uid, name: '改名', phone: '13800000008', sex: 2 }, tokens.manager);
    expect(taken.statusCode).toBe(409);
    expect(taken.json().msg).toBe(messages.staff.phoneTaken);
    // Keeping one's own phone is no conflict.
    expect((await post('/api/user/update-user', { uid: b.uid, name: '再改', phone, sex: 1 }, tokens.manager)).statusCode).toBe(200);
    const bad = await post('/api/user/update-user', { uid: b.uid, name: '', phone, sex: 1 }, tokens.manager);
    expect(bad.json().msg).toBe('请填写业务员姓名');
  });

  it('the general account renames a shop manager’s shop and the manager’s brokers follow', async () => {
    const mgr = await newManagerWithStaff(2);
    const res = await post('/api/user/update-user', { uid: mgr.uid, name: '临时店长', phone: mgr.phone, sex: 2, shopname: '新门店' }, tokens.general);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ shopname: '新门店', distributorStaffType: 'DIANZHANG', subordinates: 2 });
    for (const s of mgr.staff) expect((await row(s.phone)).shopName).toBe('新门店');
    const empty = await post('/api/user/update-user', { uid: mgr.uid, name: '临时店长', phone: mgr.phone, sex: 2, shopname: '' }, tokens.general);
    expect(empty.json().msg).toBe(messages.staff.shopRequired);
  });

  it('nobody edits an account they do not manage', async () => {
    const cases: [Who, number][] = [
      ['manager', ids.manager2Broker], // another shop's broker
      ['manager', ids.manager2], // a shop manager
      ['manager', ids.general],
      ['general', ids.broker], // the general account manages shop managers, not their brokers
      ['otherGeneral', ids.manager], // another distributor
      ['manager2', ids.broker],
      ['manager', ids.auditor],
    ];
    for (const [who, uid] of cases) {
      const res = await post('/api/user/update-user', { uid, name: '越权', phone: newPhone(), sex: 1, shopname: '店' }, tokens[who]);
      expect(res.statusCode, `${who} → ${uid}`).toBe(404);
      expect(res.json().msg).toBe(messages.staff.notFound);
    }
    const second = await post('/api/user/update-user', { uid: ids.manager, name: '越权', phone: newPhone(), sex: 1, shopname: '店' }, tokens.secondGeneral, { host: HOSTS.second });
    expect(second.statusCode).toBe(404);
    expect((await row('13800000002')).name).toBe('陈海燕');
  });
});

describe('POST /api/user/get-shop-select-list', () => {
  it('the general account chooses among its shops; a shop manager has their own', async () => {
    const general = await post('/api/user/get-shop-select-list', undefined, tokens.general);
    expect(general.statusCode).toBe(200);
    const shops = (general.json().data as { label: string; value: string }[]).map((o) => o.value);
    expect(shops).toEqual(expect.arrayContaining(['龙华万达店', '美兰国兴店']));
    expect(shops).not.toContain('国贸店');
    expect(shops).not.toContain('安居房产总部');
    const manager = await post('/api/user/get-shop-select-list', undefined, tokens.manager);
    expect(manager.json().data).toEqual([{ label: '龙华万达店', value: '龙华万达店' }]);
    const other = await post('/api/user/get-shop-select-list', undefined, tokens.otherGeneral);
    expect(other.json().data).toEqual([{ label: '国贸店', value: '国贸店' }]);
  });
});

describe('POST /api/user/get-demo-user-data', () => {
  it('recognises one staff member per line, the shop only for the general account', async () => {
    const message = ['张三,13800138000,男,龙华万达店', '李四，13900139000，女', '', '王五 13700137000'].join(STAFF_BATCH_BREAK);
    const general = await post('/api/user/get-demo-user-data', { message }, tokens.general);
    expect(general.statusCode).toBe(200);
    expect(general.json().data).toEqual([
      { name: '张三', phone: '13800138000', sex: 1, shopname: '龙华万达店' },
      { name: '李四', phone: '13900139000', sex: 2, shopname: '' },
      { name: '王五', phone: '13700137000', sex: 1, shopname: '' },
    ]);
    const manager = await post('/api/user/get-demo-user-data', { message }, tokens.manager);
    expect((manager.json().data as { shopname: string }[]).map((r) => r.shopname)).toEqual(['', '', '']);
  });

  it('says 识别内容不能为空 for empty text, and refuses text without staff or with too many', async () => {
    for (const message of ['', '   ', undefined]) {
      const res = await post('/api/user/get-demo-user-data', message === undefined ? {} : { message }, tokens.manager);
      expect(res.statusCode).toBe(400);
      expect(res.json().msg).toBe(messages.staff.recognizeEmpty);
    }
    const blank = await post('/api/user/get-demo-user-data', { message: `${STAFF_BATCH_BREAK} ${STAFF_BATCH_BREAK}` }, tokens.manager);
    expect(blank.json().msg).toBe(messages.staff.recognizeNothing);
    const many = Array.from({ length: STAFF_BATCH_MAX + 1 }, (_, i) => `员工${i},1770001${String(i).padStart(4, '0')},男`).join(STAFF_BATCH_BREAK);
    const tooMany = await post('/api/user/get-demo-user-data', { message: many }, tokens.manager);
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().msg).toBe(messages.staff.batchTooMany(STAFF_BATCH_MAX));
  });
});

describe('POST /api/user/batch-add-user', () => {
  it('adds the good rows in one go and says per row why the others were refused', async () => {
    const [a, e] = [newPhone(), newPhone()];
    const rows = [
      { name: '批量甲', phone: a, sex: 1, shopname: '' },
      { name: '批量乙', phone: '12345678901', sex: 1, shopname: '' },
      { name: '批量丙', phone: '13800000008', sex: 2, shopname: '' },
      { name: '批量丁', phone: a, sex: 2, shopname: '' },
      { name: '', phone: newPhone(), sex: 1, shopname: '' },
      { name: '批量戊', phone: e, sex: 2, shopname: '' },
    ];
    const res = await post('/api/user/batch-add-user', { list: rows }, tokens.manager);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.msg).toBe(messages.staff.batchResult(2, 4));
    expect(body.data).toMatchObject({ added: 2, refused: 4 });
    expect(body.data.list.map((r: { added: boolean; reason: string }) => [r.added, r.reason])).toEqual([
      [true, ''],
      [false, messages.staff.phoneInvalid],
      [false, messages.staff.phoneTaken],
      [false, '与第1行手机号码重复'],
      [false, '请填写业务员姓名'],
      [true, ''],
    ]);
    const added = await t.database.db.select().from(user).where(and(eq(user.companyId, companyId), inArray(user.phone, [a, e])));
    expect(added.map((r) => r.id).sort()).toEqual([body.data.list[0].uid, body.data.list[5].uid].sort());
    for (const r of added) {
      expect(r).toMatchObject({ role: 'YUEWUYUAN', managerId: ids.manager, shopName: '龙华万达店', mustChangePassword: true, active: true });
      expect(await verifyPassword(r.passwordHash, r.phone.slice(-6))).toBe(true);
    }
    const logs = await t.database.db.select().from(auditLog).where(and(eq(auditLog.action, 'staff.add'), inArray(auditLog.entityId, added.map((r) => r.id))));
    expect(logs).toHaveLength(2);
    expect((await row('13800000008')).name).toBe('赵磊');
  });

  it('the general account’s rows are shop managers with their own shops, the shop required', async () => {
    const [a, b] = [newPhone(), newPhone()];
    const res = await post(
      '/api/user/batch-add-user',
      { list: [{ name: '批量店长', phone: a, sex: 1, shopname: '海甸岛店' }, { name: '无店', phone: b, sex: 1, shopname: '' }] },
      tokens.general,
    );
    expect(res.json().data.list.map((r: { reason: string }) => r.reason)).toEqual(['', messages.staff.shopRequired]);
    expect(await row(a)).toMatchObject({ role: 'DIANZHANG', shopName: '海甸岛店', managerId: null });
  });

  it('refuses an empty batch and one over the limit as a whole', async () => {
    const empty = await post('/api/user/batch-add-user', { list: [] }, tokens.manager);
    expect(empty.statusCode).toBe(400);
    expect(empty.json().msg).toBe(messages.staff.batchNothing);
    expect((await post('/api/user/batch-add-user', {}, tokens.manager)).json().msg).toBe(messages.staff.batchNothing);
    const many = Array.from({ length: STAFF_BATCH_MAX + 1 }, () => ({ name: '多', phone: newPhone(), sex: 1, shopname: '' }));
    const tooMany = await post('/api/user/batch-add-user', { list: many }, tokens.manager);
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().msg).toBe(messages.staff.batchTooMany(STAFF_BATCH_MAX));
    expect(await t.database.db.select().from(user).where(eq(user.phone, many[0]!.phone))).toEqual([]);
  });
});

describe('POST /api/user/del-user', () => {
  it('a shop manager unbinds a broker: the account stops at once, its customers and reports stay', async () => {
    const b = await newBroker();
    const c = await post('/api/record/add-customer', { name: '留下的客户', sex: 1, phone: newPhone(), telType: 0 }, b.token);
    expect(c.statusCode).toBe(200);
    const report = await insertReport(t, companyId, { status: 'RECORDSTART' });
    await t.database.db.update(record).set({ reporterId: b.uid }).where(eq(record.id, report.id));
    await t.database.db.insert(userIdentity).values({ companyId, provider: 'wechat', subject: `openid-${b.uid}`, userId: b.uid });
    const res = await post('/api/user/del-user', { uid: b.uid }, tokens.manager);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ msg: messages.staff.unbound, data: { uid: b.uid, transferred: [], unbound: [b.uid] } });
    expect((await row(b.phone)).active).toBe(false);
    expect((await post('/api/user/get-user-list', undefined, b.token)).statusCode).toBe(401);
    expect((await post('/api/record/get-customer-list', {}, b.token)).statusCode).toBe(401);
    const live = await t.database.db.select().from(session).where(and(eq(session.userId, b.uid), isNull(session.revokedAt)));
    expect(live).toEqual([]);
    expect(await t.database.db.select().from(userIdentity).where(eq(userIdentity.userId, b.uid))).toEqual([]);
    const signIn = await post('/api/login/sign', { username: b.phone, password: b.phone.slice(-6) });
    expect(signIn.json().msg).toBe(messages.login.accountDisabled);
    expect(await t.database.db.select().from(customer).where(eq(customer.id, c.json().data.id))).toHaveLength(1);
    expect((await t.database.db.select().from(record).where(eq(record.id, report.id)))[0]?.reporterId).toBe(b.uid);
    expect((await list(tokens.manager)).map((s) => s.uid)).not.toContain(b.uid);
    const logs = await t.database.db.select().from(auditLog).where(and(eq(auditLog.action, 'staff.unbind'), eq(auditLog.entityId, b.uid)));
    expect(logs).toHaveLength(1);
    // Twice is not found.
    expect((await post('/api/user/del-user', { uid: b.uid }, tokens.manager)).statusCode).toBe(404);
  });

  it('nobody unbinds an account they do not manage, and nothing changes', async () => {
    const cases: [Who, number][] = [
      ['manager', ids.manager2Broker],
      ['manager', ids.manager2],
      ['manager', ids.manager],
      ['general', ids.broker],
      ['general', ids.general],
      ['general', ids.otherBroker],
      ['general', ids.otherManager],
      ['otherGeneral', ids.manager2],
      ['otherManager', ids.broker],
      ['manager', ids.channel],
      ['manager', 999_999],
    ];
    for (const [who, uid] of cases) {
      const res = await post('/api/user/del-user', { uid }, tokens[who]);
      expect(res.statusCode, `${who} → ${uid}`).toBe(404);
      expect(res.json().msg).toBe(messages.staff.notFound);
    }
    const second = await post('/api/user/del-user', { uid: ids.manager2 }, tokens.secondGeneral, { host: HOSTS.second });
    expect(second.statusCode).toBe(404);
    const still = await t.database.db.select().from(user).where(inArray(user.id, cases.map(([, uid]) => uid)));
    for (const u of still) expect(u.active).toBe(true);
  });

  it('the general account moves a shop manager’s staff to another manager, then unbinds the manager', async () => {
    const mgr = await newManagerWithStaff(2);
    // A refused heir changes nothing: the manager itself, a broker, another distributor's manager, nobody.
    for (const newUid of [mgr.uid, ids.broker, ids.otherManager, 999_999]) {
      const res = await post('/api/user/del-user', { uid: mgr.uid, newUid }, tokens.general);
      expect(res.statusCode, String(newUid)).toBe(400);
      expect(res.json().msg).toBe(messages.staff.transferTargetInvalid);
    }
    expect((await row(mgr.phone)).active).toBe(true);
    for (const s of mgr.staff) expect((await row(s.phone)).managerId).toBe(mgr.uid);

    const res = await post('/api/user/del-user', { uid: mgr.uid, newUid: ids.manager }, tokens.general);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ uid: mgr.uid, transferred: mgr.staff.map((s) => s.uid).sort((x, y) => x - y), unbound: [mgr.uid] });
    expect((await row(mgr.phone)).active).toBe(false);
    expect((await post('/api/user/get-user-list', undefined, mgr.token)).statusCode).toBe(401);
    for (const s of mgr.staff) {
      expect(await row(s.phone)).toMatchObject({ active: true, managerId: ids.manager, shopName: '龙华万达店' });
      // The moved staff keep working.
      expect((await post('/api/record/get-customer-list', {}, s.token)).statusCode).toBe(200);
    }
    const mine = (await list(tokens.manager)).map((s) => s.uid);
    for (const s of mgr.staff) expect(mine).toContain(s.uid);
    const transfers = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'staff.transfer'), inArray(auditLog.entityId, mgr.staff.map((s) => s.uid))));
    expect(transfers).toHaveLength(2);
    expect(transfers[0]!.detail).toEqual({ from: mgr.uid, to: ids.manager });
  });

  it('without newUid a shop manager is unbound with all their staff, every session ended', async () => {
    const mgr = await newManagerWithStaff(2);
    const res = await post('/api/user/del-user', { uid: mgr.uid, newUid: null }, tokens.general);
    expect(res.statusCode).toBe(200);
    const all = [mgr.uid, ...mgr.staff.map((s) => s.uid)];
    expect(res.json().data).toMatchObject({ transferred: [] });
    expect([...res.json().data.unbound].sort()).toEqual([...all].sort());
    for (const token of [mgr.token, ...mgr.staff.map((s) => s.token)]) {
      expect((await post('/api/record/get-customer-list', {}, token)).statusCode).toBe(401);
    }
    const rows = await t.database.db.select().from(user).where(inArray(user.id, all));
    for (const r of rows) expect(r.active).toBe(false);
    const logs = await t.database.db.select().from(auditLog).where(and(eq(auditLog.action, 'staff.unbind'), inArray(auditLog.entityId, all)));
    expect(logs).toHaveLength(3);
  });

  it('two unbinds of one account at once: one succeeds, the other finds nothing', async () => {
    const b = await newBroker();
    const answers = await Promise.all([1, 2].map(() => post('/api/user/del-user', { uid: b.uid }, tokens.manager)));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 404]);
    const logs = await t.database.db.select().from(auditLog).where(and(eq(auditLog.action, 'staff.unbind'), eq(auditLog.entityId, b.uid)));
    expect(logs).toHaveLength(1);
  });

  it('two managers unbound at once, each naming the other as heir: one goes through, the other is refused, no staff lost', async () => {
    const [a, b] = [await newManagerWithStaff(1), await newManagerWithStaff(1)];
    const answers = await Promise.all([
      post('/api/user/del-user', { uid: a.uid, newUid: b.uid }, tokens.general),
      post('/api/user/del-user', { uid: b.uid, newUid: a.uid }, tokens.general),
    ]);
    expect(answers.map((x) => x.statusCode).sort()).toEqual([200, 400]);
    const winner = answers[0]!.statusCode === 200 ? { gone: a, heir: b } : { gone: b, heir: a };
    expect((await row(winner.gone.phone)).active).toBe(false);
    expect((await row(winner.heir.phone)).active).toBe(true);
    for (const s of [...a.staff, ...b.staff]) expect(await row(s.phone)).toMatchObject({ active: true, managerId: winner.heir.uid });
  });

  it('an unbound phone comes back to its distributor as a new account of the one adding; elsewhere it stays taken', async () => {
    const b = await newBroker('回归者');
    await post('/api/user/del-user', { uid: b.uid }, tokens.manager);
    const elsewhere = await post('/api/user/add-user', { name: '别家', phone: b.phone, sex: 1 }, tokens.otherManager);
    expect(elsewhere.statusCode).toBe(409);
    const back = await post('/api/user/add-user', { name: '回归店长', phone: b.phone, sex: 2, shopname: '回归门店' }, tokens.general);
    expect(back.statusCode).toBe(200);
    expect(back.json().data).toMatchObject({ uid: b.uid, name: '回归店长', distributorStaffType: 'DIANZHANG', shopname: '回归门店' });
    expect(await row(b.phone)).toMatchObject({ active: true, role: 'DIANZHANG', managerId: null, mustChangePassword: true });
    // The old session stays ended; the initial password signs in again.
    expect((await post('/api/user/get-user-list', undefined, b.token)).statusCode).toBe(401);
    expect((await post('/api/login/sign', { username: b.phone, password: b.phone.slice(-6) })).statusCode).toBe(200);
  });
});
