import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { messages } from '@baobei/shared/messages';
import { queryRows } from '../../db/client';
import { auditLog, city, company, house, houseFeature } from '../../db/schema';
import { CONSOLE_ACCOUNTS, DEMO_ACCOUNTS } from '../../test/accounts';
import { createTestApp, HOSTS, type TestApp } from '../../test/test-app';

/** Issue 15, item 4: the console's listing calls, end to end with the mobile app's list and detail. */

let t: TestApp;
let companyA = 0;
let companyB = 0;
let cityA = 0;
let featureA = 0;
let operator = '';

const consoleToken = (phone: string, host?: string) => t.consoleLogin(phone, { host });
const get = (url: string, token: string | undefined, host: string = HOSTS.localhost) => t.call({ method: 'GET', url, token, host });
const post = (url: string, token: string | undefined, payload: object, headers: Record<string, string> = {}, host: string = HOSTS.localhost) =>
  t.call({ method: 'POST', url, token, host, payload, headers });

const houseCount = async () => (await queryRows<{ n: number }>(t.database.db, sql`select count(*)::int as n from house`))[0]!.n;
const houseAudits = async (id: number) =>
  t.database.db.select().from(auditLog).where(and(eq(auditLog.entity, 'house'), eq(auditLog.entityId, id))).orderBy(auditLog.id);

/** The mobile house list, searched by name, as a broker. */
async function mobileList(name: string): Promise<{ id: number; name: string }[]> {
  const res = await post('/api/index/get-house-list', await t.tokenOf(DEMO_ACCOUNTS.broker), { keyword: name });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.list;
}
async function mobileDetail(id: number) {
  return post('/api/index/get-house-data', await t.tokenOf(DEMO_ACCOUNTS.broker), { id });
}

function fullListing(name: string) {
  return {
    name,
    cityId: cityA,
    sellingStatus: 'SELLING',
    tags: ['地铁口', '学区'],
    featureIds: [featureA],
    packagePrice: 188.5,
    averagePrice: 21000,
    buildingDiagram: '/assets/demo/house-1.jpg',
    buildingVideo: 'https://example.com/video.mp4',
    buildingVr: 'https://example.com/vr',
    buildingAddress: '海口市龙华区滨海大道1号',
    plannedHousehold: 1200,
    plotRatio: 2.5,
    greeningRate: 35,
    longitude: 110.32,
    latitude: 20.04,
    onSiteTel: '0898-66668888',
    reportProtectHours: 48,
    takeLookProtectHours: 720,
    ruleTel: 'MASKED',
    isNeedIdCard: true,
    isFullName: true,
    specialHintTitle: '特别提示',
    specialTip: '到访请提前一天报备',
    contacts: [
      { kind: 'ONSITE', name: '案场王经理', phone: '13600000001' },
      { kind: 'CHANNEL', name: '渠道李经理', phone: '13600000002' },
    ],
    albums: [
      { picType: 'EFFECT', albumName: '效果图', picUrl: '/assets/demo/house-1.jpg', description: '鸟瞰' },
      { picType: 'REAL', albumName: '实景图', picUrl: '/assets/demo/house-2.jpg', description: '' },
    ],
    unitTypes: [
      {
        typeName: 'A户型',
        typeThumb: '/assets/demo/unit-a.jpg',
        typeDescription: '三室两厅',
        typeTheme: '南北通透',
        discountPolicy: '首付分期',
        floorArea: 98,
        pictures: [{ picUrl: '/assets/demo/unit-a.jpg', description: '平面图' }],
      },
    ],
    commissionPolicies: [
      {
        buildingProperty: 'RESIDENCE',
        policyStartDate: '2026-01-01',
        policyEndDate: '2026-12-31',
        longTerm: false,
        secondaryPoint: '2%',
        secondaryAward: '成交奖5000元',
        secondaryRemark: '',
      },
    ],
  };
}

beforeAll(async () => {
  t = await createTestApp();
  companyA = await t.companyIdOf(HOSTS.localhost);
  companyB = await t.companyIdOf(HOSTS.second);
  const db = t.database.db;
  cityA = (await db.select({ id: city.id }).from(city).where(and(eq(city.companyId, companyA), sql`${city.parentId} is not null`)).limit(1))[0]!.id;
  featureA = (await db.select({ id: houseFeature.id }).from(houseFeature).where(eq(houseFeature.companyId, companyA)).limit(1))[0]!.id;
  operator = await consoleToken(CONSOLE_ACCOUNTS.operator);
}, 120_000);
afterAll(async () => {
  await t?.close();
});

