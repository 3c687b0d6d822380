import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { messages } from '@baobei/shared/messages';
import { CURSOR_FIELD, cursors } from '@baobei/shared/schemas/cursor';
import { queryRows } from '../db/client';
import { distributorRegistration, favorite, house, record, shareVisit, user } from '../db/schema';
import { DEMO_ACCOUNTS } from './accounts';
import { activeListings, insertReport, userIdOf } from './records';
import { createTestApp, HOSTS, type TestApp } from './test-app';

/**
 * Keyset paging (docs/decisions/016): every list the app scrolls pages by the `nextCursor` of
 * the page before as it does by page number, keeps its place while rows come and go, refuses a
 * cursor that is not one, and never leaves the viewer's scope whatever the cursor says.
 */
let t: TestApp;
let cid: number;
const refused = messages.input.invalid(CURSOR_FIELD);

beforeAll(async () => {
  t = await createTestApp();
  cid = await t.companyIdOf(HOSTS.localhost);
});
afterAll(async () => {
  await t.close();
});

interface Answer {
  list: Record<string, unknown>[];
  total: number | null;
  nextCursor: string | null;
  recordType?: { value: string; number: number }[];
}

interface Lister {
  url: string;
  body?: object;
  /** Signed in as; anonymous when absent. */
  phone?: string;
  host?: string;
  /** The field that names a row. */
  key?: string;
}

async function fetchPage(l: Lister, query: string): Promise<Answer> {
  const host = l.host ?? HOSTS.localhost;
  const token = l.phone ? await t.tokenOf(l.phone, host) : undefined;
  const res = await t.call({ method: 'POST', url: `${l.url}?${query}`, payload: l.body ?? {}, token, host });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as Answer;
}

const keyOf = (l: Lister) => (row: Record<string, unknown>) => String(row[l.key ?? 'id']);

/** Every page by number: page 1, 2, … until a short page. */
async function byNumber(l: Lister, pageSize: number): Promise<string[]> {
  const keys: string[] = [];
  for (let page = 1; page < 200; page++) {
    const data = await fetchPage(l, `page=${page}&pageSize=${pageSize}`);
    keys.push(...data.list.map(keyOf(l)));
    if (data.list.length < pageSize) return keys;
  }
  throw new Error('too many pages');
}

/** Every page as the web asks for them: page 1, then each with the cursor of the page before, until a short page. */
async function byCursor(l: Lister, pageSize: number, between?: (page: number) => Promise<void>): Promise<{ keys: string[]; answers: Answer[] }> {
  const keys: string[] = [];
  const answers: Answer[] = [];
  let cursor: string | null = null;
  for (let page = 1; page < 200; page++) {
    const data = await fetchPage(l, `page=${page}&pageSize=${pageSize}${cursor ? `&cursor=${cursor}` : ''}`);
    answers.push(data);
    keys.push(...data.list.map(keyOf(l)));
    if (data.list.length < pageSize) {
      expect(data.nextCursor).toBeNull();
      return { keys, answers };
    }
    expect(data.nextCursor).toEqual(expect.any(String));
    cursor = data.nextCursor;
    await between?.(page);
  }
  throw new Error('too many pages');
}

async function sameByCursorAsByNumber(l: Lister, pageSize: number, atLeast: number): Promise<Answer[]> {
  const numbered = await byNumber(l, pageSize);
  expect(numbered.length, `${l.url} as ${l.phone ?? 'visitor'}`).toBeGreaterThanOrEqual(atLeast);
  const { keys, answers } = await byCursor(l, pageSize);
  expect(keys).toEqual(numbered);
  expect(new Set(keys).size).toBe(keys.length);
  return answers;
}

const RECORD_LIST = '/api/record/get-record-list';
const DISTRIBUTOR_LIST = '/api/record/get-distributor-record-list';
const HOUSE_LIST = '/api/index/get-house-list';

async function sharedLink(houseId: number): Promise<{ houseId: number; sign: string }> {
  const res = await t.postAs('/api/record/get-report-auto-link', DEMO_ACCOUNTS.auditor, { houseId });
  expect(res.statusCode, res.body).toBe(200);
  const sign = new URL(`http://x${res.json().data.path as string}`).searchParams.get('sign')!;
  return { houseId, sign };
}

