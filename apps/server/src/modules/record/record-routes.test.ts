import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq, inArray, notInArray, sql } from 'drizzle-orm';
import { messages } from '@baobei/shared/messages';
import { maskPhone } from '@baobei/shared/rules/phone';
import { formatShanghaiMinute } from '@baobei/shared/rules/shanghai-time';
import { auditLog, customer, distributor, house, record, recordApproval, user } from '../../db/schema';
import { multipartFile, TINY_PNG } from '../../test/multipart';
import { activeListings } from '../../test/records';
import { createTestApp, HOSTS, type TestApp } from '../../test/test-app';
import { createRecordProtectionService } from './record-protection-service';

let t: TestApp;
let dataDir: string;
let companyId: number;
let broker: string; // 13800000003, distributor 1
let manager: string; // 13800000002, distributor 1
let other: string; // 13800000008, distributor 2
type House = typeof house.$inferSelect;
let full: House; // FULL phones, no ID
let masked: House; // MASKED phones, no ID
let idCard: House; // MASKED phones, ID documents required

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'baobei-record-'));
  t = await createTestApp({ config: { DATA_DIR: dataDir } });
  companyId = await t.companyIdOf(HOSTS.localhost);
  [broker, manager, other] = await Promise.all([t.login('13800000003'), t.login('13800000002'), t.login('13800000008')]);
  const rows = await activeListings(t, companyId, 3);
  const set = async (h: House, values: Partial<House>) => {
    await t.database.db.update(house).set(values).where(eq(house.id, h.id));
    return { ...h, ...values };
  };
  const common = { reportLeadTime: 30, reportProtectHours: 72 };
  full = await set(rows[0]!, { ...common, ruleTel: 'FULL', isNeedIdCard: false });
  masked = await set(rows[1]!, { ...common, ruleTel: 'MASKED', isNeedIdCard: false });
  idCard = await set(rows[2]!, { ...common, ruleTel: 'MASKED', isNeedIdCard: true });
});
afterAll(async () => {
  await t.close();
  rmSync(dataDir, { recursive: true, force: true });
});

let phoneSeq = 0;
/** A fresh mainland phone whose masked pattern no seeded report uses (166 is not a seeded prefix). */
const freshPhone = () => `1660000${String(++phoneSeq).padStart(4, '0')}`;
const inHours = (hours: number) => formatShanghaiMinute(new Date(Date.now() + hours * 3_600_000));

function draft(overrides: Record<string, unknown> = {}) {
  return {
    selectHouse: [full.id],
    visitingTime: inHours(48),
    visitorNum: 2,
    dkStaffName: '',
    dkStaffPhone: '',
    reception: '',
    remark: '',
    customerList: [{ name: '张三', sex: 1, phone: freshPhone(), telType: 0, customerPic: [] as string[] }],
    ...overrides,
  };
}

const submit = (payload: object, token = broker, headers: Record<string, string> = {}) =>
  t.call({ method: 'POST', url: '/api/record/post-record-data', payload, token, headers });

async function expect400(payload: object, msg: string, token = broker) {
  const res = await submit(payload, token);
  expect(res.json().msg).toBe(msg);
  expect(res.statusCode).toBe(400);
  return res.json();
}

async function upload(token: string): Promise<string> {
  const res = await t.call({ method: 'POST', url: '/api/upload/index', token, ...multipartFile(TINY_PNG, 'id.png', 'image/png') });
  expect(res.statusCode).toBe(200);
  return res.json().data.url as string;
}

const reportText = messages.record;
const customerText = messages.customer;
const recordServerText = messages.recordServer;

describe('report submit: access', () => {
  it('needs a session and a reporting role', async () => {
    expect((await t.call({ method: 'POST', url: '/api/record/post-record-data', payload: draft() })).statusCode).toBe(401);
    const auditor = await t.login('13800000006');
    expect((await submit(draft(), auditor)).statusCode).toBe(403);
  });
});

