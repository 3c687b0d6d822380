import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, isNull } from 'drizzle-orm';
import { messages } from '@baobei/shared/messages';
import { isDistributorStaff } from '@baobei/shared/rules/access';
import { customer, user } from '../../db/schema';
import { multipartFile, TINY_PNG } from '../../test/multipart';
import { createTestApp, HOSTS, type TestApp } from '../../test/test-app';

let t: TestApp;
let dataDir: string;
let companyId: number;
let broker: string;
let other: string;
let brokerId: number;

type Group = { anchor: string; list: { id: number; name: string; phone: string; sex: number; telType: number; customerPic: string[] }[] };

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'baobei-customer-'));
  t = await createTestApp({ config: { DATA_DIR: dataDir } });
  companyId = await t.companyIdOf(HOSTS.localhost);
  [broker, other] = await Promise.all([t.login('13800000003'), t.login('13800000008')]);
  brokerId = (await t.database.db.select().from(user).where(and(eq(user.companyId, companyId), eq(user.phone, '13800000003'))))[0]!.id;
});
afterAll(async () => {
  await t.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const post = (url: string, payload: object | undefined, token: string) => t.call({ method: 'POST', url, payload, token });
const list = async (token: string, keyword?: string) => {
  const res = await post('/api/record/get-customer-list', keyword === undefined ? undefined : { keyword }, token);
  expect(res.statusCode).toBe(200);
  return res.json().data as Group[];
};
const flat = (groups: Group[]) => groups.flatMap((g) => g.list);

describe('customer list', () => {
  it('groups the user’s own live customers by pinyin initial, A-Z then #, names sorted', async () => {
    const groups = await list(broker);
    const own = await t.database.db
      .select()
      .from(customer)
      .where(and(eq(customer.companyId, companyId), eq(customer.ownerId, brokerId), isNull(customer.deletedAt)));
    expect(flat(groups).map((c) => c.id).sort()).toEqual(own.map((c) => c.id).sort());
    const anchors = groups.map((g) => g.anchor);
    const letters = anchors.filter((a) => a !== '#');
    expect(letters).toEqual([...letters].sort());
    if (anchors.includes('#')) expect(anchors.at(-1)).toBe('#');
    for (const g of groups) {
      const names = g.list.map((c) => c.name);
      expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'zh-CN')));
      for (const c of g.list) expect(own.find((o) => o.id === c.id)!.anchor).toBe(g.anchor);
    }
  });

  it('finds by a part of the name or the phone', async () => {
    const all = flat(await list(broker));
    const sample = all[0]!;
    const byPhone = flat(await list(broker, sample.phone.slice(-4)));
    expect(byPhone.map((c) => c.id)).toContain(sample.id);
    for (const c of byPhone) expect(c.phone.includes(sample.phone.slice(-4)) || c.name.includes(sample.phone.slice(-4))).toBe(true);
    const byName = flat(await list(broker, sample.name.slice(0, 1)));
    expect(byName.map((c) => c.id)).toContain(sample.id);
    expect(await list(broker, '不存在的客户名')).toEqual([]);
  });

  it('keeps distributors apart and refuses roles without a customer list', async () => {
    const mine = new Set(flat(await list(broker)).map((c) => c.id));
    for (const c of flat(await list(other))) expect(mine.has(c.id)).toBe(false);
    const auditor = await t.login('13800000006');
    expect((await post('/api/record/get-customer-list', {}, auditor)).statusCode).toBe(403);
    expect((await t.call({ method: 'POST', url: '/api/record/get-customer-list', payload: {} })).statusCode).toBe(401);
  });
});