describe('a cursor pages as the page number does', () => {
  beforeAll(async () => {
    // More reports than a few pages for every scope, some within one millisecond of each other.
    const broker = await userIdOf(t, cid, DEMO_ACCOUNTS.broker);
    const at = new Date('2030-01-01T00:00:00Z');
    for (let i = 0; i < 6; i++) await insertReport(t, cid, { status: 'RECORDSTART', reporterId: broker, createdAt: at });
    // The general account reports now and then too (the seed gives it none of its own).
    const [general] = await t.database.db
      .select({ id: user.id, distributorId: user.distributorId })
      .from(user)
      .where(and(eq(user.companyId, cid), eq(user.phone, DEMO_ACCOUNTS.general)));
    for (let i = 0; i < 4; i++) {
      const row = await insertReport(t, cid, { status: 'VISIT', createdAt: new Date(at.getTime() - i * 1000) });
      await t.database.db
        .update(record)
        .set({ reporterId: general!.id, distributorId: general!.distributorId, shopManagerId: null })
        .where(eq(record.id, row.id));
    }
  });

  it.each(Object.entries(DEMO_ACCOUNTS))('the report list of %s, and only the first page is counted', async (_role, phone) => {
    const l = { url: RECORD_LIST, phone, body: {} };
    const answers = await sameByCursorAsByNumber(l, 3, 4);
    expect(answers[0]!.recordType!.length).toBeGreaterThan(1);
    expect(answers[0]!.total).toBe(answers.reduce((n, a) => n + a.list.length, 0));
    for (const a of answers.slice(1)) expect(a).toMatchObject({ recordType: [], total: null });
  });

  it('the report list with a keyword, a status and dates', async () => {
    const phone = DEMO_ACCOUNTS.auditorAdmin;
    // The listing most reported, by the first three characters of its name (the trigram path),
    // and the last four digits of a customer phone.
    const [top] = await queryRows<{ name: string; phone: string }>(
      t.database.db,
      sql`select h.name, min(r.customer_phone) as phone from record r join house h on h.id = r.house_id
        where r.company_id = ${cid} group by h.name order by count(*) desc, h.name limit 1`,
    );
    const listingWord = Array.from(top!.name).slice(0, 3).join('');
    await sameByCursorAsByNumber({ url: RECORD_LIST, phone, body: { approvalStatus: 'RECORDSTART' } }, 2, 4);
    await sameByCursorAsByNumber({ url: RECORD_LIST, phone, body: { keyword: listingWord } }, 1, 3);
    await sameByCursorAsByNumber({ url: RECORD_LIST, phone, body: { keyword: top!.phone.slice(-4) } }, 1, 1);
    await sameByCursorAsByNumber({ url: RECORD_LIST, phone, body: { keyword: '1' } }, 5, 10);
    await sameByCursorAsByNumber({ url: RECORD_LIST, phone, body: { searchDate: ['2020-01-01', '2031-12-31'] } }, 5, 10);
    // The channel roles' keyword reads the hidden form on MASKED listings (decision 019).
    await sameByCursorAsByNumber({ url: RECORD_LIST, phone: DEMO_ACCOUNTS.channelManager, body: { keyword: listingWord } }, 1, 1);
  });

  it('公司订单 of the shop and of the whole distributor', async () => {
    for (const phone of [DEMO_ACCOUNTS.general, DEMO_ACCOUNTS.manager]) {
      await sameByCursorAsByNumber({ url: DISTRIBUTOR_LIST, phone, body: { subdistributorUserId: 0 } }, 4, 6);
    }
  });

  it('the house list and the select screen, with and without filters, signed in or not', async () => {
    for (const size of [8, 20, 3]) await sameByCursorAsByNumber({ url: HOUSE_LIST }, size, 20);
    await sameByCursorAsByNumber({ url: HOUSE_LIST, phone: DEMO_ACCOUNTS.broker, body: { keyword: '海口' } }, 2, 3);
    // Listings of equal sort are ordered by id.
    await t.database.db.update(house).set({ sort: 7 }).where(eq(house.companyId, cid));
    await sameByCursorAsByNumber({ url: HOUSE_LIST }, 8, 20);
  });

  it('favourites', async () => {
    const broker = await userIdOf(t, cid, DEMO_ACCOUNTS.broker);
    const listings = await activeListings(t, cid, 7);
    // Two favourited in one instant: ordered by listing id.
    const at = new Date('2030-02-01T00:00:00Z');
    await t.database.db
      .insert(favorite)
      .values(listings.map((h, i) => ({ userId: broker, houseId: h.id, createdAt: i < 2 ? at : new Date(at.getTime() - i * 60_000) })))
      .onConflictDoNothing();
    const answers = await sameByCursorAsByNumber({ url: '/api/user/favorite-house-list', phone: DEMO_ACCOUNTS.broker, key: 'houseId' }, 2, 7);
    expect(answers[0]!.total).toBeGreaterThanOrEqual(7);
    expect(answers[1]!.total).toBeNull();
  });

  it('my shares and the visits of one shared listing', async () => {
    const broker = await userIdOf(t, cid, DEMO_ACCOUNTS.broker);
    const listings = await activeListings(t, cid, 5);
    const base = new Date('2030-03-01T00:00:00Z').getTime();
    await t.database.db.insert(shareVisit).values(
      listings.flatMap((h, i) =>
        Array.from({ length: 3 }, (_, k) => ({ companyId: cid, houseId: h.id, shareUserId: broker, side: 'SHARER' as const, createdAt: new Date(base - i * 3_600_000 - k) })),
      ),
    );
    await sameByCursorAsByNumber({ url: '/api/user/get-user-share-statistics', phone: DEMO_ACCOUNTS.broker, key: 'houseId' }, 2, 5);
    const visits = { url: '/api/user/get-user-share-house-statistics', phone: DEMO_ACCOUNTS.broker, body: { houseId: listings[0]!.id }, key: 'visitedAt' };
    const numbered = await byNumber(visits, 1);
    expect(numbered.length).toBeGreaterThanOrEqual(3);
    expect((await byCursor(visits, 1)).keys).toEqual(numbered);
  });

  it('the external arrival list, waiting and checked', async () => {
    const [listing] = await activeListings(t, cid, 1);
    const auditor = await userIdOf(t, cid, DEMO_ACCOUNTS.auditor);
    const soon = new Date('2030-04-01T00:00:00Z');
    for (let i = 0; i < 5; i++) {
      await insertReport(t, cid, { status: 'RECORDCOMPLETE', houseId: listing!.id, auditorId: auditor, estimatedVisitTime: soon });
      await insertReport(t, cid, { status: 'VISIT', houseId: listing!.id, auditorId: auditor, visitTime: i < 2 ? null : soon });
    }
    const link = await sharedLink(listing!.id);
    for (const state of ['WAITING', 'CHECKED']) {
      await sameByCursorAsByNumber({ url: '/api/record/get-report-auto-list', body: { ...link, state } }, 2, 5);
    }
  });

  it('the pending registrations', async () => {
    await insertRegistrations(5);
    await sameByCursorAsByNumber({ url: '/api/publicapi/get-registration-list', phone: DEMO_ACCOUNTS.auditorAdmin }, 2, 5);
  });
});

