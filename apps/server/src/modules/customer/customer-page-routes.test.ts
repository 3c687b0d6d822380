import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray } from 'drizzle-orm';
import { messages } from '@baobei/shared/messages';
import { CUSTOMER_PAGE_LIMITS, FOLLOW_UP_PAGE_SIZE } from '@baobei/shared/rules/customer-page';
import { RECORD_STATUS_TEXT } from '@baobei/shared/rules/record-status';
import { formatShanghaiMinute } from '@baobei/shared/rules/shanghai-time';
import { plainUploadUrl } from '@baobei/shared/rules/upload-url';
import { customer, customerFollowUp, customerImage, house, record } from '../../db/schema';
import { DEMO_ACCOUNTS } from '../../test/accounts';
import { multipartFile, TINY_PNG } from '../../test/multipart';
import { activeListings, reportSubmitPayload } from '../../test/records';
import { createTestApp, HOSTS, type TestApp } from '../../test/test-app';

/**
 * A customer's page (issue 32, item 1; docs/decisions/088): the owner reads and writes; the shop
 * manager and the general account whose 公司客户 lists the customer read only; another broker,
 * another distributor and another company get 404 with 客户不存在或已删除.
 */
let t: TestApp;
let dataDir: string;
let cid: number;
let listings: { id: number; name: string }[];
/** The customer reported on two MASKED listings with a hidden number, and one added by hand. */
let reported: number;
let added: number;

const HIDDEN = '166****4321';
const text = messages.customerPage;
const notFound = messages.recordServer.customerNotFound;
const post = (url: string, phone: string, payload: object, host: string = HOSTS.localhost) => t.postAs(url, phone, payload, host);
const detail = (phone: string, id: number) => post('/api/record/get-customer-detail', phone, { id });