describe('console listings', () => {
  it('creates a listing the broker finds on the mobile app, edits it, refuses a stale version, withdraws and restores it, with its history', async () => {
    const name = '控制台测试楼盘一号';
    const created = await post('/api/admin/house/create', operator, fullListing(name));
    expect(created.statusCode, created.body).toBe(200);
    expect(created.json().msg).toBe(messages.adminHouse.created);
    const h = created.json().data;
    expect(h).toMatchObject({
      name,
      cityId: cityA,
      version: 1,
      active: true,
      ruleTel: 'MASKED',
      reportProtectHours: 48,
      featureIds: [featureA],
      showPrice: { price: '188.50', unit: '万/套' },
      contacts: fullListing(name).contacts,
      albums: fullListing(name).albums,
      unitTypes: fullListing(name).unitTypes,
      commissionPolicies: fullListing(name).commissionPolicies,
    });
    // Not given: the company's default lead time.
    const [co] = await t.database.db.select().from(company).where(eq(company.id, companyA));
    expect(h.reportLeadTime).toBe(co!.defaultReportLeadTime);

    // The broker sees it in the list and opens it.
    expect((await mobileList(name)).map((x) => x.id)).toEqual([h.id]);
    expect((await mobileDetail(h.id)).statusCode).toBe(200);

    // The console's get and list.
    const got = await get(`/api/admin/house/get?id=${h.id}`, operator);
    expect(got.statusCode).toBe(200);
    expect(got.json().data).toEqual(h);
    const listed = await get(`/api/admin/house/list?keyword=${encodeURIComponent('控制台测试楼盘一')}&cityId=${cityA}&active=true&featureId=${featureA}&tag=${encodeURIComponent('学区')}`, operator);
    expect(listed.statusCode, listed.body).toBe(200);
    expect(listed.json().data).toMatchObject({ total: 1, page: 1, pageSize: 20 });
    expect(listed.json().data.list[0]).toMatchObject({ id: h.id, name, cityId: cityA, sellingStatus: 'SELLING', active: true, reportCount: 0, version: 1 });

    // Update: a field, and the unit types replaced as a whole.
    const updated = await post('/api/admin/house/update', operator, {
      id: h.id,
      version: 1,
      sellingStatus: 'SELL_SOON',
      packagePrice: null,
      unitTypes: [{ typeName: 'B户型', typeThumb: '', typeDescription: '', typeTheme: '', discountPolicy: '', floorArea: 120 }],
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json().data).toMatchObject({
      version: 2,
      sellingStatus: 'SELL_SOON',
      packagePrice: null,
      showPrice: { price: '21000', unit: '元/㎡' },
      albums: fullListing(name).albums,
      unitTypes: [{ typeName: 'B户型', floorArea: 120, pictures: [] }],
    });

    // The same save on the old version: 409 with the reload hint, nothing changed.
    const stale = await post('/api/admin/house/update', operator, { id: h.id, version: 1, name: '不该保存的名字' });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ msg: messages.adminHouse.staleVersion, data: { reload: true, version: 2 } });
    expect((await get(`/api/admin/house/get?id=${h.id}`, operator)).json().data.name).toBe(name);

    // A save that changes nothing keeps the version and writes no audit row.
    const audits = (await houseAudits(h.id)).length;
    const unchanged = await post('/api/admin/house/update', operator, { id: h.id, version: 2, sellingStatus: 'SELL_SOON' });
    expect(unchanged.json().data.version).toBe(2);
    expect(await houseAudits(h.id)).toHaveLength(audits);

    // Withdraw: out of the mobile list and detail; stale withdraw is 409.
    expect((await post('/api/admin/house/withdraw', operator, { id: h.id, version: 1 })).statusCode).toBe(409);
    const withdrawn = await post('/api/admin/house/withdraw', operator, { id: h.id, version: 2 });
    expect(withdrawn.statusCode, withdrawn.body).toBe(200);
    expect(withdrawn.json().data).toMatchObject({ active: false, version: 3 });
    expect(await mobileList(name)).toEqual([]);
    expect((await mobileDetail(h.id)).statusCode).toBe(404);
    const withdrawnList = await get(`/api/admin/house/list?keyword=${encodeURIComponent(name)}&active=false`, operator);
    expect(withdrawnList.json().data.list.map((x: { id: number }) => x.id)).toEqual([h.id]);

    // Restore: back in the app.
    const restored = await post('/api/admin/house/restore', operator, { id: h.id, version: 3 });
    expect(restored.statusCode, restored.body).toBe(200);
    expect(restored.json().data).toMatchObject({ active: true, version: 4 });
    expect((await mobileList(name)).map((x) => x.id)).toEqual([h.id]);

    // History: newest first, actor, old and new values.
    const history = await get(`/api/admin/house/history?id=${h.id}`, operator);
    expect(history.statusCode, history.body).toBe(200);
    const rows = history.json().data.list;
    expect(history.json().data.total).toBe(4);
    expect(rows.map((r: { action: string }) => r.action)).toEqual(['house.restore', 'house.withdraw', 'house.update', 'house.create']);
    const changes = (row: { changes: { field: string; old: string; new: string }[] }) =>
      Object.fromEntries(row.changes.map((c) => [c.field, { old: JSON.parse(c.old) as unknown, new: JSON.parse(c.new) as unknown }]));
    expect(rows[0]).toMatchObject({ actorName: '梁运营', actorRole: 'OPERATOR', version: 4 });
    expect(changes(rows[0])).toEqual({ active: { old: false, new: true } });
    expect(changes(rows[2])).toMatchObject({
      sellingStatus: { old: 'SELLING', new: 'SELL_SOON' },
      packagePrice: { old: 188.5, new: null },
      unitTypes: { old: [{ typeName: 'A户型' }], new: [{ typeName: 'B户型' }] },
    });
    expect(Object.keys(changes(rows[2])).sort()).toEqual(['packagePrice', 'sellingStatus', 'unitTypes']);
    expect(changes(rows[3]).name).toEqual({ old: null, new: name });
    // The audit row itself holds the actor and the values.
    const [createRow] = await houseAudits(h.id);
    expect(createRow).toMatchObject({ companyId: companyA, action: 'house.create', entity: 'house' });
    expect(createRow!.actorId).toBe(rows[3].actorId);
  });

  it("keeps a withdrawn listing's reports visible to their reporter", async () => {
    const [report] = await queryRows<{ id: number; houseId: number }>(
      t.database.db,
      sql`select r.id, r.house_id as "houseId" from record r join "user" u on u.id = r.reporter_id
          where u.phone = ${DEMO_ACCOUNTS.broker} and r.company_id = ${companyA} order by r.id limit 1`,
    );
    const [listing] = await t.database.db.select().from(house).where(eq(house.id, report!.houseId));
    const listed = await get(`/api/admin/house/list?keyword=${encodeURIComponent(listing!.name)}`, operator);
    expect(listed.json().data.list.find((x: { id: number }) => x.id === listing!.id).reportCount).toBeGreaterThan(0);
    const withdrawn = await post('/api/admin/house/withdraw', operator, { id: listing!.id, version: listing!.version });
    expect(withdrawn.statusCode, withdrawn.body).toBe(200);
    expect((await mobileDetail(listing!.id)).statusCode).toBe(404);
    const detail = await post('/api/record/get-record-data', await t.tokenOf(DEMO_ACCOUNTS.broker), { id: report!.id });
    expect(detail.statusCode, detail.body).toBe(200);
    const restored = await post('/api/admin/house/restore', operator, { id: listing!.id, version: listing!.version + 1 });
    expect(restored.statusCode, restored.body).toBe(200);
  });

  it('lets one of two saves on the same version through and refuses the other with 409', async () => {
    const [own] = await t.database.db.select().from(house).where(eq(house.companyId, companyA)).limit(1);
    const audits = (await houseAudits(own!.id)).length;
    const [a, b] = await Promise.all([
      post('/api/admin/house/update', operator, { id: own!.id, version: own!.version, specialTip: '第一个保存' }),
      post('/api/admin/house/update', operator, { id: own!.id, version: own!.version, specialTip: '第二个保存' }),
    ]);
    expect([a!.statusCode, b!.statusCode].sort()).toEqual([200, 409]);
    const [after] = await t.database.db.select().from(house).where(eq(house.id, own!.id));
    expect(after!.version).toBe(own!.version + 1);
    expect(await houseAudits(own!.id)).toHaveLength(audits + 1);
  });

  it('refuses bad input with a Chinese message and its field, and writes nothing', async () => {
    const before = await houseCount();
    const cases: [object, string, string][] = [
      [{ ...fullListing(''), name: '' }, messages.adminHouse.nameRequired, 'name'],
      [{ ...fullListing('坏输入一'), cityId: undefined }, messages.adminHouse.cityRequired, 'cityId'],
      [{ ...fullListing('坏输入二'), reportProtectHours: 0 }, messages.adminHouse.protectHoursInvalid, 'reportProtectHours'],
      [{ ...fullListing('坏输入三'), buildingVideo: 'javascript:alert(1)' }, messages.adminHouse.linkInvalid('视频'), 'buildingVideo'],
      [{ ...fullListing('坏输入四'), latitude: 91 }, messages.input.outOfRange('纬度'), 'latitude'],
      [{ ...fullListing('坏输入五'), ruleTel: 'HALF' }, '报备号码规则格式不正确', 'ruleTel'],
      [{ ...fullListing('坏输入六'), albums: [{ picType: 'EFFECT', albumName: '效果图', picUrl: '', description: '' }] }, messages.adminHouse.pictureInvalid('相册图片'), 'albums'],
      [
        { ...fullListing('坏输入七'), commissionPolicies: [{ ...fullListing('x').commissionPolicies[0], policyStartDate: '2026-12-31', policyEndDate: '2026-01-01' }] },
        messages.adminHouse.policyPeriodInvalid,
        'commissionPolicies',
      ],
      // Refused by the service: a city of another company.
      [{ ...fullListing('坏输入八'), cityId: (await t.database.db.select({ id: city.id }).from(city).where(eq(city.companyId, companyB)).limit(1))[0]!.id }, messages.adminHouse.cityUnknown, 'cityId'],
    ];
    for (const [payload, msg, field] of cases) {
      const res = await post('/api/admin/house/create', operator, payload);
      expect(res.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(400);
      expect(res.json()).toMatchObject({ msg, data: { field } });
    }
    expect(await houseCount()).toBe(before);

    // An update refused: nothing written, the version kept.
    const [own] = await t.database.db.select().from(house).where(eq(house.companyId, companyA)).limit(1);
    const res = await post('/api/admin/house/update', operator, { id: own!.id, version: own!.version, name: '好名字', featureIds: [999999] });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ msg: messages.adminHouse.featureUnknown, data: { field: 'featureIds' } });
    const [after] = await t.database.db.select().from(house).where(eq(house.id, own!.id));
    expect(after).toEqual(own);
  });

  it('creates one listing for two saves with one Idempotency-Key', async () => {
    const before = await houseCount();
    const headers = { 'idempotency-key': 'console-house-create-0001' };
    const first = await post('/api/admin/house/create', operator, fullListing('幂等测试楼盘'), headers);
    const second = await post('/api/admin/house/create', operator, fullListing('幂等测试楼盘'), headers);
    expect(first.statusCode, first.body).toBe(200);
    expect(second.statusCode).toBe(200);
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect(second.json().data.id).toBe(first.json().data.id);
    expect(await houseCount()).toBe(before + 1);
  });

  it("answers 404 for another company's listing, 403 to a broker, and lets the platform administrator act on its host's company", async () => {
    const [ofA] = await t.database.db.select().from(house).where(eq(house.companyId, companyA)).limit(1);
    const stranger = await consoleToken(CONSOLE_ACCOUNTS.secondOperator, HOSTS.second);
    const on = (url: string, payload?: object) =>
      payload ? post(url, stranger, payload, {}, HOSTS.second) : get(url, stranger, HOSTS.second);
    for (const res of [
      await on(`/api/admin/house/get?id=${ofA!.id}`),
      await on(`/api/admin/house/history?id=${ofA!.id}`),
      await on('/api/admin/house/update', { id: ofA!.id, version: ofA!.version, name: '别人的楼盘' }),
      await on('/api/admin/house/withdraw', { id: ofA!.id, version: ofA!.version }),
      await on('/api/admin/house/restore', { id: ofA!.id, version: ofA!.version }),
    ]) {
      expect(res.statusCode, res.body).toBe(404);
      expect(res.json().msg).toBe(messages.adminHouse.notFound);
    }
    const theirs = await on('/api/admin/house/list?pageSize=100');
    expect(theirs.statusCode).toBe(200);
    expect(theirs.json().data.list.every((x: { id: number }) => x.id !== ofA!.id)).toBe(true);
    const [after] = await t.database.db.select().from(house).where(eq(house.id, ofA!.id));
    expect(after).toEqual(ofA);

    const broker = await t.tokenOf(DEMO_ACCOUNTS.broker);
    expect((await get('/api/admin/house/list', broker)).statusCode).toBe(403);
    expect((await post('/api/admin/house/create', broker, fullListing('经纪人不能建'))).statusCode).toBe(403);

    const platform = await consoleToken(CONSOLE_ACCOUNTS.platformAdmin);
    const own = await get(`/api/admin/house/get?id=${ofA!.id}`, platform);
    expect(own.statusCode).toBe(200);
    expect(own.json().data.id).toBe(ofA!.id);
  });

  it('lists the main picture and the features, and filters by city, selling status and feature', async () => {
    const created = await post('/api/admin/house/create', operator, fullListing('列表特色测试楼盘'));
    expect(created.statusCode, created.body).toBe(200);
    const id = created.json().data.id as number;
    const [feature] = await t.database.db.select().from(houseFeature).where(eq(houseFeature.id, featureA));
    const q = (extra: string) => get(`/api/admin/house/list?keyword=${encodeURIComponent('列表特色测试')}${extra}`, operator);
    const listed = await q('');
    expect(listed.statusCode, listed.body).toBe(200);
    expect(listed.json().data.list).toEqual([
      expect.objectContaining({ id, buildingDiagram: '/assets/demo/house-1.jpg', features: [{ id: featureA, name: feature!.name }], tags: ['地铁口', '学区'] }),
    ]);
    expect((await q(`&sellingStatus=SELL_OUT`)).json().data.total).toBe(0);
    expect((await q(`&sellingStatus=SELLING&cityId=${cityA}&featureId=${featureA}`)).json().data.total).toBe(1);
    const otherFeature = (await t.database.db.select({ id: houseFeature.id }).from(houseFeature).where(and(eq(houseFeature.companyId, companyA), sql`${houseFeature.id} <> ${featureA}`)).limit(1))[0];
    if (otherFeature) expect((await q(`&featureId=${otherFeature.id}`)).json().data.total).toBe(0);
  });

  it('shows and renews the external arrival link through the record module: the old link stops working, an audit row, the history lists it', async () => {
    const created = await post('/api/admin/house/create', operator, fullListing('到访链接测试楼盘'));
    const id = created.json().data.id as number;
    const shown = await get(`/api/admin/house/arrival-link?id=${id}`, operator);
    expect(shown.statusCode, shown.body).toBe(200);
    const link = shown.json().data as { houseId: number; houseName: string; path: string };
    expect(link).toMatchObject({ houseId: id, houseName: '到访链接测试楼盘' });
    expect(link.path).toMatch(new RegExp(`^/external/record/list\\?houseId=${id}&sign=`));
    // The same link an auditor gets from the record module.
    const auditorLink = await post('/api/record/get-report-auto-link', await t.tokenOf(DEMO_ACCOUNTS.auditor), { houseId: id });
    expect(auditorLink.statusCode, auditorLink.body).toBe(200);
    expect(auditorLink.json().data.path).toBe(link.path);
    const signOf = (path: string) => new URL(path, 'http://x').searchParams.get('sign')!;
    const count = (sign: string) => get(`/api/record/get-report-auto-count?houseId=${id}&sign=${encodeURIComponent(sign)}`, undefined);
    expect((await count(signOf(link.path))).statusCode).toBe(200);

    const platform = await consoleToken(CONSOLE_ACCOUNTS.platformAdmin);
    const renewed = await post('/api/admin/house/renew-arrival-link', platform, { id });
    expect(renewed.statusCode, renewed.body).toBe(200);
    expect(renewed.json().msg).toBe(messages.recordTrack.externalLinkRenewed);
    const fresh = renewed.json().data.path as string;
    expect(fresh).not.toBe(link.path);
    expect((await count(signOf(link.path))).statusCode).toBe(403);
    expect((await count(signOf(fresh))).statusCode).toBe(200);
    expect((await get(`/api/admin/house/arrival-link?id=${id}`, operator)).json().data.path).toBe(fresh);

    // One audit row, with the actor; the listing's own version is untouched.
    const rows = (await houseAudits(id)).filter((r) => r.action === 'house.external-link-renew');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ companyId: companyA, detail: { actorRole: 'PLATFORM_ADMIN', linkVersion: expect.any(Number) } });
    expect((await get(`/api/admin/house/get?id=${id}`, operator)).json().data.version).toBe(1);
    const history = (await get(`/api/admin/house/history?id=${id}`, operator)).json().data.list;
    expect(history[0]).toMatchObject({ action: 'house.external-link-renew', actorRole: 'PLATFORM_ADMIN', version: null, changes: [] });

    // Company 127.0.0.1's operator: 楼盘不存在, nothing renewed; a broker: 403; a missing id: 400.
    const stranger = await consoleToken(CONSOLE_ACCOUNTS.secondOperator, HOSTS.second);
    for (const res of [
      await get(`/api/admin/house/arrival-link?id=${id}`, stranger, HOSTS.second),
      await post('/api/admin/house/renew-arrival-link', stranger, { id }, {}, HOSTS.second),
    ]) {
      expect(res.statusCode, res.body).toBe(404);
      expect(res.json().msg).toBe(messages.adminHouse.notFound);
    }
    expect((await count(signOf(fresh))).statusCode).toBe(200);
    expect((await houseAudits(id)).filter((r) => r.action === 'house.external-link-renew')).toHaveLength(1);
    expect((await get(`/api/admin/house/arrival-link?id=${id}`, await t.tokenOf(DEMO_ACCOUNTS.broker))).statusCode).toBe(403);
    expect((await post('/api/admin/house/renew-arrival-link', operator, {})).json()).toMatchObject({ data: { field: 'id' } });
  });

  it('refuses bad list and history queries with their field', async () => {
    const big = await get('/api/admin/house/list?pageSize=101', operator);
    expect(big.statusCode).toBe(400);
    expect(big.json().data).toEqual({ field: 'pageSize' });
    const status = await get('/api/admin/house/list?sellingStatus=NOPE', operator);
    expect(status.statusCode).toBe(400);
    expect(status.json().data).toEqual({ field: 'sellingStatus' });
    expect((await get('/api/admin/house/history?id=abc', operator)).statusCode).toBe(400);
  });
});