let registrations = 0;
async function insertRegistrations(n: number): Promise<number[]> {
  const at = new Date('2029-01-01T00:00:00Z');
  const rows = await t.database.db
    .insert(distributorRegistration)
    .values(
      Array.from({ length: n }, (_, i) => {
        registrations++;
        return {
          companyId: cid,
          companyLicenseName: `分页测试公司${registrations}`,
          name: `分页${registrations}`,
          creditNo: `91460000PAGE${String(registrations).padStart(6, '0')}`,
          managerName: '测试',
          managerPhone: `1370000${String(registrations).padStart(4, '0')}`,
          address: '海口',
          businessLicensePic: '',
          passwordHash: 'x',
          // Two in one instant: ordered by id.
          createdAt: i < 2 ? at : new Date(at.getTime() + i * 1000),
        };
      }),
    )
    .returning({ id: distributorRegistration.id });
  return rows.map((r) => r.id);
}

describe('a cursor keeps its place while rows come and go', () => {
  it('reports added between pages neither repeat a row nor hide one', async () => {
    const broker = await userIdOf(t, cid, DEMO_ACCOUNTS.broker);
    const l = { url: RECORD_LIST, phone: DEMO_ACCOUNTS.broker, body: {} };
    const before = await byNumber(l, 3);
    const added: number[] = [];
    const newest = new Date('2035-01-01T00:00:00Z').getTime();
    const { keys } = await byCursor(l, 3, async (page) => {
      // Newer reports go on top of the list, above the cursor (by page number each would push a row onto the next page again).
      added.push((await insertReport(t, cid, { status: 'RECORDSTART', reporterId: broker, createdAt: new Date(newest + page) })).id);
    });
    expect(added.length).toBeGreaterThan(1);
    expect(keys).toEqual(before);
    expect((await byNumber(l, 50)).slice(0, added.length)).toEqual(added.reverse().map(String));
  });

  it('registrations reviewed between pages leave no gap', async () => {
    await insertRegistrations(6);
    const l = { url: '/api/publicapi/get-registration-list', phone: DEMO_ACCOUNTS.auditorAdmin };
    const before = await byNumber(l, 2);
    const reviewed: string[] = [];
    const { keys } = await byCursor(l, 2, async (page) => {
      // The reviewer approves or rejects what they have read: it leaves the pending list (by
      // page number the rows behind it would move up onto the page already read, unseen).
      for (const id of before.slice(0, page * 2)) {
        if (reviewed.includes(id)) continue;
        reviewed.push(id);
        await t.database.db.update(distributorRegistration).set({ status: 'REJECTED' }).where(eq(distributorRegistration.id, Number(id)));
      }
    });
    expect(reviewed.length).toBeGreaterThan(2);
    expect(keys).toEqual(before);
  });

  it('rows within one millisecond are told apart to the microsecond', async () => {
    const broker = await userIdOf(t, cid, DEMO_ACCOUNTS.otherBroker);
    const template = await insertReport(t, cid, { status: 'RECORDSTART', reporterId: broker });
    // Created 1 µs apart, and ids running the other way: only the microseconds order them.
    for (let i = 1; i <= 5; i++) {
      await t.database.db.execute(sql`insert into record (company_id, house_id, customer_name, customer_phone, customer_phone_masked, reporter_id,
        distributor_id, shop_manager_id, channel_user_id, auditor_id, estimated_visit_time, protect_until, submission_id, created_at)
        select company_id, house_id, customer_name, customer_phone, customer_phone_masked, reporter_id, distributor_id, shop_manager_id,
        channel_user_id, auditor_id, estimated_visit_time, protect_until, ${`us-${i}`}, timestamptz '2031-01-01 00:00:00.000010+00' - ${i} * interval '1 microsecond'
        from record where id = ${template.id}`);
    }
    const expected = await queryRows<{ id: number }>(
      t.database.db,
      sql`select id from record where company_id = ${cid} and reporter_id = ${broker} order by created_at desc, id desc`,
    );
    const l = { url: RECORD_LIST, phone: DEMO_ACCOUNTS.otherBroker, body: {} };
    for (const size of [1, 2, 3]) expect((await byCursor(l, size)).keys).toEqual(expected.map((r) => String(r.id)));
  });
});

