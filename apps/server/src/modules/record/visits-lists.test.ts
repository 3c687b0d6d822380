import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { messages } from '@baobei/shared/messages';
import { AWAITING_VISIT_STATUSES } from '@baobei/shared/rules/awaiting-visit';
import type { RecordStatus } from '@baobei/shared/rules/record-status';
import { formatShanghaiMinute, shanghaiInstant } from '@baobei/shared/rules/shanghai-time';
import { CURSOR_FIELD, cursors } from '@baobei/shared/schemas/cursor';
import { queryRows } from '../../db/client';
import { house, record } from '../../db/schema';
import { DEMO_ACCOUNTS } from '../../test/accounts';
import { activeListings, insertReport, userIdOf } from '../../test/records';
import { createTestApp, HOSTS, type TestApp } from '../../test/test-app';

/**
 * Issue 32, items 2 and 6 (docs/decisions/089) through the routes: 待到访 (the reporter side's
 * waiting reports, soonest expected visit first, paged by its own cursor, refused to other roles)
 * and the 案场 list's search (a name or a phone's last four digits) and day filter, which never
 * reach another listing's or company's reports.
 */
const { broker: BROKER, manager: MANAGER, auditor: AUDITOR, otherBroker: OTHER } = DEMO_ACCOUNTS;
let t: TestApp;
let cid: number;
let ids: Record<'broker' | 'manager' | 'other', number>;
let listing: typeof house.$inferSelect;
let neighbour: typeof house.$inferSelect;
let sign = '';
const invalid = messages.input.invalid;

beforeAll(async () => {
  t = await createTestApp();
  cid = await t.companyIdOf(HOSTS.localhost);
  ids = { broker: await userIdOf(t, cid, BROKER), manager: await userIdOf(t, cid, MANAGER), other: await userIdOf(t, cid, OTHER) };
  [listing, neighbour] = (await activeListings(t, cid, 2)) as [typeof house.$inferSelect, typeof house.$inferSelect];
  // MASKED: the 案场 reads first three and last four digits, and searches the last four only.
  await t.database.db.update(house).set({ ruleTel: 'MASKED' }).where(eq(house.id, listing.id));
  const link = await t.postAs('/api/record/get-report-auto-link', AUDITOR, { houseId: listing.id });
  sign = new URL(link.json().data.path as string, 'http://x').searchParams.get('sign')!;
});
afterAll(async () => {
  await t?.close();
});

const list = (phone: string, body: object, query = '') => t.postAs(`/api/record/get-record-list${query}`, phone, { keyword: '', approvalStatus: '', searchDate: [], ...body });

