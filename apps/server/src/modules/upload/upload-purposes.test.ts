import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { messages } from '@baobei/shared/messages';
import { uploadKeyOf } from '@baobei/shared/rules/upload-url';
import { company, customer, distributorRegistration, house, record, recordImage, upload, user } from '../../db/schema';
import { CONSOLE_ACCOUNTS } from '../../test/accounts';
import { multipartFile, TINY_PNG } from '../../test/multipart';
import { activeListings, insertReport, reportSubmitPayload, userIdOf } from '../../test/records';
import { createTestApp, HOSTS, type TestApp } from '../../test/test-app';
import { LOCAL_COMPANIES } from '../registration/company-registry';

/**
 * Issue 26, item 9 (docs/decisions/062): an upload is attached only where its purpose belongs,
 * and a private one only by its own uploader. An avatar (public) is never a customer's proof, a
 * report image or a contract; a proof is never an avatar or a listing picture; a licence is the
 * registration's own anonymous upload.
 */
let t: TestApp;
let companyId: number;
let broker: string; // 13800000003
let colleague: string; // 13800000002, the broker's shop manager
let operator: string; // the console's
let ip = 0;
const nextIp = () => `10.62.${(++ip >> 8) & 255}.${ip & 255}`;

beforeAll(async () => {
  t = await createTestApp();
  companyId = await t.companyIdOf(HOSTS.localhost);
  [broker, colleague] = (await Promise.all(['13800000003', '13800000002'].map((p) => t.login(p)))) as [string, string];
  const sign = await t.call({ method: 'POST', url: '/api/admin/auth/sign', remoteAddress: nextIp(), payload: { phone: CONSOLE_ACCOUNTS.operator, password: '123456' } });
  expect(sign.statusCode, sign.body).toBe(200);
  operator = sign.json().data.token as string;
});
afterAll(async () => {
  await t.close();
});

const post = (url: string, token: string | undefined, payload: object = {}) => t.call({ method: 'POST', url, token, payload, remoteAddress: nextIp() });
const plain = (url: string) => `/uploads/${uploadKeyOf(url)}`;

async function uploadTo(url: string, token: string | undefined): Promise<string> {
  const res = await t.call({ method: 'POST', url, token, remoteAddress: nextIp(), ...multipartFile(TINY_PNG, 'x.png', 'image/png') });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.url as string;
}
const proofOf = (token: string) => uploadTo('/api/upload/index', token);
const avatarOf = (token: string) => uploadTo('/api/upload/index?purpose=avatar', token);
const consolePicture = () => uploadTo('/api/admin/upload/index', operator);
const licence = () => uploadTo('/api/publicapi/upload-licence', undefined);

const customersWithPhone = async (phone: string) =>
  (await t.database.db.select({ id: customer.id }).from(customer).where(and(eq(customer.companyId, companyId), eq(customer.phone, phone)))).length;

describe('customers’ proofs', () => {
  const addCustomer = (token: string, phone: string, customerPic: string[]) =>
    post('/api/record/add-customer', token, { name: '用途测试', sex: 1, phone, telType: 0, customerPic, picConsent: true });

  it('refuses an avatar as a customer’s proof: 400, nothing saved, the avatar stays public only as an avatar', async () => {
    const avatar = await avatarOf(broker);
    const res = await addCustomer(broker, '16600006201', [avatar]);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().msg).toBe(messages.upload.wrongPurpose('客户资质图片'));
    expect(await customersWithPhone('16600006201')).toBe(0);
  });

  it('refuses a console picture as a customer’s proof', async () => {
    const res = await addCustomer(broker, '16600006202', [await consolePicture()]);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().msg).toBe(messages.recordServer.picNotOwned);
    expect(await customersWithPhone('16600006202')).toBe(0);
  });

  it('refuses another user’s private proof, signed URL or plain path', async () => {
    const theirs = await proofOf(colleague);
    for (const [i, url] of [theirs, plain(theirs)].entries()) {
      const phone = `1660000621${i}`;
      const res = await addCustomer(broker, phone, [url]);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().msg).toBe(messages.recordServer.picNotOwned);
      expect(await customersWithPhone(phone)).toBe(0);
    }
  });

  it('refuses a licence upload as a customer’s proof', async () => {
    const res = await addCustomer(broker, '16600006203', [await licence()]);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().msg).toBe(messages.recordServer.picNotOwned);
  });

  it('takes the user’s own proof', async () => {
    const mine = await proofOf(broker);
    const res = await addCustomer(broker, '16600006204', [mine]);
    expect(res.statusCode, res.body).toBe(200);
    expect(await customersWithPhone('16600006204')).toBe(1);
  });

  it('report submit refuses an avatar among the customer’s pictures and saves no report', async () => {
    const [h] = await activeListings(t, companyId, 1);
    await t.database.db.update(house).set({ reportLeadTime: 30, ruleTel: 'FULL', isNeedIdCard: false }).where(eq(house.id, h!.id));
    const avatar = await avatarOf(broker);
    const res = await post('/api/record/post-record-data', broker, reportSubmitPayload([h!.id], { name: '用途二', phone: '16600006205', customerPic: [avatar] }));
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().msg).toBe(messages.upload.wrongPurpose('客户资质图片'));
    const rows = await t.database.db.select({ id: record.id }).from(record).where(and(eq(record.companyId, companyId), eq(record.customerPhone, '16600006205')));
    expect(rows).toHaveLength(0);
  });
});