describe('a cursor that is not one', () => {
  const b64 = (text: string) => Buffer.from(text).toString('base64url');
  const garbled = [
    'garbled',
    '%E4%B8%AD',
    cursors.house.encode([1, 2]),
    b64(JSON.stringify(['record', 'yesterday', 1])),
    b64(JSON.stringify(['record', '2026-01-01T00:00:00.000000Z', -1])),
    b64(JSON.stringify(['record', '2026-01-01T00:00:00.000000Z', "1 or 1=1"])),
    'x'.repeat(300),
  ];

  it.each(garbled)('%s is refused with the field’s message on the report list', async (cursor) => {
    const res = await t.call({
      method: 'POST',
      url: `${RECORD_LIST}?page=2&pageSize=8&cursor=${encodeURIComponent(cursor)}`,
      payload: {},
      token: await t.tokenOf(DEMO_ACCOUNTS.broker),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toBe(refused);
  });

  it('is refused by every list, and an empty one is page 1', async () => {
    const [listing] = await activeListings(t, cid, 1);
    const lists: Lister[] = [
      { url: HOUSE_LIST },
      { url: DISTRIBUTOR_LIST, phone: DEMO_ACCOUNTS.general },
      { url: '/api/user/favorite-house-list', phone: DEMO_ACCOUNTS.broker },
      { url: '/api/user/get-user-share-statistics', phone: DEMO_ACCOUNTS.broker },
      { url: '/api/user/get-user-share-house-statistics', phone: DEMO_ACCOUNTS.broker, body: { houseId: listing!.id } },
      { url: '/api/publicapi/get-registration-list', phone: DEMO_ACCOUNTS.auditorAdmin },
      { url: '/api/record/get-report-auto-list', body: { ...(await sharedLink(listing!.id)), state: 'WAITING' } },
    ];
    for (const l of lists) {
      const token = l.phone ? await t.tokenOf(l.phone) : undefined;
      const bad = await t.call({ method: 'POST', url: `${l.url}?page=2&cursor=${cursors.record.encode(['2026-01-01T00:00:00.000000Z', 1])}x`, payload: l.body ?? {}, token });
      expect(bad.statusCode, l.url).toBe(400);
      expect(bad.json().msg).toBe(refused);
      const empty = await t.call({ method: 'POST', url: `${l.url}?page=1&cursor=`, payload: l.body ?? {}, token });
      expect(empty.statusCode, l.url).toBe(200);
    }
  });
});

describe('a cursor never widens the scope', () => {
  it('a cursor taken from the auditor admin’s list gives a broker only their own reports', async () => {
    const broker = await userIdOf(t, cid, DEMO_ACCOUNTS.broker);
    // The admin's second row is another broker's, so the cursor names a report the broker may not see.
    const admin = await fetchPage({ url: RECORD_LIST, phone: DEMO_ACCOUNTS.auditorAdmin }, 'page=1&pageSize=20');
    const rows = await t.database.db.select({ id: record.id, reporterId: record.reporterId }).from(record).where(eq(record.companyId, cid));
    const reporterOf = new Map(rows.map((r) => [String(r.id), r.reporterId]));
    const foreign = admin.list.findIndex((r) => reporterOf.get(String(r.id)) !== broker);
    expect(foreign).toBeGreaterThanOrEqual(0);
    const cut = (await fetchPage({ url: RECORD_LIST, phone: DEMO_ACCOUNTS.auditorAdmin }, `page=1&pageSize=${foreign + 1}`)).nextCursor;
    const mine = await byNumber({ url: RECORD_LIST, phone: DEMO_ACCOUNTS.broker }, 50);
    const ids = (await fetchPage({ url: RECORD_LIST, phone: DEMO_ACCOUNTS.broker }, `page=2&pageSize=50&cursor=${cut}`)).list.map((r) => String(r.id));
    expect(ids.length).toBeGreaterThan(0);
    for (const id of ids) expect(reporterOf.get(id)).toBe(broker);
    // A stretch of the broker's own list, from where the admin's row would stand to its end.
    const start = mine.indexOf(ids[0]!);
    expect(mine.slice(start)).toEqual(ids);
  });

  it('a forged cursor from the far future lists exactly the viewer’s scope, and nothing of another company', async () => {
    const forged = cursors.record.encode(['2999-01-01T00:00:00.000000Z', 2_147_483_647]);
    for (const [host, phone] of [
      [HOSTS.localhost, DEMO_ACCOUNTS.broker],
      [HOSTS.localhost, DEMO_ACCOUNTS.channel],
      [HOSTS.second, '13900000007'],
    ] as const) {
      const l = { url: RECORD_LIST, phone, host };
      const all = await byNumber(l, 50);
      const page = await fetchPage(l, `page=1&pageSize=50&cursor=${forged}`);
      expect(page.list.map(keyOf(l))).toEqual(all.slice(0, 50));
    }
    const seen = await fetchPage({ url: RECORD_LIST, phone: '13900000007', host: HOSTS.second }, `page=1&pageSize=50&cursor=${forged}`);
    const companies = await t.database.db
      .selectDistinct({ companyId: record.companyId })
      .from(record)
      .where(inArray(record.id, seen.list.map((r) => Number(r.id))));
    expect(companies).toEqual([{ companyId: await t.companyIdOf(HOSTS.second) }]);
  });

  it('the house list of another company stays out of reach', async () => {
    const local = await byNumber({ url: HOUSE_LIST }, 100);
    const first = await fetchPage({ url: HOUSE_LIST }, 'page=1&pageSize=2');
    const second = await fetchPage({ url: HOUSE_LIST, host: HOSTS.second }, `page=2&pageSize=100&cursor=${first.nextCursor}`);
    for (const row of second.list) expect(local).not.toContain(String(row.id));
  });
});