describe('report submit: the spec’s rules in order (part 1, section 5)', () => {
  const customer = (name: string, sex: number | null, pics: string[] = []) => ({ name, sex, phone: freshPhone(), telType: 0, customerPic: pics, picConsent: pics.length > 0 });

  it('1. at least one listing, and at most ten', async () => {
    await expect400(draft({ selectHouse: [], visitingTime: '', visitorNum: null }), reportText.houseRequired);
    await expect400(draft({ selectHouse: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11] }), reportText.tooManyHouses);
  });
  it('2. visit time', async () => {
    await expect400(draft({ visitingTime: '', visitorNum: null }), reportText.visitTimeRequired);
  });
  it('3. visitor count', async () => {
    await expect400(draft({ visitorNum: null, dkStaffName: '李四' }), reportText.visitorNumRequired);
  });
  it('4. viewing name needs phone, phone needs name', async () => {
    await expect400(draft({ dkStaffName: '李四', visitorNum: 0 }), reportText.dkPhoneRequired);
    await expect400(draft({ dkStaffPhone: '13912345678', visitorNum: 0 }), reportText.dkNameRequired);
  });
  it('5. viewing phone valid', async () => {
    await expect400(draft({ dkStaffName: '李四', dkStaffPhone: '12345', visitorNum: 0 }), reportText.dkPhoneInvalid);
  });
  it('6. at least one visitor', async () => {
    await expect400(draft({ visitorNum: 0, customerList: [] }), reportText.visitorNumMin);
  });
  it('3 and 6 as the spec words them: missing is 请填写到访人数, zero or negative 到访人数最少一人，请修改; nothing saved', async () => {
    const before = await t.database.db.select({ id: record.id }).from(record);
    const { visitorNum: _omit, ...missing } = draft();
    await expect400(missing, reportText.visitorNumRequired);
    await expect400(draft({ visitorNum: null }), reportText.visitorNumRequired);
    // An emptied form field is missing too, not 到访人数格式不正确.
    await expect400(draft({ visitorNum: '' }), reportText.visitorNumRequired);
    await expect400(draft({ visitorNum: '  ' }), reportText.visitorNumRequired);
    await expect400(draft({ visitorNum: -1 }), reportText.visitorNumMin);
    await expect400(draft({ visitorNum: '-1' }), reportText.visitorNumMin);
    await expect400(draft({ visitorNum: 0 }), reportText.visitorNumMin);
    expect(await t.database.db.select({ id: record.id }).from(record)).toHaveLength(before.length);
  });
  it('7. at least one customer, at most the company’s maximum', async () => {
    await expect400(draft({ customerList: [] }), reportText.customerRequired);
    const six = Array.from({ length: 6 }, (_, i) => customer(`客户${i}`, 1));
    await expect400(draft({ customerList: six }), reportText.tooManyCustomers(5, 6));
  });
  it('8. every customer needs a gender: the dialog lists them', async () => {
    const body = await expect400(
      draft({ selectHouse: [idCard.id], customerList: [customer('王五', null), customer('赵六', 1), customer('钱七', 0)] }),
      reportText.genderDialogContent + '王五、钱七',
    );
    expect(body.msgTitle).toBe(reportText.genderDialogTitle);
    expect(body.data).toEqual({ kind: 'genderDialog', names: ['王五', '钱七'] });
  });
  it('9. a listing that needs ID documents: the proof dialog lists those without', async () => {
    const pic = await upload(broker);
    const body = await expect400(
      draft({ selectHouse: [full.id, idCard.id], customerList: [customer('王五', 1), customer('赵六', 2, [pic])] }),
      reportText.proofDialogContent + '王五',
    );
    expect(body.msgTitle).toBe(reportText.proofDialogTitle);
    expect(body.data).toEqual({ kind: 'proofDialog', names: ['王五'] });
    const res = await submit(draft({ selectHouse: [idCard.id], customerList: [customer('赵六', 2, [pic])] }));
    expect(res.statusCode).toBe(200);
  });
  it('refuses an unknown or inactive listing', async () => {
    const res = await submit(draft({ selectHouse: [full.id, 999_999] }));
    expect(res.statusCode).toBe(404);
    expect(res.json().msg).toBe(recordServerText.houseNotFound);
  });
  it('uses the company’s maxCustomersPerReport', async () => {
    // The second brand, untouched so far by this file: the tenant cache has not read it yet.
    const { company } = await import('../../db/schema');
    const secondId = (await t.database.db.select().from(company).where(eq(company.title, '三亚置业报备')))[0]!.id;
    await t.database.db.update(company).set({ maxCustomersPerReport: 2 }).where(eq(company.id, secondId));
    const token = await t.login('13900000003', { host: HOSTS.second });
    const [listing] = await activeListings(t, secondId, 1);
    const payload = draft({ selectHouse: [listing!.id], customerList: [customer('甲', 1), customer('乙', 1), customer('丙', 1)] });
    const res = await t.call({ method: 'POST', url: '/api/record/post-record-data', payload, token, host: HOSTS.second });
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toBe(reportText.tooManyCustomers(2, 3));
  });
});

