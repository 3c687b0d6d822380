import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { testConfig } from '../config';
import { queryRows } from '../db/client';
import { company, house, housePicture, indexBanner, indexNav, user } from '../db/schema';
import { startTestS3, TEST_S3, testS3Settings } from '../modules/upload/storage/test-s3-server';
import { CONSOLE_ACCOUNTS, DEMO_ACCOUNTS } from '../test/accounts';
import { multipartFile, TINY_PNG } from '../test/multipart';
import { createTestApp, type TestApp } from '../test/test-app';

/**
 * Issue 34 item 2 (docs/decisions/098): a stored picture is its key's path, and its address is
 * made when answering from the storage settings of the day. The app uploads and saves through
 * its routes with one CDN in front of the bucket; a second app on the same database, as after a
 * restore into a replica bucket behind another CDN, answers every picture kind at the new address.
 */
const SECRET = 'picture-addresses-test-secret-0123456789';
const CDN_A = 'https://cdn-a.example.com';
const CDN_B = 'https://cdn-b.example.com';
const KEY = /\d{4}\/\d{2}\/[0-9a-f]{32}\.[a-z]{3,4}/;

let s3: Awaited<ReturnType<typeof startTestS3>>;
let t: TestApp;
let replica: FastifyInstance;
let companyId: number;

const s3Config = (publicBase: string) => ({
  EXTERNAL_LINK_SECRET: SECRET,
  ...testS3Settings(s3.endpoint),
  S3_PUBLIC_BASE_URL: publicBase,
});

beforeAll(async () => {
  s3 = await startTestS3();
  t = await createTestApp({ config: s3Config(CDN_A) });
  replica = await buildApp(testConfig(s3Config(CDN_B)), t.database);
  const [row] = await queryRows<{ id: number }>(t.database.db, sql`select company_id as id from company_host where host = 'localhost'`);
  companyId = row!.id;
}, 60_000);
afterAll(async () => {
  await replica?.close();
  await t?.close();
  await s3?.close();
});

async function upload(url: string, token: string): Promise<string> {
  const res = await t.call({ method: 'POST', url, token, ...multipartFile(TINY_PNG, 'picture.png', 'image/png') });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.url as string;
}