describe('到访为王 setting (decision 053)', () => {
  it('defaults to 报备为王, is changed by the console with its history, reaches the mobile detail, and refuses another value', async () => {
    const created = await post('/api/admin/house/create', operator, fullListing('控制台到访为王楼盘'));
    expect(created.statusCode, created.body).toBe(200);
    const h = created.json().data;
    expect(h.protectionMode).toBe('REPORT_FIRST');
    const updated = await post('/api/admin/house/update', operator, { id: h.id, version: h.version, protectionMode: 'VISIT_FIRST' });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json().data).toMatchObject({ protectionMode: 'VISIT_FIRST', version: h.version + 1 });
    const [row] = await houseAudits(h.id).then((rows) => rows.filter((r) => r.action === 'house.update'));
    expect(JSON.stringify(row!.detail)).toContain('VISIT_FIRST');
    const history = await get(`/api/admin/house/history?id=${h.id}`, operator);
    expect(history.json().data.list[0].changes).toEqual([expect.objectContaining({ field: 'protectionMode', old: '"REPORT_FIRST"', new: '"VISIT_FIRST"' })]);
    expect((await mobileDetail(h.id)).json().data.protectionMode).toBe('VISIT_FIRST');
    const bad = await post('/api/admin/house/update', operator, { id: h.id, version: h.version + 1, protectionMode: 'FIRST_COME' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().msg).toBe('客户保护规则格式不正确');
  });
});

// docs/decisions/050: after this file's flows, no audit row they wrote holds a password, its hash or a token.
describe('audit rows of these flows', () => {
  it('hold no password, hash or token', async () => {
    const { expectNoSecretsInAudit } = await import('../../test/audit-secrets');
    expect(await expectNoSecretsInAudit(t.database.db)).toBeGreaterThan(0);
  });
});