describe('report submit: customers and the phone rule', () => {
  const one = (phone: string, extra: object = {}) => [{ name: '孙八', sex: 1, phone, telType: 0, customerPic: [], ...extra }];

  it('checks each customer as the add-customer dialog does', async () => {
    await expect400(draft({ customerList: one(freshPhone(), { name: ' ' }) }), customerText.nameRequired);
    await expect400(draft({ customerList: one('') }), customerText.phoneRequired);
    await expect400(draft({ customerList: one('1381234567') }), customerText.phoneFormatContent);
    const phone = freshPhone();
    await expect400(draft({ customerList: [...one(phone), ...one(phone, { name: '周九' })] }), customerText.phoneDuplicate);
  });
  it('accepts a masked phone only where every chosen listing is MASKED', async () => {
    const maskedPhone = maskPhone(freshPhone());
    await expect400(draft({ selectHouse: [full.id], customerList: one(maskedPhone) }), customerText.maskedNotAllowed);
    await expect400(draft({ selectHouse: [masked.id, full.id], customerList: one(maskedPhone) }), customerText.maskedNotAllowed);
    const res = await submit(draft({ selectHouse: [masked.id], customerList: one(maskedPhone) }));
    expect(res.statusCode).toBe(200);
    const [row] = await t.database.db.select().from(record).where(eq(record.id, res.json().data.recordIds[0]));
    expect(row).toMatchObject({ customerPhone: maskedPhone, customerPhoneMasked: maskedPhone });
  });
  it('refuses a full and a masked form of one phone in one submit', async () => {
    const phone = freshPhone();
    await expect400(draft({ selectHouse: [masked.id], customerList: [...one(phone), ...one(maskPhone(phone), { name: '周九' })] }), recordServerText.duplicateInSubmit);
  });
  it('takes any number of the "other" phone type', async () => {
    const res = await submit(draft({ customerList: one('+852 9123 4567', { telType: 1 }) }));
    expect(res.statusCode).toBe(200);
  });
});

