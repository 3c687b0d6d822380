import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fileURLToPath } from 'node:url';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { uploadKeyOf } from '@baobei/shared/rules/upload-url';
import { customer, customerImage, distributorRegistration, house, record, recordImage, upload, user } from '../../db/schema';
import { multipartFile, TINY_PNG } from '../../test/multipart';
import { activeListings, insertReport, reportSubmitPayload, userIdOf } from '../../test/records';
import { createTestApp, HOSTS, type TestApp } from '../../test/test-app';
import { LOCAL_COMPANIES } from '../registration/company-registry';

/**
 * Decision 018: customers' proofs, report images and business
 * licences are private. Never served by their name alone; the answers that show them to a
 * user in scope carry short-lived signed URLs; a signed URL sent back is stored plain.
 */
let t: TestApp;
let dataDir: string;
let companyId: number;
let broker: string; // 13800000003, distributor 1
let other: string; // 13800000008, distributor 2
let auditor: string; // 13800000006
let admin: string; // 13800000007

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'baobei-private-'));
  t = await createTestApp({ config: { DATA_DIR: dataDir } });
  companyId = await t.companyIdOf(HOSTS.localhost);
  [broker, other, auditor, admin] = (await Promise.all(['13800000003', '13800000008', '13800000006', '13800000007'].map((p) => t.login(p)))) as [
    string,
    string,
    string,
    string,
  ];
});
afterAll(async () => {
  await t.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const SIGNED = /^\/uploads\/\d{4}\/\d{2}\/[0-9a-f]{32}\.png\?exp=\d+&sig=[\w-]+$/;
const post = (url: string, token: string | undefined, payload: object = {}) => t.call({ method: 'POST', url, token, payload });
const get = (url: string) => t.app.inject({ method: 'GET', url });

async function uploadAs(token: string): Promise<string> {
  const res = await t.call({ method: 'POST', url: '/api/upload/index', token, ...multipartFile(TINY_PNG, 'id.png', 'image/png') });
  expect(res.statusCode).toBe(200);
  return res.json().data.url as string;
}

/** Served through the signed URL, and never by the plain path. */
async function expectPrivate(signedUrl: string) {
  expect(signedUrl).toMatch(SIGNED);
  expect((await get(signedUrl)).statusCode).toBe(200);
  expect((await get(`/uploads/${uploadKeyOf(signedUrl)}`)).statusCode).toBe(404);
}

const plain = (url: string) => `/uploads/${uploadKeyOf(url)}`;

describe('customer pictures', () => {
  it('add-customer takes the signed URL back, stores it plain; the customer list signs it for its owner only', async () => {
    const signed = await uploadAs(broker);
    await expectPrivate(signed);
    const added = await post('/api/record/add-customer', broker, { name: '隐私测试', sex: 1, phone: '16600009901', telType: 0, customerPic: [signed], picConsent: true });
    expect(added.statusCode, added.body).toBe(200);
    const [row] = await t.database.db
      .select({ url: customerImage.url })
      .from(customerImage)
      .innerJoin(customer, eq(customer.id, customerImage.customerId))
      .where(and(eq(customer.companyId, companyId), eq(customer.phone, '16600009901')));
    expect(row!.url).toBe(plain(signed));

    const list = await t.call({ method: 'POST', url: '/api/record/get-customer-list', token: broker, payload: {} });
    expect(list.statusCode).toBe(200);
    const pics = (list.json().data as { list: { phone: string; customerPic: string[] }[] }[])
      .flatMap((g) => g.list)
      .find((c) => c.phone === '16600009901')!.customerPic;
    expect(pics).toHaveLength(1);
    expect(plain(pics[0]!)).toBe(plain(signed));
    await expectPrivate(pics[0]!);

    const theirs = await t.call({ method: 'POST', url: '/api/record/get-customer-list', token: other, payload: {} });
    expect(theirs.body).not.toContain(uploadKeyOf(signed)!);
  });

  it('report submit takes the signed URL back and stores it plain', async () => {
    const [h] = await activeListings(t, companyId, 1);
    await t.database.db.update(house).set({ reportLeadTime: 30, ruleTel: 'FULL', isNeedIdCard: false }).where(eq(house.id, h!.id));
    const signed = await uploadAs(broker);
    const res = await post('/api/record/post-record-data', broker, reportSubmitPayload([h!.id], { name: '隐私二', phone: '16600009902', customerPic: [signed] }));
    expect(res.statusCode, res.body).toBe(200);
    const [row] = await t.database.db.select({ pics: record.customerPics }).from(record).where(and(eq(record.companyId, companyId), eq(record.customerPhone, '16600009902')));
    expect(row!.pics).toEqual([plain(signed)]);
  });
});

describe('report images and customer proofs', () => {
  let id: number;
  let proof: string;
  let image: string;

  beforeAll(async () => {
    proof = plain(await uploadAs(broker));
    id = (
      await insertReport(t, companyId, {
        status: 'RECORDCOMPLETE',
        reporterId: await userIdOf(t, companyId, '13800000003'),
        auditorId: await userIdOf(t, companyId, '13800000006'),
        customerPics: [proof],
      })
    ).id;
    image = await uploadAs(broker);
    const res = await post('/api/record/upload-record-image', broker, { id, url: image });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.url).toMatch(SIGNED);
  });

  it('stores the attached image plain', async () => {
    const rows = await t.database.db.select({ url: recordImage.url }).from(recordImage).where(eq(recordImage.recordId, id));
    expect(rows.map((r) => r.url)).toEqual([plain(image)]);
  });

  it('the reporter and the report’s auditors get fresh signed URLs that open the pictures', async () => {
    for (const [token, url] of [
      [broker, '/api/record/get-record-data'],
      [auditor, '/api/record/get-record-data'],
      [admin, '/api/record/get-record-audit-data'],
    ] as const) {
      const res = await post(url, token, { id });
      expect(res.statusCode).toBe(200);
      const data = res.json().data as { images: { url: string }[]; customerInfo: { customerPic: string[] } };
      expect(data.images.map((i) => plain(i.url))).toEqual([plain(image)]);
      await expectPrivate(data.images[0]!.url);
      expect(data.customerInfo.customerPic.map(plain)).toEqual([proof]);
      await expectPrivate(data.customerInfo.customerPic[0]!);
    }
    const list = await post('/api/record/get-record-list?page=1&pageSize=50', broker, {});
    const item = (list.json().data.list as { id: number; customerInfo: { customerPic: string[] } }[]).find((r) => r.id === id);
    expect(item?.customerInfo.customerPic[0]).toMatch(SIGNED);
  });

  it('a user outside the report’s scope gets no URL of its pictures', async () => {
    const detail = await post('/api/record/get-record-data', other, { id });
    expect(detail.statusCode).toBe(404);
    expect(detail.body).not.toContain(uploadKeyOf(image)!);
    const list = await post('/api/record/get-record-list?page=1&pageSize=50', other, {});
    expect(list.statusCode).toBe(200);
    expect(list.body).not.toContain(uploadKeyOf(proof)!);
    // Guessing or knowing the name is not enough.
    expect((await get(plain(image))).statusCode).toBe(404);
    expect((await get(`${plain(image)}?exp=9999999999&sig=AAAA`)).statusCode).toBe(403);
  });
});

describe('business licences', () => {
  it('the anonymous upload is private; the review list signs it for the auditor admin', async () => {
    const body = multipartFile(TINY_PNG, 'licence.png', 'image/png');
    const up = await t.call({ method: 'POST', url: '/api/publicapi/upload-licence', payload: body.payload, headers: body.headers });
    expect(up.statusCode).toBe(200);
    const signed = up.json().data.url as string;
    await expectPrivate(signed);
    const [row] = await t.database.db.select().from(upload).where(eq(upload.storageKey, uploadKeyOf(signed)!));
    expect(row).toMatchObject({ userId: null, visibility: 'private' });

    const city = (await t.call({ method: 'GET', url: '/api/publicapi/get-city' })).json().data[0].children[0].value as number;
    const company = LOCAL_COMPANIES[LOCAL_COMPANIES.length - 1]!;
    const reg = await post('/api/publicapi/reg-distributor', undefined, {
      password: 'reg12345',
      companyLicenseName: company.name,
      name: company.name.slice(2, 6),
      managerName: '测试负责人',
      managerPhone: '13700009901',
      address: '海口市龙华区滨海大道100号',
      channelId: null,
      channelName: '',
      employeeId: null,
      businessLicensePic: signed,
      locationId: city,
      creditNo: company.creditNo,
    });
    expect(reg.statusCode, reg.body).toBe(200);
    const regId = reg.json().data.id as number;
    const [stored] = await t.database.db.select().from(distributorRegistration).where(eq(distributorRegistration.id, regId));
    expect(stored!.businessLicensePic).toBe(plain(signed));

    const list = await post('/api/publicapi/get-registration-list?page=1&pageSize=50', admin, {});
    const item = (list.json().data.list as { id: number; businessLicensePic: string }[]).find((x) => x.id === regId)!;
    expect(plain(item.businessLicensePic)).toBe(plain(signed));
    await expectPrivate(item.businessLicensePic);
    // Nobody else gets the list.
    expect((await post('/api/publicapi/get-registration-list?page=1&pageSize=50', broker, {})).statusCode).toBe(403);
  });
});

describe('public pictures', () => {
  it('listing pictures stay public and cacheable', async () => {
    const [h] = await activeListings(t, companyId, 1);
    const detail = await t.call({ method: 'POST', url: '/api/index/get-house-data', token: broker, payload: { id: h!.id } });
    expect(detail.statusCode, detail.body).toBe(200);
    const urls = [...detail.body.matchAll(/"(\/(?:assets|uploads)\/[^"?]+\.(?:jpg|png|webp|svg))"/g)].map((m) => m[1]!);
    expect(urls.length).toBeGreaterThan(0);
    const res = await get(urls[0]!);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toMatch(/public|max-age=\d+/);
  });

  it('an avatar is public: set from its URL, it is stored plain and served to anyone', async () => {
    const up = await t.call({ method: 'POST', url: '/api/upload/index?purpose=avatar', token: broker, ...multipartFile(TINY_PNG, 'me.png', 'image/png') });
    expect(up.statusCode).toBe(200);
    const signed = up.json().data.url as string;
    const res = await post('/api/user/update-info', broker, { avatar: signed });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.avatar).toBe(plain(signed));
    const served = await get(plain(signed));
    expect(served.statusCode).toBe(200);
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('an upload stored before this change is private unless a public place shows it (migration 0008)', async () => {
    // The column's default is private: a row that says nothing is not public.
    const key = '2020/02/eeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee.png';
    await t.database.db.insert(upload).values({ companyId, userId: null, storageKey: key, mime: 'image/png', size: 1, sha256: '0'.repeat(64) });
    const [row] = await t.database.db.select({ visibility: upload.visibility }).from(upload).where(eq(upload.storageKey, key));
    expect(row!.visibility).toBe('private');

    // The migration's own UPDATE: an avatar's upload becomes public, an unreferenced one stays private.
    const avatarKey = '2020/02/dddddddddddddddddddddddddddddddd.png';
    await t.database.db.insert(upload).values({ companyId, userId: null, storageKey: avatarKey, mime: 'image/png', size: 1, sha256: '0'.repeat(64) });
    await t.database.db.update(user).set({ avatar: `/uploads/${avatarKey}` }).where(and(eq(user.companyId, companyId), eq(user.phone, '13800000002')));
    const migration = readFileSync(fileURLToPath(new URL('../../db/migrations/0008_private_uploads.sql', import.meta.url)), 'utf8');
    const update = migration.split('--> statement-breakpoint').map((part) => part.trim()).find((part) => part.startsWith('UPDATE'))!;
    await t.database.db.execute(sql.raw(update));
    const rows = await t.database.db.select({ key: upload.storageKey, visibility: upload.visibility }).from(upload).where(inArray(upload.storageKey, [key, avatarKey]));
    expect(Object.fromEntries(rows.map((r) => [r.key, r.visibility]))).toEqual({ [key]: 'private', [avatarKey]: 'public' });
  });
});
