import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { messages } from '@baobei/shared/messages';
import { house, shareVisit, user } from '../../db/schema';
import { activeListings } from '../../test/records';
import { createTestApp, HOSTS, type TestApp } from '../../test/test-app';
import { maskOpenid, SHARE_VISIT_LIMITS } from './share-service';

let t: TestApp;
let localId: number;
let secondId: number;
let sharer: { id: number; name: string };
let listing: { id: number; name: string };
beforeAll(async () => {
  t = await createTestApp();
  localId = await t.companyIdOf(HOSTS.localhost);
  secondId = await t.companyIdOf(HOSTS.second);
  const [manager] = await t.database.db.select().from(user).where(and(eq(user.companyId, localId), eq(user.phone, '13800000002')));
  sharer = manager!;
  // A listing the seed has no visits of, so counts start at zero.
  const [row] = await activeListings(t, localId, 1, sql`not exists (select 1 from share_visit v where v.house_id = ${house.id} and v.share_user_id = ${sharer.id})`);
  listing = row!;
});
afterAll(async () => {
  await t.close();
});

const visit = (side: 'visitor' | 'shar', payload: object, options: { token?: string; host?: string; headers?: Record<string, string> } = {}) =>
  t.call({ method: 'POST', url: `/api/user/add-share-to-${side}`, payload, ...options });

async function visitsOf(houseId: number, side: 'VISITOR' | 'SHARER') {
  return t.database.db
    .select()
    .from(shareVisit)
    .where(and(eq(shareVisit.houseId, houseId), eq(shareVisit.shareUserId, sharer.id), eq(shareVisit.side, side)));
}

describe('maskOpenid', () => {
  it('keeps the first and last four characters', () => {
    expect(maskOpenid('oAbCdEfGhIjKlMn9xYz')).toBe('oAbC****9xYz');
    expect(maskOpenid('short')).toBe('****');
    expect(maskOpenid('')).toBe('');
  });
});

describe('recording visits of shared pages', () => {
  it('records a visit for the visitor and for the sharer, once per visitor and day', async () => {
    const payload = { openid: 'oVisitorOpenid00001', shareUser: sharer.id, houseid: listing.id };
    const first = await visit('visitor', payload);
    expect(first.statusCode).toBe(200);
    expect(first.json().data).toEqual({ recorded: true });
    expect((await visit('shar', payload)).json().data).toEqual({ recorded: true });
    // A reload is not a new visit.
    expect((await visit('visitor', payload)).json().data).toEqual({ recorded: false });
    expect((await visit('shar', payload)).json().data).toEqual({ recorded: false });
    const [visitorRow] = await visitsOf(listing.id, 'VISITOR');
    expect(visitorRow).toMatchObject({ companyId: localId, openid: payload.openid, visitorUserId: null });
    expect(await visitsOf(listing.id, 'SHARER')).toHaveLength(1);
  });

  it('records a signed-in visitor’s account, and an anonymous visitor without openid once per IP and browser', async () => {
    const token = await t.login('13800000003');
    const [broker] = await t.database.db.select().from(user).where(and(eq(user.companyId, localId), eq(user.phone, '13800000003')));
    expect((await visit('shar', { openid: '', shareUser: sharer.id, houseid: listing.id }, { token })).json().data.recorded).toBe(true);
    const rows = await visitsOf(listing.id, 'SHARER');
    expect(rows.some((r) => r.visitorUserId === broker!.id)).toBe(true);
    const browser = (ua: string) => ({ headers: { 'user-agent': ua } });
    expect((await visit('shar', { shareUser: sharer.id, houseid: listing.id }, browser('Phone A'))).json().data.recorded).toBe(true);
    expect((await visit('shar', { shareUser: sharer.id, houseid: listing.id }, browser('Phone A'))).json().data.recorded).toBe(false);
    expect((await visit('shar', { shareUser: sharer.id, houseid: listing.id }, browser('Phone B'))).json().data.recorded).toBe(true);
    // The signed-in visitor again, now with an openid: still the same visitor today.
    expect((await visit('shar', { openid: 'oBrokerOpenid', shareUser: sharer.id, houseid: listing.id }, { token })).json().data.recorded).toBe(false);
  });

  it('does not record a sharer opening their own link', async () => {
    const token = await t.login('13800000002');
    const before = (await visitsOf(listing.id, 'SHARER')).length;
    const res = await visit('shar', { openid: 'oSelf', shareUser: sharer.id, houseid: listing.id }, { token });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.recorded).toBe(false);
    expect((await visitsOf(listing.id, 'SHARER')).length).toBe(before);
  });

  it('refuses an unknown sharer, another company’s sharer or listing', async () => {
    const [foreigner] = await t.database.db.select().from(user).where(and(eq(user.companyId, secondId), eq(user.phone, '13900000002')));
    const [foreignHouse] = await activeListings(t, secondId, 1);
    const noSharer = await visit('visitor', { openid: '', shareUser: 999999, houseid: listing.id });
    expect(noSharer.statusCode).toBe(404);
    expect(noSharer.json().msg).toBe(messages.shareVisit.sharerNotFound);
    expect((await visit('visitor', { openid: '', shareUser: foreigner!.id, houseid: listing.id })).statusCode).toBe(404);
    const noHouse = await visit('shar', { openid: '', shareUser: sharer.id, houseid: foreignHouse!.id });
    expect(noHouse.statusCode).toBe(404);
    expect(noHouse.json().msg).toBe(messages.house.notFound);
    expect((await visit('shar', { openid: '', shareUser: 'x', houseid: listing.id })).statusCode).toBe(400);
  });
});