describe('report submit: the visit-time window (DECISIONS.md)', () => {
  it('runs from now plus the largest lead time of the listings to now plus 180 days', async () => {
    await t.database.db.update(house).set({ reportLeadTime: 180 }).where(eq(house.id, masked.id));
    try {
      const tooSoon = await submit(draft({ selectHouse: [full.id, masked.id], visitingTime: inHours(2) }));
      expect(tooSoon.statusCode).toBe(400);
      expect(tooSoon.json().msg).toMatch(/^到访时间不在可选范围内，请选择 \d{4}-\d{2}-\d{2} \d{2}:\d{2} 至 \d{4}-\d{2}-\d{2} \d{2}:\d{2} 之间的时间$/);
      expect((await submit(draft({ selectHouse: [full.id], visitingTime: inHours(2) }))).statusCode).toBe(200);
      expect((await submit(draft({ selectHouse: [full.id, masked.id], visitingTime: inHours(3.5) }))).statusCode).toBe(200);
    } finally {
      await t.database.db.update(house).set({ reportLeadTime: 30 }).where(eq(house.id, masked.id));
    }
    expect((await submit(draft({ visitingTime: inHours(24 * 181) }))).statusCode).toBe(400);
    expect((await submit(draft({ visitingTime: inHours(24 * 179) }))).statusCode).toBe(200);
    expect((await submit(draft({ visitingTime: '2026-02-30 10:00' }))).statusCode).toBe(400);
  });
  it('stores the Shanghai wall-clock time as the instant it names', async () => {
    const visitingTime = inHours(30);
    const res = await submit(draft({ visitingTime }));
    const [row] = await t.database.db.select().from(record).where(eq(record.id, res.json().data.recordIds[0]));
    expect(formatShanghaiMinute(row!.estimatedVisitTime)).toBe(visitingTime);
  });
});

describe('report submit: qualification pictures', () => {
  it('takes only pictures this user uploaded', async () => {
    const mine = await upload(broker);
    const theirs = await upload(other);
    const withPic = (pic: string) => draft({ selectHouse: [idCard.id], customerList: [{ name: '吴十', sex: 2, phone: freshPhone(), telType: 0, customerPic: [pic], picConsent: true }] });
    for (const pic of [theirs, '/uploads/2026/11/not-there.png', 'https://example.com/id.png']) {
      await expect400(withPic(pic), recordServerText.picNotOwned);
    }
    expect((await submit(withPic(mine))).statusCode).toBe(200);
  });
});