/** The answer of `url` on `app` as the page host localhost asks it. */
async function answer(app: FastifyInstance, method: 'GET' | 'POST', url: string, token?: string, payload?: object): Promise<string> {
  const res = await app.inject({
    method,
    url,
    headers: { host: 'localhost', companyid: String(companyId), ...(token ? { authorization: token } : {}) },
    ...(payload ? { payload } : {}),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.body;
}

/** Every address of `key` in an answer. */
const addressesOf = (body: string, key: string) => [...body.matchAll(new RegExp(`"([^"]*${key.replace(/[./]/g, '\\$&')}[^"]*)"`, 'g'))].map((m) => m[1]!);

describe('pictures stored as keys, addressed when answering (STORAGE=s3)', () => {
  it('stores what the console and the profile save as its key path, and answers the CDN of the day for every kind', async () => {
    const operator = await t.consoleLogin(CONSOLE_ACCOUNTS.operator);
    const logoUrl = await upload('/api/admin/upload/index', operator);
    expect(logoUrl.startsWith(`${CDN_A}/public/`)).toBe(true);
    const logoKey = KEY.exec(logoUrl)![0];

    // The console sends back the address it was given; the company keeps the key's path.
    const brand = JSON.parse(await answer(t.app, 'GET', '/api/admin/company/get-brand', operator)) as { data: { version: number } };
    const saved = await t.call({ method: 'POST', url: '/api/admin/company/update-brand', token: operator, payload: { version: brand.data.version, logo: logoUrl, subLogo: logoUrl, favicon: logoUrl } });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data.logo).toBe(logoUrl);
    const [stored] = await t.database.db.select({ logo: company.logo, subLogo: company.subLogo, favicon: company.favicon }).from(company).where(eq(company.id, companyId));
    expect(stored).toEqual({ logo: `/uploads/${logoKey}`, subLogo: `/uploads/${logoKey}`, favicon: `/uploads/${logoKey}` });

    // The broker's avatar, a public upload: kept as its path too.
    const broker = await t.login(DEMO_ACCOUNTS.broker);
    const avatarUrl = await upload('/api/upload/index?purpose=avatar', broker);
    const avatarKey = KEY.exec(avatarUrl)![0];
    const profile = await t.call({ method: 'POST', url: '/api/user/update-info', token: broker, payload: { avatar: avatarUrl } });
    expect(profile.statusCode, profile.body).toBe(200);
    const [me] = await t.database.db.select({ avatar: user.avatar }).from(user).where(and(eq(user.companyId, companyId), eq(user.phone, DEMO_ACCOUNTS.broker)));
    expect(me!.avatar).toBe(`/uploads/${avatarKey}`);

    // Home content and a listing's album, as the console left them before decision 098 (the
    // address of the day, not the key): the answers make it the current one all the same.
    const legacy = `${CDN_A}/public/${logoKey}`;
    const [banner] = await t.database.db.select({ id: indexBanner.id }).from(indexBanner).where(eq(indexBanner.companyId, companyId)).limit(1);
    await t.database.db.update(indexBanner).set({ image: legacy }).where(eq(indexBanner.id, banner!.id));
    const [nav] = await t.database.db.select({ id: indexNav.id }).from(indexNav).where(eq(indexNav.companyId, companyId)).limit(1);
    await t.database.db.update(indexNav).set({ icon: `/uploads/${logoKey}` }).where(eq(indexNav.id, nav!.id));
    const [listing] = await t.database.db.select({ id: house.id }).from(house).where(and(eq(house.companyId, companyId), eq(house.active, true))).limit(1);
    await t.database.db.insert(housePicture).values({ houseId: listing!.id, picType: 'REAL', albumName: '实景图', picUrl: `/uploads/${logoKey}`, sort: 99 });

    const reads = async (app: FastifyInstance) => ({
      company: await answer(app, 'GET', '/api/index/get-company?host=localhost'),
      home: await answer(app, 'GET', '/api/index/get-index-data'),
      listing: await answer(app, 'POST', '/api/index/get-house-data', broker, { id: listing!.id }),
      me: await answer(app, 'GET', '/api/index/get-init-config', broker),
    });
    for (const [app, cdn] of [[t.app, CDN_A], [replica, CDN_B]] as const) {
      const got = await reads(app);
      // logo, subLogo, favicon; a banner and a nav; the album picture; the avatar.
      expect(addressesOf(got.company, logoKey)).toEqual([`${cdn}/public/${logoKey}`, `${cdn}/public/${logoKey}`, `${cdn}/public/${logoKey}`]);
      expect(addressesOf(got.home, logoKey).length).toBeGreaterThanOrEqual(2);
      expect(new Set(addressesOf(got.home, logoKey))).toEqual(new Set([`${cdn}/public/${logoKey}`]));
      expect(new Set(addressesOf(got.listing, logoKey))).toEqual(new Set([`${cdn}/public/${logoKey}`]));
      expect(addressesOf(got.me, avatarKey)).toEqual([`${cdn}/public/${avatarKey}`]);
    }
    // What the replica answers is read from its bucket: the object is there under that key.
    expect((await fetch(`${s3.endpoint}/${TEST_S3.bucket}/public/${logoKey}`)).status).toBe(200);
  });

  it('leaves a private picture signed: it is never answered at a public address', async () => {
    const broker = await t.login(DEMO_ACCOUNTS.broker);
    const proof = await upload('/api/upload/index', broker);
    expect(proof).toMatch(/\/private\/.*X-Amz-Signature=/);
    const key = KEY.exec(proof)![0];
    expect(proof).not.toContain(`${CDN_A}/public/${key}`);
  });

  it('migration 0043 turns every stored bucket address of a public picture into its key path, and nothing else', async () => {
    const key = '2026/11/0123456789abcdef0123456789abcdef.png';
    const values = {
      bucket: `http://127.0.0.1:9000/baobei/public/${key}`,
      cdn: `${CDN_A}/public/${key}`,
      demo: '/assets/demo/logo.svg',
      typed: 'https://example.com/logo.png',
      signed: `${CDN_A}/private/${key}?X-Amz-Signature=abc`,
    };
    await t.database.db.update(company).set({ logo: values.bucket, subLogo: values.cdn, favicon: values.demo }).where(eq(company.id, companyId));
    const [nav] = await t.database.db.select({ id: indexNav.id }).from(indexNav).where(eq(indexNav.companyId, companyId)).limit(1);
    await t.database.db.update(indexNav).set({ icon: values.typed }).where(eq(indexNav.id, nav!.id));
    await t.database.db.update(user).set({ avatar: values.signed }).where(and(eq(user.companyId, companyId), eq(user.phone, DEMO_ACCOUNTS.broker)));

    const file = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../db/migrations/0043_picture_keys.sql');
    for (const statement of readFileSync(file, 'utf8').split('--> statement-breakpoint')) await t.database.db.execute(sql.raw(statement));

    const [stored] = await t.database.db.select({ logo: company.logo, subLogo: company.subLogo, favicon: company.favicon }).from(company).where(eq(company.id, companyId));
    expect(stored).toEqual({ logo: `/uploads/${key}`, subLogo: `/uploads/${key}`, favicon: values.demo });
    const [icon] = await t.database.db.select({ icon: indexNav.icon }).from(indexNav).where(eq(indexNav.id, nav!.id));
    expect(icon!.icon).toBe(values.typed);
    const [me] = await t.database.db.select({ avatar: user.avatar }).from(user).where(and(eq(user.companyId, companyId), eq(user.phone, DEMO_ACCOUNTS.broker)));
    expect(me!.avatar).toBe(values.signed);
  });
});