describe('/my/share statistics', () => {
  it('needs a session', async () => {
    expect((await t.call({ method: 'POST', url: '/api/user/get-user-share-statistics?page=1&pageSize=8' })).statusCode).toBe(401);
    const res = await t.call({ method: 'POST', url: '/api/user/get-user-share-house-statistics?page=1&pageSize=8', payload: { houseId: listing.id } });
    expect(res.statusCode).toBe(401);
  });

  it('lists the user’s shared listings with visits and visitors, last visited first', async () => {
    const token = await t.login('13800000002');
    const res = await t.call({ method: 'POST', url: '/api/user/get-user-share-statistics?page=1&pageSize=8', token });
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    // The seed shares two listings of this user; the tests above added one.
    expect(data.total).toBe(3);
    expect(data.list[0]).toMatchObject({ houseId: listing.id, houseName: listing.name, visitCount: 4, visitorCount: 4 });
    expect(data.list[0].lastVisitAt).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
    const times = data.list.map((i: { lastVisitAt: string }) => i.lastVisitAt);
    expect([...times].sort().reverse()).toEqual(times);
    // Visits on the visitor side never count for the sharer's statistics.
    const sharerSide = await visitsOf(listing.id, 'SHARER');
    expect(data.list[0].visitCount).toBe(sharerSide.length);

    const page2 = await t.call({ method: 'POST', url: '/api/user/get-user-share-statistics?page=2&pageSize=2', token });
    expect(page2.json().data).toMatchObject({ total: 3, page: 2, pageSize: 2 });
    expect(page2.json().data.list).toHaveLength(1);

    const other = await t.login('13800000006');
    expect((await t.call({ method: 'POST', url: '/api/user/get-user-share-statistics?page=1&pageSize=8', token: other })).json().data.total).toBe(0);
  });

  it('lists one listing’s visits newest first, naming signed-in visitors and masking openids', async () => {
    const token = await t.login('13800000002');
    const res = await t.call({
      method: 'POST',
      url: '/api/user/get-user-share-house-statistics?page=1&pageSize=8',
      payload: { houseId: listing.id },
      token,
    });
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data.total).toBe(4);
    const names = data.list.map((v: { visitorName: string }) => v.visitorName);
    const [broker] = await t.database.db.select().from(user).where(and(eq(user.companyId, localId), eq(user.phone, '13800000003')));
    expect(names).toContain(broker!.name);
    expect(names.filter((n: string) => n === messages.shareVisit.anonymousVisitor)).toHaveLength(3);
    expect(data.list.map((v: { openid: string }) => v.openid)).toContain('oVis****0001');
    expect(data.list.every((v: { openid: string }) => !v.openid.includes('oVisitorOpenid'))).toBe(true);
    for (const v of data.list) expect(v.visitedAt).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);

    const [foreignHouse] = await t.database.db.select().from(house).where(eq(house.companyId, secondId)).limit(1);
    const foreign = await t.call({
      method: 'POST',
      url: '/api/user/get-user-share-house-statistics?page=1&pageSize=8',
      payload: { houseId: foreignHouse!.id },
      token,
    });
    expect(foreign.statusCode).toBe(404);
  });
});