describe('report images', () => {
  it('take the user’s own proof upload only: an avatar or another user’s proof is refused', async () => {
    const { id } = await insertReport(t, companyId, {
      status: 'RECORDCOMPLETE',
      reporterId: await userIdOf(t, companyId, '13800000003'),
      auditorId: await userIdOf(t, companyId, '13800000006'),
    });
    const avatar = await post('/api/record/upload-record-image', broker, { id, url: await avatarOf(broker) });
    expect(avatar.statusCode, avatar.body).toBe(400);
    expect(avatar.json().msg).toBe(messages.upload.wrongPurpose('图片'));
    const theirs = await post('/api/record/upload-record-image', broker, { id, url: await proofOf(colleague) });
    expect(theirs.statusCode, theirs.body).toBe(400);
    expect(theirs.json().msg).toBe(messages.recordServer.picNotOwned);
    expect(await t.database.db.select().from(recordImage).where(eq(recordImage.recordId, id))).toHaveLength(0);
    const mine = await post('/api/record/upload-record-image', broker, { id, url: await proofOf(broker) });
    expect(mine.statusCode, mine.body).toBe(200);
  });
});

describe('avatars', () => {
  it('a private proof never becomes an avatar: refused, and still not served by its name', async () => {
    const proof = await proofOf(broker);
    const res = await post('/api/user/update-info', broker, { avatar: proof });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().msg).toBe(messages.upload.wrongPurpose('头像'));
    expect((await t.app.inject({ method: 'GET', url: plain(proof) })).statusCode).toBe(404);
    const [row] = await t.database.db.select({ visibility: upload.visibility }).from(upload).where(eq(upload.storageKey, uploadKeyOf(proof)!));
    expect(row!.visibility).toBe('private');
  });

  it('another user’s avatar is refused; one’s own avatar upload works', async () => {
    const theirs = await post('/api/user/update-info', broker, { avatar: await avatarOf(colleague) });
    expect(theirs.statusCode, theirs.body).toBe(400);
    expect(theirs.json().msg).toBe(messages.profile.avatarInvalid);
    const mine = await avatarOf(broker);
    const res = await post('/api/user/update-info', broker, { avatar: mine });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.avatar).toBe(plain(mine));
  });
});

describe('business licences', () => {
  const city = async () => (await t.call({ method: 'GET', url: '/api/publicapi/get-city' })).json().data[0].children[0].value as number;
  const register = async (which: number, managerPhone: string, businessLicensePic: string) => {
    const c = LOCAL_COMPANIES[LOCAL_COMPANIES.length - which]!;
    return post('/api/publicapi/reg-distributor', undefined, {
      password: 'reg12345',
      companyLicenseName: c.name,
      name: c.name.slice(2, 6),
      managerName: '测试负责人',
      managerPhone,
      address: '海口市龙华区滨海大道100号',
      channelId: null,
      channelName: '',
      employeeId: null,
      businessLicensePic,
      locationId: await city(),
      creditNo: c.creditNo,
    });
  };
  const pendingOf = async (phone: string) =>
    (await t.database.db.select({ id: distributorRegistration.id }).from(distributorRegistration).where(eq(distributorRegistration.managerPhone, phone))).length;

  it('refuses an avatar, a proof or a console picture as a licence', async () => {
    for (const [i, url] of [await avatarOf(broker), await proofOf(broker), await consolePicture()].entries()) {
      const phone = `1370000620${i}`;
      const res = await register(1, phone, url);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().msg).toBe(messages.registration.licenceInvalid);
      expect(await pendingOf(phone)).toBe(0);
    }
  });

  it('takes the registration’s own licence upload, and refuses it to another registrant', async () => {
    const own = await licence();
    const first = await register(1, '13700006211', own);
    expect(first.statusCode, first.body).toBe(200);
    const other = await register(2, '13700006212', own);
    expect(other.statusCode, other.body).toBe(400);
    expect(other.json().msg).toBe(messages.registration.licenceInvalid);
    expect(await pendingOf('13700006212')).toBe(0);
    // Their own upload goes through.
    const theirs = await register(2, '13700006212', await licence());
    expect(theirs.statusCode, theirs.body).toBe(200);
  });
});