describe('add and remove customers', () => {
  it('adds with the dialog’s rules, anchor by pinyin, pictures of the user’s own uploads', async () => {
    const up = await t.call({ method: 'POST', url: '/api/upload/index', token: broker, ...multipartFile(TINY_PNG, 'id.png', 'image/png') });
    const pic = up.json().data.url as string;
    const res = await post('/api/record/add-customer', { name: '欧阳娜娜', sex: 2, phone: '16600009901', telType: 0, customerPic: [pic], picConsent: true }, broker);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ name: '欧阳娜娜', sex: 2, phone: '16600009901', telType: 0, customerPic: [pic] });
    const group = (await list(broker)).find((g) => g.list.some((c) => c.id === res.json().data.id));
    expect(group?.anchor).toBe('O');

    const dup = await post('/api/record/add-customer', { name: '别人', sex: 1, phone: '16600009901', telType: 0, customerPic: [] }, broker);
    expect(dup.statusCode).toBe(409);
    expect(dup.json().msg).toBe(messages.customer.phoneDuplicate);
    // Another user may hold the same person as their own customer.
    expect((await post('/api/record/add-customer', { name: '欧阳娜娜', sex: 2, phone: '16600009901', telType: 0, customerPic: [] }, other)).statusCode).toBe(200);

    const cases: [object, string][] = [
      [{ name: '', sex: 1, phone: '16600009902', telType: 0 }, messages.customer.nameRequired],
      [{ name: '王', sex: null, phone: '16600009902', telType: 0 }, messages.customer.sexRequired],
      [{ name: '王', sex: 1, phone: '', telType: 0 }, messages.customer.phoneRequired],
      [{ name: '王', sex: 1, phone: '12345', telType: 0 }, messages.customer.phoneFormatContent],
      [{ name: '王', sex: 1, phone: '16600009902', telType: 0, customerPic: ['/uploads/x/y.png'], picConsent: true }, messages.recordServer.picNotOwned],
    ];
    for (const [payload, msg] of cases) {
      const bad = await post('/api/record/add-customer', payload, broker);
      expect(bad.json().msg).toBe(msg);
      expect(bad.statusCode).toBe(400);
    }
    expect((await post('/api/record/add-customer', { name: '王', sex: 1, phone: '166****9903', telType: 0 }, broker)).statusCode).toBe(200);
    expect((await post('/api/record/add-customer', { name: 'Tom', sex: 1, phone: '+85291234567', telType: 1 }, broker)).statusCode).toBe(200);
  });

  it('removes only the user’s own customers, softly', async () => {
    const added = await post('/api/record/add-customer', { name: '待删除', sex: 1, phone: '16600009911', telType: 0 }, broker);
    const id = added.json().data.id as number;
    expect((await post('/api/record/remove-customer', { id }, other)).statusCode).toBe(404);
    const res = await post('/api/record/remove-customer', { id }, broker);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ data: id, msg: '客户删除成功' });
    expect(flat(await list(broker)).map((c) => c.id)).not.toContain(id);
    const [row] = await t.database.db.select().from(customer).where(eq(customer.id, id));
    expect(row!.deletedAt).not.toBeNull();
    expect((await post('/api/record/remove-customer', { id }, broker)).statusCode).toBe(404);
    // The phone is free again once deleted.
    expect((await post('/api/record/add-customer', { name: '待删除', sex: 1, phone: '16600009911', telType: 0 }, broker)).statusCode).toBe(200);
  });
});

describe('viewing staff (get-daikan-list)', () => {
  it('lists the active shop managers and brokers of the user’s distributor, grouped', async () => {
    const res = await post('/api/record/get-daikan-list', undefined, broker);
    expect(res.statusCode).toBe(200);
    const groups = res.json().data as { anchor: string; list: { name: string; phone: string }[] }[];
    const phones = groups.flatMap((g) => g.list.map((s) => s.phone));
    expect(phones).toContain('13800000003');
    expect(phones).toContain('13800000002');
    expect(phones).not.toContain('13800000008');
    expect(phones).not.toContain('13800000006');
    const [me] = await t.database.db.select().from(user).where(and(eq(user.companyId, companyId), eq(user.phone, '13800000003')));
    const colleagues = await t.database.db.select().from(user).where(and(eq(user.companyId, companyId), eq(user.distributorId, me!.distributorId!), eq(user.active, true)));
    expect(phones.sort()).toEqual(colleagues.filter((u) => isDistributorStaff(u.role)).map((u) => u.phone).sort());
    const anchors = groups.map((g) => g.anchor);
    expect(anchors.filter((a) => a !== '#')).toEqual(anchors.filter((a) => a !== '#').sort());
  });
});