describe('待到访', () => {
  let mine: number[] = [];

  beforeAll(async () => {
    // The broker's reports of every status, expected over the next days and a past one, in no order.
    const statuses: RecordStatus[] = ['RECORDCOMPLETE', 'VISIT', 'RECORDSTART', 'RECORDCLOSE', 'RECORDSTANDBY', 'UNVISIT', 'RECORDCOMPLETE', 'MAKEBARGAIN', 'RECORDSTART'];
    const base = Date.now();
    const rows = await Promise.all(
      statuses.map((status, i) =>
        insertReport(t, cid, { status, reporterId: ids.broker, shopManagerId: ids.manager, estimatedVisitTime: new Date(base + ((i * 7) % 9) * 3_600_000 - 5 * 3_600_000) }),
      ),
    );
    mine = rows.map((r) => r.id);
  });

  /** The broker's waiting reports as SQL orders them: soonest expected visit first. */
  const expected = async (where: ReturnType<typeof sql>) =>
    (
      await queryRows<{ id: number }>(
        t.database.db,
        sql`select id from record where company_id = ${cid} and ${where} and status in ${AWAITING_VISIT_STATUSES} order by estimated_visit_time, id`,
      )
    ).map((r) => r.id);

  it('我的订单: only the waiting reports, soonest first, every page by its own cursor; the tabs count the view', async () => {
    const want = await expected(sql`reporter_id = ${ids.broker}`);
    expect(want.length).toBeGreaterThan(6);
    const seen: number[] = [];
    let cursor = '';
    for (let page = 1; page < 20; page++) {
      const res = await list(BROKER, { awaitingVisit: true }, `?page=${page}&pageSize=3${cursor ? `&cursor=${cursor}` : ''}`);
      expect(res.statusCode, res.body).toBe(200);
      const data = res.json().data;
      for (const row of data.list) expect(AWAITING_VISIT_STATUSES).toContain(row.approvalStatus);
      seen.push(...data.list.map((r: { id: number }) => r.id));
      if (page === 1) {
        expect(data.total).toBe(want.length);
        const tabs = new Map(data.recordType.map((tab: { value: string; number: number }) => [tab.value, tab.number]));
        expect(tabs.get('')).toBe(want.length);
        expect(tabs.get('VISIT')).toBe(0);
        expect(tabs.get('RECORDCLOSE')).toBe(0);
      } else expect(data.total).toBeNull();
      if (!data.nextCursor) break;
      cursor = data.nextCursor;
      expect(cursors.recordVisit.decode(cursor)).not.toBeNull();
    }
    expect(seen).toEqual(want);
    // The rows carry the expected visit as the other times ('YYYY-MM-DD HH:mm', Shanghai).
    const [row] = await t.database.db.select().from(record).where(eq(record.id, want[0]!));
    const first = (await list(BROKER, { awaitingVisit: true })).json().data.list[0];
    expect(first.estimatedVisitTime).toBe(formatShanghaiMinute(row!.estimatedVisitTime));
    // A status tab within the view: only that status, still soonest first.
    const start = await list(BROKER, { awaitingVisit: true, approvalStatus: 'RECORDSTART' }, '?pageSize=50');
    expect(start.json().data.list.map((r: { id: number }) => r.id)).toEqual(await expected(sql`reporter_id = ${ids.broker} and status = 'RECORDSTART'`));
    // Without the view, the newest first as before (mine includes non-waiting reports).
    const all = (await list(BROKER, {}, '?pageSize=50')).json().data.list.map((r: { id: number }) => r.id);
    expect(all).toEqual(expect.arrayContaining(mine));
  });

  it('公司订单: the shop’s waiting reports, soonest first', async () => {
    const res = await t.postAs('/api/record/get-distributor-record-list?pageSize=50', MANAGER, { keyword: '', approvalStatus: '', searchDate: [], awaitingVisit: true });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.list.map((r: { id: number }) => r.id)).toEqual((await expected(sql`shop_manager_id = ${ids.manager}`)).slice(0, 50));
  });

  it('refuses a cursor of the other order, other roles, and a view that is not a switch, changing nothing', async () => {
    const newest = (await list(BROKER, {}, '?pageSize=3')).json().data.nextCursor as string;
    const soonest = (await list(BROKER, { awaitingVisit: true }, '?pageSize=3')).json().data.nextCursor as string;
    for (const [body, cursor] of [
      [{ awaitingVisit: true }, newest],
      [{}, soonest],
    ] as const) {
      const res = await list(BROKER, body, `?page=2&pageSize=3&cursor=${cursor}`);
      expect(res.statusCode).toBe(400);
      expect(res.json().msg).toBe(invalid(CURSOR_FIELD));
    }
    for (const phone of [AUDITOR, DEMO_ACCOUNTS.channel, DEMO_ACCOUNTS.auditorAdmin]) {
      const res = await list(phone, { awaitingVisit: true });
      expect(res.statusCode, phone).toBe(400);
      expect(res.json().msg).toBe(messages.recordTrack.awaitingVisitRefused);
    }
    const bad = await list(BROKER, { awaitingVisit: 'yes' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().msg).toBe(invalid('待到访'));
  });
});

