import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { messages } from '@baobei/shared/messages';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { multipartFile, TINY_PNG } from '../../test/multipart';
import { startFakeCompanyRegistry, type FakeCompanyRegistry } from '../../test/fake-company-registry';
import { createTestApp, type TestApp } from '../../test/test-app';
import { CompanyRegistryUnavailableError } from './company-registry';
import { createHttpCompanyRegistry } from './company-registry-http';
import { REGISTRATION_LIMITS } from './registration-service';

const registrationText = messages.registration;
const account = { key: 'fake-registry-key-0001', secret: 'fake-registry-secret' };
/** Valid GB 32100 codes; the last one's code is malformed, as an old registration may be. */
const COMPANIES = [
  { Name: '海南椰风房产经纪有限公司', CreditCode: '91460100MA5T103777' },
  { Name: '海口府城房产服务有限公司', CreditCode: '91460100MA5T1074EG' },
  { Name: '三亚天涯置业服务有限公司', CreditCode: '91460200MA5T1592KJ' },
  { Name: '海口老字号房产商行', CreditCode: '4601001000123' },
];
const TIMEOUT_MS = 300;

let fake: FakeCompanyRegistry;
beforeAll(async () => {
  fake = await startFakeCompanyRegistry(account, COMPANIES);
});
afterAll(() => fake.close());
beforeEach(() => {
  fake.received = [];
  fake.reply = { kind: 'normal' };
});

async function failureOf(lookup: Promise<unknown>): Promise<CompanyRegistryUnavailableError> {
  const error = await lookup.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(CompanyRegistryUnavailableError);
  return error as CompanyRegistryUnavailableError;
}

describe('the HTTP company registry adapter against a local fake', () => {
  const reasons: string[] = [];
  const registry = (secret = account.secret) =>
    createHttpCompanyRegistry({ baseUrl: `${fake.url}/`, key: account.key, secret, timeoutMs: TIMEOUT_MS, onUnavailable: (r) => reasons.push(r) });

  it('signs each call and searches by keyword', async () => {
    const found = await registry().search('  海口 ', 20);
    expect(found.map((c) => c.name)).toEqual(['海口府城房产服务有限公司', '海口老字号房产商行']);
    expect(fake.received).toHaveLength(1);
    expect(fake.received[0]).toMatchObject({ path: '/api/fuzzy-search', key: account.key, keyword: '海口', signatureValid: true });
    expect(Math.abs(Number(fake.received[0]!.timespan) - Date.now() / 1000)).toBeLessThan(5);
  });

  it('keeps at most the limit, and answers an empty keyword without a call', async () => {
    expect(await registry().search('有限公司', 2)).toHaveLength(2);
    expect(await registry().search('   ', 20)).toEqual([]);
    expect(fake.received).toHaveLength(1);
  });

  it("takes status '201' as no result", async () => {
    expect(await registry().search('不存在', 20)).toEqual([]);
    expect(await registry().findByName('不存在的公司')).toBeUndefined();
    expect(fake.received.map((r) => r.path)).toEqual(['/api/fuzzy-search', '/api/basic-info']);
  });

  it('looks up the credit code by exact name, and offers none of a malformed code', async () => {
    expect(await registry().findByName(' 三亚天涯置业服务有限公司 ')).toEqual({ name: '三亚天涯置业服务有限公司', creditNo: '91460200MA5T1592KJ' });
    expect(fake.received[0]).toMatchObject({ path: '/api/basic-info', keyword: '三亚天涯置业服务有限公司', signatureValid: true });
    expect(await registry().findByName('海口老字号房产商行')).toBeUndefined();
  });

  it('a wrong secret is the provider refusing the signature: unavailable, not "no such company"', async () => {
    const failure = await failureOf(registry('another-secret').findByName('海南椰风房产经纪有限公司'));
    expect(fake.received[0]!.signatureValid).toBe(false);
    expect(failure.reason).toMatch(/Status 107/);
    expect(reasons.at(-1)).toBe(failure.reason);
  });

  it('an error status, an HTTP error or an unreadable answer is unavailable', async () => {
    fake.reply = { kind: 'status', httpStatus: 200, body: JSON.stringify({ Status: '112', Message: '您的账号剩余使用量已不足', Result: null }) };
    expect((await failureOf(registry().search('海口', 20))).reason).toMatch(/Status 112/);
    fake.reply = { kind: 'status', httpStatus: 502, body: 'bad gateway' };
    expect((await failureOf(registry().findByName('海南椰风房产经纪有限公司'))).reason).toMatch(/HTTP 502/);
    fake.reply = { kind: 'status', httpStatus: 200, body: '<html>maintenance</html>' };
    expect((await failureOf(registry().search('海口', 20))).reason).toMatch(/not JSON/);
    fake.reply = { kind: 'status', httpStatus: 200, body: JSON.stringify({ Status: '200', Result: { Name: '海口' } }) };
    expect((await failureOf(registry().search('海口', 20))).reason).toMatch(/not a list/);
  });

  it('an answer later than the timeout is unavailable, and the call ends at the timeout', async () => {
    fake.reply = { kind: 'slow', delayMs: TIMEOUT_MS * 10 };
    const started = Date.now();
    expect((await failureOf(registry().search('海口', 20))).reason).toMatch(/no answer in 300 ms/);
    expect(Date.now() - started).toBeLessThan(TIMEOUT_MS * 5);
  });

  it('a closed port is unavailable', async () => {
    const closed = createHttpCompanyRegistry({ baseUrl: 'http://127.0.0.1:9/api', key: account.key, secret: account.secret, timeoutMs: TIMEOUT_MS });
    await failureOf(closed.findByName('海南椰风房产经纪有限公司'));
  });
});