describe('the console’s pictures', () => {
  it('a banner takes a console upload; an app user’s avatar or proof is refused naming the field', async () => {
    // A proof's path as it is stored (its signed URL is no address the console's fields take).
    for (const url of [await avatarOf(broker), plain(await proofOf(broker))]) {
      const res = await post('/api/admin/home/banner/create', operator, { image: url, title: '用途轮播', link: '/house/list' });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toMatchObject({ msg: messages.upload.wrongPurpose('图片'), data: { field: 'image' } });
    }
    const ok = await post('/api/admin/home/banner/create', operator, { image: await consolePicture(), title: '用途轮播', link: '/house/list' });
    expect(ok.statusCode, ok.body).toBe(200);
  });

  it('a listing’s album refuses an avatar; the pictures it already has are kept on a save', async () => {
    const [h] = await activeListings(t, companyId, 1);
    const got = (await t.call({ method: 'GET', url: `/api/admin/house/get?id=${h!.id}`, token: operator })).json().data as { version: number; albums: unknown[] };
    const album = (picUrl: string) => ({ picType: 'REAL', albumName: '实景图', picUrl, description: '' });
    const refused = await post('/api/admin/house/update', operator, { id: h!.id, version: got.version, albums: [...got.albums, album(await avatarOf(broker))] });
    expect(refused.statusCode, refused.body).toBe(400);
    expect(refused.json()).toMatchObject({ msg: messages.upload.wrongPurpose('相册图片'), data: { field: 'albums' } });
    const saved = await post('/api/admin/house/update', operator, { id: h!.id, version: got.version, albums: [...got.albums, album(await consolePicture())] });
    expect(saved.statusCode, saved.body).toBe(200);
  });

  it('the brand’s logo refuses an app avatar', async () => {
    const got = await t.call({ method: 'GET', url: '/api/admin/company/get-brand', token: operator });
    expect(got.statusCode, got.body).toBe(200);
    const brand = got.json().data as { version: number };
    const res = await post('/api/admin/company/update-brand', operator, { version: brand.version, logo: await avatarOf(broker) });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({ msg: messages.upload.wrongPurpose('Logo'), data: { field: 'logo' } });
  });
});

describe('migration 0026', () => {
  it('gives existing uploads their purpose: licence, avatar, console picture by place or uploader, else a proof', async () => {
    const brokerId = await userIdOf(t, companyId, '13800000003');
    const [op] = await t.database.db.select({ id: user.id }).from(user).where(and(eq(user.companyId, companyId), eq(user.phone, CONSOLE_ACCOUNTS.operator)));
    const key = (c: string) => `2020/03/${c.repeat(32)}.png`;
    const rows = [
      { key: key('1'), userId: null, visibility: 'private' as const },
      { key: key('2'), userId: brokerId, visibility: 'public' as const }, // the shop manager's avatar
      { key: key('3'), userId: brokerId, visibility: 'public' as const }, // a listing's picture
      { key: key('4'), userId: op!.id, visibility: 'public' as const }, // a console upload not placed yet
      { key: key('5'), userId: brokerId, visibility: 'public' as const }, // an avatar upload not set
      { key: key('6'), userId: brokerId, visibility: 'private' as const }, // a proof, even if a place names it
    ];
    await t.database.db.insert(upload).values(
      rows.map((r) => ({ companyId, userId: r.userId, storageKey: r.key, mime: 'image/png', size: 1, sha256: '0'.repeat(64), visibility: r.visibility, purpose: 'picture' as const })),
    );
    await t.database.db.update(user).set({ avatar: `/uploads/${key('2')}` }).where(and(eq(user.companyId, companyId), eq(user.phone, '13800000002')));
    const [h] = await activeListings(t, companyId, 1);
    await t.database.db.update(house).set({ buildingDiagram: `/uploads/${key('3')}` }).where(eq(house.id, h!.id));
    await t.database.db.update(company).set({ favicon: `/uploads/${key('6')}` }).where(eq(company.id, companyId));
    const migration = readFileSync(fileURLToPath(new URL('../../db/migrations/0026_upload_purpose.sql', import.meta.url)), 'utf8');
    const update = migration.split('--> statement-breakpoint').map((part) => part.trim()).find((part) => part.startsWith('UPDATE'))!;
    await t.database.db.execute(sql.raw(update));
    const found = await t.database.db.select({ key: upload.storageKey, purpose: upload.purpose }).from(upload).where(inArray(upload.storageKey, rows.map((r) => r.key)));
    expect(Object.fromEntries(found.map((r) => [r.key, r.purpose]))).toEqual({
      [key('1')]: 'licence',
      [key('2')]: 'avatar',
      [key('3')]: 'console',
      [key('4')]: 'console',
      [key('5')]: 'avatar',
      [key('6')]: 'picture',
    });
  });
});