async function upload(phone: string): Promise<string> {
  const res = await t.call({ method: 'POST', url: '/api/upload/index', token: await t.tokenOf(phone), ...multipartFile(TINY_PNG, 'id.png', 'image/png') });
  // The answer is a signed URL of a private picture; the customer keeps it without the signature.
  return plainUploadUrl(res.json().data.url as string);
}

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'baobei-customer-page-'));
  t = await createTestApp({ config: { DATA_DIR: dataDir } });
  cid = await t.companyIdOf(HOSTS.localhost);
  listings = (await activeListings(t, cid, 40)).filter((h) => !h.isNeedIdCard && h.sellingStatus === 'SELLING').slice(0, 2);
  await t.database.db.update(house).set({ ruleTel: 'MASKED' }).where(inArray(house.id, listings.map((l) => l.id)));
  const submit = await post('/api/record/post-record-data', DEMO_ACCOUNTS.broker, reportSubmitPayload(listings.map((l) => l.id), { name: '林客页', phone: HIDDEN }));
  expect(submit.statusCode).toBe(200);
  const [first] = await t.database.db.select({ customerId: record.customerId }).from(record).where(eq(record.id, submit.json().data.recordIds[0]));
  reported = first!.customerId!;
  const add = await post('/api/record/add-customer', DEMO_ACCOUNTS.broker, { name: '何手动', sex: 2, phone: '16612340001', telType: 0 });
  added = add.json().data.id;
});
afterAll(async () => {
  await t.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('get-customer-detail', () => {
  it('gives the owner the customer, its reports on both listings with the phone as the listing’s rule shows it, and empty logs', async () => {
    const res = await detail(DEMO_ACCOUNTS.broker, reported);
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({ customer: { id: reported, name: '林客页', phone: HIDDEN, sex: 1 }, ownerName: '王小明', canEdit: true });
    expect(data.intent).toEqual({ level: null, budget: '', area: '', layout: '', tags: [] });
    expect(data.followUps).toEqual({ list: [], total: 0 });
    expect(data.reports.total).toBe(2);
    expect(data.reports.list.map((r: { houseName: string }) => r.houseName).sort()).toEqual(listings.map((l) => l.name).sort());
    for (const r of data.reports.list) {
      expect(r).toMatchObject({ phone: HIDDEN, ruleTel: 'MASKED', approvalStatus: 'RECORDSTART', statusText: RECORD_STATUS_TEXT.RECORDSTART, expired: false });
    }
  });

  it('lets the shop manager and the general account read, not edit; refuses everyone else', async () => {
    for (const phone of [DEMO_ACCOUNTS.manager, DEMO_ACCOUNTS.general]) {
      const res = await detail(phone, reported);
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toMatchObject({ canEdit: false, ownerName: '王小明' });
      expect(res.json().data.reports.total).toBe(2);
    }
    // Another shop's broker and manager, another distributor's broker, manager and general account.
    for (const phone of ['13800000024', '13800000023', DEMO_ACCOUNTS.otherBroker, '13800000012', '13800000011']) {
      const res = await detail(phone, reported);
      expect(res.statusCode, phone).toBe(404);
      expect(res.json().msg).toBe(notFound);
    }
    // Another company's shop manager, on its own host.
    const foreign = await post('/api/record/get-customer-detail', '13900000002', { id: reported }, HOSTS.second);
    expect(foreign.statusCode).toBe(404);
    // The roles without a customer list never open the page (the route table).
    for (const phone of [DEMO_ACCOUNTS.auditor, DEMO_ACCOUNTS.channel]) expect((await detail(phone, reported)).statusCode).toBe(403);
    // A deleted customer is gone for its owner too.
    const gone = (await post('/api/record/add-customer', DEMO_ACCOUNTS.broker, { name: '待删', sex: 1, phone: '16612340009', telType: 0 })).json().data.id;
    await post('/api/record/remove-customer', DEMO_ACCOUNTS.broker, { id: gone });
    expect((await detail(DEMO_ACCOUNTS.broker, gone)).statusCode).toBe(404);
  });
});

describe('follow-ups', () => {
  const add = (phone: string, body: object) => post('/api/record/add-customer-follow-up', phone, { id: reported, ...body });
  const stored = async () => (await t.database.db.select().from(customerFollowUp).where(eq(customerFollowUp.customerId, reported))).length;

  it('logs the owner’s follow-ups, newest first by when they happened, and pages them', async () => {
    const minutesAgo = (m: number) => formatShanghaiMinute(new Date(Date.now() - m * 60_000));
    expect((await add(DEMO_ACCOUNTS.broker, { kind: 'PHONE', note: '电话沟通，周末来看', happenedAt: minutesAgo(120) })).statusCode).toBe(200);
    const now = await add(DEMO_ACCOUNTS.broker, { kind: 'VISIT', note: '带看样板间' });
    expect(now.statusCode).toBe(200);
    expect(now.json()).toMatchObject({ msg: text.followUpAdded, data: { kind: 'VISIT', note: '带看样板间', authorName: '王小明' } });
    expect((await add(DEMO_ACCOUNTS.broker, { kind: 'WECHAT', note: '  发了户型图  ', happenedAt: minutesAgo(60) })).statusCode).toBe(200);

    const data = (await detail(DEMO_ACCOUNTS.broker, reported)).json().data;
    expect(data.followUps.total).toBe(3);
    expect(data.followUps.list.map((f: { note: string }) => f.note)).toEqual(['带看样板间', '发了户型图', '电话沟通，周末来看']);
    expect(data.followUps.list[1].happenedAt).toBe(minutesAgo(60));

    const page2 = await t.call({ method: 'POST', url: '/api/record/get-customer-follow-ups?page=2&pageSize=2', token: await t.tokenOf(DEMO_ACCOUNTS.manager), payload: { id: reported } });
    expect(page2.statusCode).toBe(200);
    expect(page2.json().data).toMatchObject({ total: 3, page: 2, pageSize: 2, list: [{ note: '电话沟通，周末来看', kind: 'PHONE' }] });
    expect(FOLLOW_UP_PAGE_SIZE).toBeGreaterThanOrEqual(3);
    const stranger = await post('/api/record/get-customer-follow-ups', '13800000024', { id: reported });
    expect(stranger.statusCode).toBe(404);
  });

  it('refuses bad input with its message and stores nothing', async () => {
    const before = await stored();
    const future = formatShanghaiMinute(new Date(Date.now() + 10 * 60_000));
    const cases: [object, string][] = [
      [{ kind: '', note: '有内容' }, text.followUpKindRequired],
      [{ kind: 'FAX', note: '有内容' }, messages.input.invalid(text.followUpKind)],
      [{ kind: 'PHONE', note: '   ' }, text.followUpNoteRequired],
      [{ kind: 'PHONE', note: '长'.repeat(CUSTOMER_PAGE_LIMITS.note + 1) }, messages.input.tooLong(text.followUpNote, CUSTOMER_PAGE_LIMITS.note)],
      [{ kind: 'PHONE', note: '明天的事', happenedAt: future }, text.followUpFuture],
      [{ kind: 'PHONE', note: '太早', happenedAt: '2019-12-31 23:59' }, text.followUpTooEarly],
      [{ kind: 'PHONE', note: '坏时间', happenedAt: '2026-02-30 10:00' }, messages.input.invalid(text.followUpTime)],
    ];
    for (const [body, msg] of cases) {
      const res = await add(DEMO_ACCOUNTS.broker, body);
      expect(res.statusCode, msg).toBe(400);
      expect(res.json().msg).toBe(msg);
    }
    expect(await stored()).toBe(before);
  });

  it('is the owner’s to write: the shop manager and other brokers get 404', async () => {
    const before = await stored();
    for (const phone of [DEMO_ACCOUNTS.manager, DEMO_ACCOUNTS.general, '13800000024', DEMO_ACCOUNTS.otherBroker]) {
      const res = await add(phone, { kind: 'PHONE', note: '越权跟进' });
      expect(res.statusCode, phone).toBe(404);
      expect(res.json().msg).toBe(notFound);
    }
    expect(await stored()).toBe(before);
  });
});

describe('set-customer-intent', () => {
  const set = (phone: string, body: object) => post('/api/record/set-customer-intent', phone, { id: reported, level: '', budget: '', area: '', layout: '', tags: [], ...body });

  it('keeps the level, budget, area, layout and the tags trimmed and each once', async () => {
    const res = await set(DEMO_ACCOUNTS.broker, { level: 'HIGH', budget: '200-300万', area: '龙华区', layout: '三室两厅', tags: [' 学区 ', '学区', '', '地铁'] });
    expect(res.statusCode).toBe(200);
    const intent = { level: 'HIGH', budget: '200-300万', area: '龙华区', layout: '三室两厅', tags: ['学区', '地铁'] };
    expect(res.json().data).toEqual(intent);
    expect((await detail(DEMO_ACCOUNTS.manager, reported)).json().data.intent).toEqual(intent);
    // Ten distinct tags once deduplicated pass; '' is no level.
    const ten = Array.from({ length: CUSTOMER_PAGE_LIMITS.tags }, (_, i) => `标签${i}`);
    const full = await set(DEMO_ACCOUNTS.broker, { tags: [...ten, '标签0'] });
    expect(full.json().data).toMatchObject({ level: null, tags: ten });
  });

  it('refuses too many or too long tags and bad fields, changing nothing', async () => {
    const before = (await detail(DEMO_ACCOUNTS.broker, reported)).json().data.intent;
    const cases: [object, string][] = [
      [{ tags: Array.from({ length: CUSTOMER_PAGE_LIMITS.tags + 1 }, (_, i) => `t${i}`) }, text.tagTooMany(CUSTOMER_PAGE_LIMITS.tags)],
      [{ tags: ['一二三四五六七八九十十'] }, text.tagTooLong(CUSTOMER_PAGE_LIMITS.tag)],
      [{ level: 'URGENT' }, messages.input.invalid(text.intentLevel)],
      [{ budget: '9'.repeat(CUSTOMER_PAGE_LIMITS.budget + 1) }, messages.input.tooLong(text.budget, CUSTOMER_PAGE_LIMITS.budget)],
      [{ layout: '房'.repeat(CUSTOMER_PAGE_LIMITS.layout + 1) }, messages.input.tooLong(text.layout, CUSTOMER_PAGE_LIMITS.layout)],
    ];
    for (const [body, msg] of cases) {
      const res = await set(DEMO_ACCOUNTS.broker, { level: 'LOW', ...body });
      expect(res.statusCode, msg).toBe(400);
      expect(res.json().msg).toBe(msg);
    }
    for (const phone of [DEMO_ACCOUNTS.manager, '13800000024']) expect((await set(phone, { level: 'LOW' })).statusCode).toBe(404);
    expect((await detail(DEMO_ACCOUNTS.broker, reported)).json().data.intent).toEqual(before);
  });
});

describe('edit-customer', () => {
  const edit = (phone: string, body: object) => post('/api/record/edit-customer', phone, { id: added, name: '何手动', sex: 2, phone: '16612340001', telType: 0, customerPic: [], picConsent: true, ...body });

  it('changes the owner’s customer by the add rules and replaces its proofs; the reports keep their snapshot', async () => {
    const first = await upload(DEMO_ACCOUNTS.broker);
    const second = await upload(DEMO_ACCOUNTS.broker);
    expect((await edit(DEMO_ACCOUNTS.broker, { customerPic: [first] })).statusCode).toBe(200);
    // The signed URL the page got back names the kept picture.
    const shown = (await detail(DEMO_ACCOUNTS.broker, added)).json().data.customer.customerPic as string[];
    expect(shown.map(plainUploadUrl)).toEqual([first]);
    const res = await edit(DEMO_ACCOUNTS.broker, { name: '何', sex: 1, phone: '16612340002', customerPic: [second] });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ msg: text.edited, data: { name: '何', sex: 1, phone: '16612340002' } });
    const images = await t.database.db.select({ url: customerImage.url }).from(customerImage).where(eq(customerImage.customerId, added));
    expect(images.map((i) => i.url)).toEqual([second]);
    const [row] = await t.database.db.select().from(customer).where(eq(customer.id, added));
    expect(row).toMatchObject({ name: '何', anchor: 'H', phone: '16612340002' });
    // Editing the reported customer leaves its reports as they were reported.
    expect((await post('/api/record/edit-customer', DEMO_ACCOUNTS.broker, { id: reported, name: '林改名', sex: 1, phone: HIDDEN, telType: 0 })).statusCode).toBe(200);
    const names = await t.database.db.select({ n: record.customerName }).from(record).where(and(eq(record.customerId, reported), eq(record.companyId, cid)));
    expect(names.map((r) => r.n)).toEqual(['林客页', '林客页']);
  });

  it('refuses another live customer’s phone (409), the add dialog’s mistakes and others’ pictures (400)', async () => {
    const dup = await edit(DEMO_ACCOUNTS.broker, { phone: HIDDEN });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().msg).toBe(messages.customer.phoneDuplicate);
    const foreignPic = await upload(DEMO_ACCOUNTS.otherBroker);
    const cases: [object, string][] = [
      [{ name: ' ' }, messages.customer.nameRequired],
      [{ sex: null }, messages.customer.sexRequired],
      [{ phone: '' }, messages.customer.phoneRequired],
      [{ phone: '12345' }, messages.customer.phoneFormatContent],
      [{ customerPic: [foreignPic] }, messages.recordServer.picNotOwned],
    ];
    for (const [body, msg] of cases) {
      const res = await edit(DEMO_ACCOUNTS.broker, body);
      expect(res.statusCode, msg).toBe(400);
      expect(res.json().msg).toBe(msg);
    }
    const [row] = await t.database.db.select().from(customer).where(eq(customer.id, added));
    expect(row).toMatchObject({ name: '何', phone: '16612340002' });
  });

  it('is the owner’s: the shop manager, another broker and another distributor get 404', async () => {
    for (const phone of [DEMO_ACCOUNTS.manager, DEMO_ACCOUNTS.general, '13800000024', DEMO_ACCOUNTS.otherBroker]) {
      const res = await edit(phone, { name: '越权' });
      expect(res.statusCode, phone).toBe(404);
      expect(res.json().msg).toBe(notFound);
    }
    const [row] = await t.database.db.select().from(customer).where(eq(customer.id, added));
    expect(row!.name).toBe('何');
  });
});