describe('registration lookups with COMPANY_REGISTRY=http', () => {
  let t: TestApp;
  let dataDir: string;
  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'baobei-registry-http-'));
    t = await createTestApp({
      config: {
        DATA_DIR: dataDir,
        COMPANY_REGISTRY: 'http',
        COMPANY_REGISTRY_URL: fake.url,
        COMPANY_REGISTRY_KEY: account.key,
        COMPANY_REGISTRY_SECRET: account.secret,
        COMPANY_REGISTRY_TIMEOUT_MS: String(TIMEOUT_MS),
      },
    });
  });
  afterAll(async () => {
    await t.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const search = (keyword: string) => t.call({ method: 'GET', url: `/api/publicapi/get-company-by-keyword?keyword=${encodeURIComponent(keyword)}` });
  const byName = (name: string) => t.call({ method: 'GET', url: `/api/publicapi/get-company-by-name?name=${encodeURIComponent(name)}` });

  it('searches and looks up through the registry', async () => {
    const found = await search('三亚');
    expect(found.statusCode).toBe(200);
    expect(found.json().data).toEqual([{ name: '三亚天涯置业服务有限公司' }]);
    const credit = await byName('三亚天涯置业服务有限公司');
    expect(credit.json().data).toEqual({ name: '三亚天涯置业服务有限公司', creditNo: '91460200MA5T1592KJ' });
    expect(fake.received.map((r) => [r.path, r.keyword, r.signatureValid])).toEqual([
      ['/api/fuzzy-search', '三亚', true],
      ['/api/basic-info', '三亚天涯置业服务有限公司', true],
    ]);
  });

  it('no result: an empty list and a 404, as with the built-in list', async () => {
    expect((await search('三沙')).json().data).toEqual([]);
    const unknown = await byName('三沙永兴岛房产经纪有限公司');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().msg).toBe(registrationText.companyNotFound);
  });

  it('a registry that fails or is slow answers 503, which the form takes to the manual path', async () => {
    for (const reply of [
      { kind: 'status', httpStatus: 500, body: 'error' },
      { kind: 'status', httpStatus: 200, body: JSON.stringify({ Status: '101', Message: '无效的key', Result: null }) },
      { kind: 'slow', delayMs: TIMEOUT_MS * 10 },
    ] as const) {
      fake.reply = reply;
      for (const res of [await search('海口'), await byName('海南椰风房产经纪有限公司')]) {
        expect(res.statusCode).toBe(503);
        expect(res.json().msg).toBe(registrationText.companyLookupUnavailable);
      }
    }
  });

  it('submission: a known company must bring the registry code; a registry that fails lets the typed code go to review', async () => {
    const licence = multipartFile(TINY_PNG, 'licence.png', 'image/png');
    const upload = await t.call({ method: 'POST', url: '/api/publicapi/upload-licence', payload: licence.payload, headers: licence.headers });
    expect(upload.statusCode, upload.body).toBe(200);
    const city = await t.call({ method: 'GET', url: '/api/publicapi/get-city' });
    const body = {
      password: 'reg12345',
      companyLicenseName: '海南椰风房产经纪有限公司',
      name: '椰风房产',
      managerName: '测试负责人',
      managerPhone: '13700009001',
      address: '海口市龙华区滨海大道100号',
      channelId: null,
      channelName: '',
      employeeId: null,
      businessLicensePic: upload.json().data.url as string,
      locationId: city.json().data[0].children[0].value as number,
      // Another company's valid code.
      creditNo: '91460100MA5T1074EG',
    };
    const refused = await t.call({ method: 'POST', url: '/api/publicapi/reg-distributor', payload: body });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().msg).toBe(registrationText.creditNoMismatch);
    // A name the registry has not been asked about (the answer above is cached a few minutes).
    fake.reply = { kind: 'status', httpStatus: 503, body: 'down' };
    const accepted = await t.call({
      method: 'POST',
      url: '/api/publicapi/reg-distributor',
      payload: { ...body, companyLicenseName: '海口府城房产服务有限公司', creditNo: '91460100MA5T103777' },
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
  });

  const searchFrom = (keyword: string, remoteAddress: string) =>
    t.call({ method: 'GET', url: `/api/publicapi/get-company-by-keyword?keyword=${encodeURIComponent(keyword)}`, remoteAddress });
  const byNameFrom = (name: string, remoteAddress: string) =>
    t.call({ method: 'GET', url: `/api/publicapi/get-company-by-name?name=${encodeURIComponent(name)}`, remoteAddress });

  it('answers identical lookups from a short cache: one registry call each, a failure is not kept', async () => {
    for (const keyword of ['海南椰风', ' 海南椰风 ', '海南椰风', '海南椰风']) {
      const res = await searchFrom(keyword, '10.30.0.1');
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toEqual([{ name: '海南椰风房产经纪有限公司' }]);
    }
    const concurrent = await Promise.all([1, 2, 3].map(() => byNameFrom('海口老字号房产商行', '10.30.0.2')));
    expect(concurrent.map((r) => r.statusCode)).toEqual([404, 404, 404]);
    expect(fake.received.map((r) => [r.path, r.keyword])).toEqual([
      ['/api/fuzzy-search', '海南椰风'],
      ['/api/basic-info', '海口老字号房产商行'],
    ]);

    fake.received = [];
    fake.reply = { kind: 'status', httpStatus: 500, body: 'error' };
    expect((await searchFrom('琼海', '10.30.0.3')).statusCode).toBe(503);
    fake.reply = { kind: 'normal' };
    expect((await searchFrom('琼海', '10.30.0.3')).statusCode).toBe(200);
    expect(fake.received.map((r) => r.keyword)).toEqual(['琼海', '琼海']);
  });

  it('limits the lookups of one address (an IPv6 client by its /64): past the limit 429 and no registry call', async () => {
    const limit = REGISTRATION_LIMITS.lookupsPerIpPerHour;
    for (let i = 0; i < limit; i += 1) {
      const res = await (i % 2 ? byNameFrom('三亚天涯置业服务有限公司', `2001:db8:59:1::${i.toString(16)}`) : searchFrom('海口府城', `2001:db8:59:1::${i.toString(16)}`));
      expect(res.statusCode, res.body).toBe(200);
    }
    const calls = fake.received.length;
    for (const [lookup, address] of [
      [() => searchFrom('万宁', '2001:db8:59:1::1'), 'the same address'],
      [() => byNameFrom('海口府城房产服务有限公司', '2001:db8:59:1:ffff:ffff:ffff:ffff'), 'another address of the same /64'],
    ] as const) {
      const over = await lookup();
      expect(over.statusCode, address).toBe(429);
      expect(over.json().msg).toBe(registrationText.companyLookupTooMany);
    }
    expect(fake.received).toHaveLength(calls);

    const elsewhere = await searchFrom('万宁', '2001:db8:59:2::1');
    expect(elsewhere.statusCode).toBe(200);
    expect(fake.received.slice(calls).map((r) => r.keyword)).toEqual(['万宁']);
  });
});

describe('registration lookups with COMPANY_REGISTRY=none', () => {
  let t: TestApp;
  let dataDir: string;
  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'baobei-registry-none-'));
    t = await createTestApp({ config: { DATA_DIR: dataDir, COMPANY_REGISTRY: 'none' } });
  });
  afterAll(async () => {
    await t.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('finds nothing and knows no name, so every company is typed with its code (no registry call)', async () => {
    const found = await t.call({ method: 'GET', url: `/api/publicapi/get-company-by-keyword?keyword=${encodeURIComponent('海南椰风')}` });
    expect(found.statusCode).toBe(200);
    expect(found.json().data).toEqual([]);
    const credit = await t.call({ method: 'GET', url: `/api/publicapi/get-company-by-name?name=${encodeURIComponent('海南椰风房产经纪有限公司')}` });
    expect(credit.statusCode).toBe(404);
    expect(fake.received).toEqual([]);
  });
});