describe('report submit: success', () => {
  it('writes one report per listing and customer with its history, audit log and customers', async () => {
    const [a, b] = [freshPhone(), freshPhone()];
    const visitingTime = inHours(26);
    const res = await submit(
      draft({
        selectHouse: [full.id, masked.id],
        visitingTime,
        visitorNum: 3,
        reception: '王经理',
        remark: '客户想看三房',
        customerList: [
          { name: '张', sex: 1, phone: a, telType: 0, customerPic: [] },
          { name: '李丽', sex: 2, phone: b, telType: 0, customerPic: [] },
        ],
      }),
    );
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.msgTitle).toBe('报备成功');
    expect(body.msg).toBe(
      [
        '报备成功，请等待审核',
        `${full.name}：张先生 ${maskPhone(a)}`,
        `${full.name}：李丽 ${maskPhone(b)}`,
        `${masked.name}：张先生 ${maskPhone(a)}`,
        `${masked.name}：李丽 ${maskPhone(b)}`,
        `到访时间：${visitingTime}`,
      ].join('\n'),
    );
    const { submissionId, recordIds } = body.data as { submissionId: string; recordIds: number[] };
    expect(recordIds).toHaveLength(4);
    const rows = await t.database.db.select().from(record).where(eq(record.submissionId, submissionId)).orderBy(asc(record.id));
    const [reporter] = await t.database.db.select().from(user).where(and(eq(user.companyId, companyId), eq(user.phone, '13800000003')));
    expect(rows.map((x) => x.id)).toEqual(recordIds);
    for (const row of rows) {
      expect(row).toMatchObject({
        status: 'RECORDSTART',
        version: 1,
        reporterId: reporter!.id,
        distributorId: reporter!.distributorId,
        shopManagerId: reporter!.managerId,
        dkName: reporter!.name,
        dkPhone: reporter!.phone,
        visitorNum: 3,
        reception: '王经理',
        remark: '客户想看三房',
      });
      expect(row.protectUntil.getTime() - row.createdAt.getTime()).toBeGreaterThan(71.9 * 3_600_000);
      const approvals = await t.database.db.select().from(recordApproval).where(eq(recordApproval.recordId, row.id));
      expect(approvals).toHaveLength(1);
      expect(approvals[0]).toMatchObject({ status: 'RECORDSTART', userId: reporter!.id, approvalResult: '提交报备', visitorNum: 3 });
      const logs = await t.database.db.select().from(auditLog).where(and(eq(auditLog.entity, 'record'), eq(auditLog.entityId, row.id)));
      expect(logs).toHaveLength(1);
      expect(logs[0]).toMatchObject({ companyId, actorId: reporter!.id, action: 'record.submit', detail: { submissionId, houseId: row.houseId, auditorId: row.auditorId } });
      expect(row.auditorId).not.toBeNull();
      // The channel is the reporter's distributor's, read by the insert.
      const [own] = await t.database.db.select({ channelUserId: distributor.channelUserId }).from(distributor).where(eq(distributor.id, reporter!.distributorId!));
      expect(own!.channelUserId).not.toBeNull();
      expect(row.channelUserId).toBe(own!.channelUserId);
    }
    expect(rows[0]).toMatchObject({ customerName: '张先生', customerSex: 1, customerPhone: a, customerPhoneMasked: maskPhone(a) });
    const saved = await t.database.db.select().from(customer).where(and(eq(customer.ownerId, reporter!.id), inArray(customer.phone, [a, b])));
    expect(saved).toHaveLength(2);
    expect(rows[0]!.customerId).toBe(saved.find((s) => s.phone === a)!.id);
  });

  it('reuses and updates the reporter’s live customer of that phone, and makes a new one for a deleted customer', async () => {
    const phone = freshPhone();
    const first = await submit(draft({ selectHouse: [full.id], customerList: [{ name: '钱一', sex: 1, phone, telType: 0, customerPic: [] }] }));
    expect(first.statusCode).toBe(200);
    const [made] = await t.database.db.select().from(customer).where(eq(customer.phone, phone));
    const again = await submit(draft({ selectHouse: [masked.id], customerList: [{ name: '钱二', sex: 2, phone, telType: 0, customerPic: [] }] }));
    expect(again.statusCode).toBe(200);
    const live = await t.database.db.select().from(customer).where(eq(customer.phone, phone));
    expect(live).toHaveLength(1);
    expect(live[0]).toMatchObject({ id: made!.id, name: '钱二', sex: 2, ownerId: made!.ownerId });
    const [second] = await t.database.db.select().from(record).where(eq(record.id, again.json().data.recordIds[0]));
    expect(second!.customerId).toBe(made!.id);

    const other = freshPhone();
    const before = await submit(draft({ selectHouse: [full.id], customerList: [{ name: '孙一', sex: 1, phone: other, telType: 0, customerPic: [] }] }));
    const [deleted] = await t.database.db.select().from(record).where(eq(record.id, before.json().data.recordIds[0]));
    await t.database.db.update(customer).set({ deletedAt: new Date() }).where(eq(customer.id, deleted!.customerId!));
    const after = await submit(draft({ selectHouse: [masked.id], customerList: [{ name: '孙二', sex: 1, phone: other, telType: 0, customerPic: [] }] }));
    expect(after.statusCode).toBe(200);
    const [row] = await t.database.db.select().from(record).where(eq(record.id, after.json().data.recordIds[0]));
    expect(row!.customerId).not.toBe(deleted!.customerId);
    const [remade] = await t.database.db.select().from(customer).where(eq(customer.id, row!.customerId!));
    expect(remade).toMatchObject({ phone: other, name: '孙二', deletedAt: null });
  });

  it('keeps the viewing person given, and a shop manager is their own shop', async () => {
    const res = await submit(draft({ dkStaffName: '周带看', dkStaffPhone: '13912345678' }), manager);
    expect(res.statusCode).toBe(200);
    const [row] = await t.database.db.select().from(record).where(eq(record.id, res.json().data.recordIds[0]));
    expect(row).toMatchObject({ dkName: '周带看', dkPhone: '13912345678', shopManagerId: row!.reporterId });
  });
});