describe('the 案场 list’s search and day filter', () => {
  const day1 = shanghaiInstant(2031, 2, 3, 10, 0);
  const day2 = shanghaiInstant(2031, 2, 4, 15, 30);
  let rows: Record<'xiaodong' | 'xiaodongLater' | 'yi' | 'visited' | 'neighbour' | 'otherBroker', number>;

  beforeAll(async () => {
    const waiting = (values: Partial<typeof record.$inferInsert>) =>
      insertReport(t, cid, { status: 'RECORDCOMPLETE', reporterId: ids.broker, shopManagerId: ids.manager, houseId: listing.id, ...values }).then((r) => r.id);
    rows = {
      xiaodong: await waiting({ customerName: '蔺晓东', customerPhone: '16600325678', estimatedVisitTime: day1 }),
      xiaodongLater: await waiting({ customerName: '蔺晓东', customerPhone: '16600329911', estimatedVisitTime: day2 }),
      yi: await waiting({ customerName: '蔺一', customerPhone: '16600335678', estimatedVisitTime: day2 }),
      otherBroker: await waiting({ customerName: '蔺晓东', customerPhone: '16600345678', estimatedVisitTime: day1, reporterId: ids.other, shopManagerId: null }),
      visited: await waiting({ customerName: '蔺晓东', customerPhone: '16600355678', estimatedVisitTime: day1, status: 'VISIT', visitTime: day1 }),
      // Another listing of the company: the same name, tail and day, never on this listing's link.
      neighbour: await waiting({ customerName: '蔺晓东', customerPhone: '16600365678', estimatedVisitTime: day1, houseId: neighbour.id }),
    };
    // Another company's report with the same name, tail and day.
    const other = await t.companyIdOf(HOSTS.second);
    await insertReport(t, other, { status: 'RECORDCOMPLETE', customerName: '蔺晓东', customerPhone: '16600375678', estimatedVisitTime: day1 });
  });

  const ext = (state: 'WAITING' | 'CHECKED', search: object) =>
    t.call({ method: 'POST', url: '/api/record/get-report-auto-list?pageSize=50', payload: { houseId: listing.id, sign, state, ...search } });
  const count = (search: Record<string, string>) =>
    t.call({ method: 'GET', url: `/api/record/get-report-auto-count?${new URLSearchParams({ houseId: String(listing.id), sign, ...search })}` });
  const idsOf = (res: Awaited<ReturnType<typeof ext>>) => (res.json().data.list as { id: number }[]).map((r) => r.id).sort((a, b) => a - b);
  const sorted = (...values: number[]) => values.sort((a, b) => a - b);

  it('finds a name (any part), a phone tail, a day, and both together; counts follow', async () => {
    const cases: [object, number[], number[]][] = [
      [{ keyword: '晓东' }, [rows.xiaodong, rows.xiaodongLater, rows.otherBroker], [rows.visited]],
      [{ keyword: '5678' }, [rows.xiaodong, rows.yi, rows.otherBroker], [rows.visited]],
      [{ visitDay: '2031-03-04' }, [rows.xiaodongLater, rows.yi], []],
      [{ keyword: '晓东', visitDay: '2031-03-03' }, [rows.xiaodong, rows.otherBroker], [rows.visited]],
      [{ keyword: '5678', visitDay: '2031-03-04' }, [rows.yi], []],
    ];
    for (const [search, waiting, checked] of cases) {
      const w = await ext('WAITING', search);
      expect(w.statusCode, w.body).toBe(200);
      expect(idsOf(w), JSON.stringify(search)).toEqual(sorted(...waiting));
      expect(w.json().data.total).toBe(waiting.length);
      expect(idsOf(await ext('CHECKED', search)), JSON.stringify(search)).toEqual(sorted(...checked));
      const c = await count(search as Record<string, string>);
      expect(c.json().data, JSON.stringify(search)).toMatchObject({ waiting: waiting.length, checked: checked.length });
    }
    // Waiting: the soonest expected visit first; the phones as the 案场 reads a MASKED listing.
    const byDay = (await ext('WAITING', { keyword: '晓东' })).json().data.list;
    expect(byDay.map((r: { estimatedVisitTime: string }) => r.estimatedVisitTime)).toEqual(['2031-03-03 10:00', '2031-03-03 10:00', '2031-03-04 15:30']);
    expect(byDay.map((r: { customerPhone: string }) => r.customerPhone)).toContain('166****5678');
  });

  it('no match is an empty page; digits that are not the last four are refused (no more of the number than the list shows)', async () => {
    const none = await ext('WAITING', { keyword: '不存在的客户' });
    expect(none.json().data).toMatchObject({ list: [], total: 0 });
    for (const keyword of ['56', '166', '16600325678', '00325678']) {
      const res = await ext('WAITING', { keyword });
      expect(res.statusCode, keyword).toBe(400);
      expect(res.json().msg).toBe(messages.recordTrack.arrivalTailInvalid);
      expect((await count({ keyword })).statusCode).toBe(400);
    }
    for (const visitDay of ['2031-02-30', 'tomorrow', '2031/03/03']) {
      const res = await ext('WAITING', { visitDay });
      expect(res.statusCode, visitDay).toBe(400);
      expect(res.json().msg).toBe(invalid('预计到访日期'));
    }
    // A wrong sign stays one 403, whatever the search.
    const forged = await t.call({ method: 'POST', url: '/api/record/get-report-auto-list', payload: { houseId: listing.id, sign: 'x'.repeat(64), keyword: '56' } });
    expect(forged.statusCode).toBe(403);
  });

  it('another listing’s and another company’s reports are never found', async () => {
    const found = idsOf(await ext('WAITING', { keyword: '5678', visitDay: '2031-03-03' }));
    expect(found).not.toContain(rows.neighbour);
    const [leak] = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from record where id = any(${`{${found.join(',')}}`}::int[]) and (house_id <> ${listing.id} or company_id <> ${cid})`,
    );
    expect(leak!.n).toBe(0);
    // This listing's link does not open the neighbour's list.
    const wrong = await t.call({ method: 'POST', url: '/api/record/get-report-auto-list', payload: { houseId: neighbour.id, sign, keyword: '5678' } });
    expect(wrong.statusCode).toBe(403);
    expect(await t.database.db.select({ id: record.id }).from(record).where(and(eq(record.houseId, neighbour.id), eq(record.id, rows.neighbour)))).toHaveLength(1);
  });
});