describe('visit counts cannot be inflated', () => {
  it('counts a visitor once a day and stops counting past the per-IP limit, answering success', async () => {
    const [other] = await t.database.db
      .select({ id: house.id })
      .from(house)
      .where(
        and(
          eq(house.companyId, localId),
          eq(house.active, true),
          sql`${house.id} <> ${listing.id}`,
          sql`not exists (select 1 from share_visit v where v.house_id = ${house.id} and v.share_user_id = ${sharer.id})`,
        ),
      )
      .limit(1);
    const houseid = other!.id;
    const flood = async (n: number, remoteAddress: string, payload: (i: number) => object) => {
      const answers = [];
      for (let i = 0; i < n; i += 50) {
        const batch = Array.from({ length: Math.min(50, n - i) }, (_, k) =>
          t.call({ method: 'POST', url: '/api/user/add-share-to-shar', payload: payload(i + k), remoteAddress, headers: { 'user-agent': 'Flood/1.0' } }),
        );
        answers.push(...(await Promise.all(batch)));
      }
      expect(answers.map((r) => r.statusCode).filter((c) => c !== 200)).toEqual([]);
      return answers.filter((r) => r.json().data.recorded).length;
    };
    // 250 anonymous calls of one browser: one visit.
    expect(await flood(250, '10.9.0.1', () => ({ shareUser: sharer.id, houseid }))).toBe(1);
    expect(await visitsOf(houseid, 'SHARER')).toHaveLength(1);
    // 250 made-up openids from one address: counted up to the hourly limit, then no more.
    expect(await flood(250, '10.9.0.2', (i) => ({ openid: `oForged${i}`, shareUser: sharer.id, houseid }))).toBe(SHARE_VISIT_LIMITS.callsPerIpPerHour);
    // Another address is still counted.
    expect(await flood(1, '10.9.0.3', () => ({ shareUser: sharer.id, houseid }))).toBe(1);
    const expected = 1 + SHARE_VISIT_LIMITS.callsPerIpPerHour + 1;
    expect(await visitsOf(houseid, 'SHARER')).toHaveLength(expected);

    // The statistics count what was recorded, and the visitor side was never touched.
    const token = await t.login('13800000002');
    const res = await t.call({ method: 'POST', url: '/api/user/get-user-share-statistics?page=1&pageSize=50', token });
    const item = res.json().data.list.find((i: { houseId: number }) => i.houseId === houseid);
    expect(item).toMatchObject({ visitCount: expected, visitorCount: expected });
    expect(await visitsOf(houseid, 'VISITOR')).toHaveLength(0);
  });
});

describe('WeChat without credentials', () => {
  it('says the official account is not configured', async () => {
    const sdk = await t.call({ method: 'POST', url: '/api/wechat/get-js-sdk', payload: { url: 'http://localhost/house/detail/1' } });
    expect(sdk.statusCode).toBe(400);
    expect(sdk.json().msg).toBe(messages.wechat.notConfigured);
    const code = await t.call({ method: 'POST', url: '/api/login/get-wx-code', payload: { url: '/house/detail/1/2' } });
    expect(code.statusCode).toBe(400);
    expect(code.json().msg).toBe(messages.wechat.notConfigured);
  });

  it('sends the OAuth callback back to the page, without openid', async () => {
    const res = await t.call({ method: 'GET', url: '/api/wechat/oauth-callback-share?code=abc&state=%2Fhouse%2Fdetail%2F1%2F2' });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/house/detail/1/2');
  });
});