describe('duplicate reports (撞单)', () => {
  it('refuses another distributor’s report of a protected customer, naming listing, phone and time', async () => {
    const phone = freshPhone();
    const first = await submit(draft({ customerList: [{ name: '郑一', sex: 1, phone, telType: 0, customerPic: [] }] }), broker);
    expect(first.statusCode).toBe(200);
    const [row] = await t.database.db.select().from(record).where(eq(record.id, first.json().data.recordIds[0]));
    const res = await submit(draft({ customerList: [{ name: '郑一', sex: 1, phone, telType: 0, customerPic: [] }] }), other);
    expect(res.statusCode).toBe(409);
    const msg = res.json().msg as string;
    expect(msg).toBe(recordServerText.duplicateOther(full.name, maskPhone(phone), formatShanghaiMinute(row!.protectUntil), 'whole'));
    expect(msg).toContain(maskPhone(phone));
    expect(msg).toMatch(/保护期至 \d{4}-\d{2}-\d{2} \d{2}:\d{2}/);
    // The masked form of the same number on a MASKED listing is the same customer too.
    await submit(draft({ selectHouse: [masked.id], customerList: [{ name: '郑一', sex: 1, phone, telType: 0, customerPic: [] }] }), broker);
    const maskedTry = await submit(draft({ selectHouse: [masked.id], customerList: [{ name: '郑一', sex: 1, phone: maskPhone(phone), telType: 0, customerPic: [] }] }), other);
    expect(maskedTry.statusCode).toBe(409);
  });

  it('refuses the same distributor reporting the same customer and listing again', async () => {
    const phone = freshPhone();
    const customerList = [{ name: '冯二', sex: 2, phone, telType: 0, customerPic: [] }];
    expect((await submit(draft({ customerList }), broker)).statusCode).toBe(200);
    for (const token of [broker, manager]) {
      const res = await submit(draft({ customerList }), token);
      expect(res.statusCode).toBe(409);
      expect(res.json().msg).toMatch(/^该客户已报备过此楼盘/);
    }
    // Another listing is another report.
    expect((await submit(draft({ selectHouse: [masked.id], customerList }), broker)).statusCode).toBe(200);
  });

  it('lets a closed or expired report go', async () => {
    const phone = freshPhone();
    const customerList = [{ name: '陈三', sex: 1, phone, telType: 0, customerPic: [] }];
    const first = await submit(draft({ customerList }), broker);
    await t.database.db.update(record).set({ status: 'RECORDCLOSE' }).where(eq(record.id, first.json().data.recordIds[0]));
    const second = await submit(draft({ customerList }), other);
    expect(second.statusCode).toBe(200);
    await t.database.db.update(record).set({ protectUntil: new Date(Date.now() - 1000) }).where(eq(record.id, second.json().data.recordIds[0]));
    // Its protection ends when the protection job stores that it did (docs/decisions/051).
    expect((await submit(draft({ customerList }), broker)).statusCode).toBe(409);
    await createRecordProtectionService({ db: t.database.db, log: t.app.log }).expire();
    expect((await submit(draft({ customerList }), broker)).statusCode).toBe(200);
  });

  it('lets an unvisited report go, as the detail’s 重新报备 promises', async () => {
    const phone = freshPhone();
    const customerList = [{ name: '褚四', sex: 2, phone, telType: 0, customerPic: [] }];
    const first = await submit(draft({ customerList }), broker);
    const id = first.json().data.recordIds[0] as number;
    await t.database.db.update(record).set({ status: 'VISIT' }).where(eq(record.id, id));
    expect((await submit(draft({ customerList }), broker)).statusCode).toBe(409);
    await t.database.db.update(record).set({ status: 'UNVISIT' }).where(eq(record.id, id));
    expect((await submit(draft({ customerList }), broker)).statusCode).toBe(200);
  });

  it('accepts exactly one of 20 simultaneous submits from two distributors', async () => {
    const phone = freshPhone();
    const customerList = [{ name: '并发', sex: 1, phone, telType: 0, customerPic: [] }];
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) => submit(draft({ customerList }), i % 2 === 0 ? broker : other)),
    );
    const codes = results.map((x) => x.statusCode);
    expect(codes.filter((x) => x === 200)).toHaveLength(1);
    expect(codes.filter((x) => x === 409)).toHaveLength(19);
    const rows = await t.database.db.select().from(record).where(and(eq(record.houseId, full.id), eq(record.customerPhoneMasked, maskPhone(phone))));
    expect(rows).toHaveLength(1);
  });
});

describe('auditor assignment (DECISIONS.md)', () => {
  const auditorsOf = async (role: 'AUDITOR' | 'AUDITORADMIN') =>
    t.database.db.select().from(user).where(and(eq(user.companyId, companyId), eq(user.role, role), eq(user.active, true))).orderBy(asc(user.id));

  it('gives each report to the on-duty auditor with the fewest open reports, round robin', async () => {
    const onDuty = (await auditorsOf('AUDITOR')).filter((a) => a.vacation === 0);
    expect(onDuty.length).toBeGreaterThan(0);
    const open = new Map<number, number>();
    for (const a of onDuty) {
      const [row] = await t.database.db
        .select({ n: sql<number>`count(*)::int` })
        .from(record)
        .where(and(eq(record.auditorId, a.id), notInArray(record.status, ['RECORDCLOSE', 'MAKEBARGAINCLOSE', 'MAKEBARGAINCOMPLETE'])));
      open.set(a.id, row!.n);
    }
    const expected: number[] = [];
    for (let i = 0; i < 3; i++) {
      const next = [...open.entries()].sort((x, y) => x[1] - y[1] || x[0] - y[0])[0]![0];
      expected.push(next);
      open.set(next, open.get(next)! + 1);
    }
    const customerList = ['甲一', '乙二', '丙三'].map((name) => ({ name, sex: 1, phone: freshPhone(), telType: 0, customerPic: [] }));
    const res = await submit(draft({ customerList }));
    expect(res.statusCode).toBe(200);
    const rows = await t.database.db.select().from(record).where(inArray(record.id, res.json().data.recordIds)).orderBy(asc(record.id));
    expect(rows.map((x) => x.auditorId)).toEqual(expected);
    const vacationing = (await auditorsOf('AUDITOR')).filter((a) => a.vacation === 1).map((a) => a.id);
    for (const row of rows) expect(vacationing).not.toContain(row.auditorId);
  });

  it('goes to an AUDITORADMIN when every auditor is on vacation', async () => {
    const onDuty = (await auditorsOf('AUDITOR')).filter((a) => a.vacation === 0).map((a) => a.id);
    await t.database.db.update(user).set({ vacation: 1 }).where(inArray(user.id, onDuty));
    try {
      const res = await submit(draft());
      expect(res.statusCode).toBe(200);
      const [row] = await t.database.db.select().from(record).where(eq(record.id, res.json().data.recordIds[0]));
      const admins = await auditorsOf('AUDITORADMIN');
      expect(admins.map((a) => a.id)).toContain(row!.auditorId);
      expect(admins.find((a) => a.id === row!.auditorId)!.phone).toBe('13800000007');
    } finally {
      await t.database.db.update(user).set({ vacation: 0 }).where(inArray(user.id, onDuty));
    }
  });
});

describe('report submit: Idempotency-Key', () => {
  it('replays the first answer for the same key and writes one set of reports', async () => {
    const payload = draft();
    const headers = { 'idempotency-key': 'submit-key-0001' };
    const first = await submit(payload, broker, headers);
    const second = await submit(payload, broker, headers);
    expect(first.statusCode).toBe(200);
    expect(second.statusCode).toBe(200);
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect(second.json()).toEqual(first.json());
    const rows = await t.database.db.select().from(record).where(eq(record.submissionId, first.json().data.submissionId));
    expect(rows).toHaveLength(1);
    const phone = payload.customerList[0]!.phone;
    const all = await t.database.db.select().from(record).where(eq(record.customerPhone, phone));
    expect(all).toHaveLength(1);
  });
});
