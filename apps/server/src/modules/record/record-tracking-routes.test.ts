import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { plainUploadUrl } from '@baobei/shared/rules/upload-url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { messages } from '@baobei/shared/messages';
import { customRange } from '@baobei/shared/rules/date-presets';
import { shanghaiDay } from '@baobei/shared/rules/shanghai-time';
import { allowedTargets, DEFAULT_TRANSITION_RULES, RECORD_STATUSES, RECORD_STATUS_TEXT } from '@baobei/shared/rules/record-status';
import { queryRows } from '../../db/client';
import { distributor, recordApproval, recordDynamic, recordImage, user } from '../../db/schema';
import { multipartFile, TINY_PNG } from '../../test/multipart';
import { accountRow, insertReport, userIdOf, type AccountRow } from '../../test/records';
import { createTestApp, HOSTS, type TestApp } from '../../test/test-app';

const t_ = messages.recordTrack;
let t: TestApp;
let dataDir: string;
const companyIds: Record<string, number> = {};
/** A second CHANNEL account, contact of distributor 2 of localhost, so CHANNEL and CHANNELJINGLI differ. */
const SECOND_CHANNEL = '13800000031';

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'baobei-tracking-'));
  t = await createTestApp({ config: { DATA_DIR: dataDir } });
  companyIds[HOSTS.localhost] = await t.companyIdOf(HOSTS.localhost);
  companyIds[HOSTS.second] = await t.companyIdOf(HOSTS.second);
  const cid = companyIds[HOSTS.localhost]!;
  const [channel] = await t.database.db.select().from(user).where(and(eq(user.companyId, cid), eq(user.phone, '13800000004')));
  const [inserted] = await t.database.db
    .insert(user)
    .values({ companyId: cid, role: 'CHANNEL', name: '渠道二', phone: SECOND_CHANNEL, passwordHash: channel!.passwordHash })
    .returning({ id: user.id });
  const second = await userIdOf(t, cid, '13800000008');
  const [broker] = await t.database.db.select({ d: user.distributorId }).from(user).where(eq(user.id, second));
  await t.database.db.update(distributor).set({ channelUserId: inserted!.id }).where(eq(distributor.id, broker!.d!));
});
afterAll(async () => {
  await t.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const account = (host: string, phone: string) => accountRow(t, host, phone);

/**
 * The visibility rule of DECISIONS.md written again, independently, over the user and
 * distributor tables (the server uses record.shop_manager_id and record.distributor_id).
 */
function expectedOwnScope(a: AccountRow) {
  switch (a.role) {
    case 'YUEWUYUAN':
    case 'DIANZHANG':
      return sql`r.reporter_id = ${a.id}`;
    case 'CHANNEL':
      return sql`r.reporter_id in (select u.id from "user" u join distributor d on d.id = u.distributor_id where d.channel_user_id = ${a.id})`;
    case 'CHANNELJINGLI':
      return sql`r.reporter_id in (select u.id from "user" u join distributor d on d.id = u.distributor_id where d.channel_user_id is not null)`;
    case 'AUDITOR':
      return sql`r.auditor_id = ${a.id}`;
    default:
      return sql`true`;
  }
}
function expectedCompanyScope(a: AccountRow) {
  return a.distributor_control
    ? sql`r.reporter_id in (select id from "user" where distributor_id = ${a.distributor_id})`
    : sql`(r.reporter_id = ${a.id} or r.reporter_id in (select id from "user" where manager_id = ${a.id}))`;
}
async function expectedIds(host: string, scope: ReturnType<typeof sql>, extra = sql`true`): Promise<number[]> {
  const rows = await queryRows<{ id: number }>(
    t.database.db,
    sql`select r.id from record r where r.company_id = ${companyIds[host]} and ${scope} and ${extra} order by r.created_at desc, r.id desc`,
  );
  return rows.map((r) => Number(r.id));
}

interface ListAnswer {
  list: { id: number; approvalStatus: string; expired: boolean; createdAt: string }[];
  recordType: { value: string; label: string; number: number }[];
  total: number;
}
/** Every page of a list, 50 at a time (the largest page the server gives). */
async function allPages(url: string, phone: string, body: object, host: string = HOSTS.localhost) {
  const ids: number[] = [];
  let first: ListAnswer | undefined;
  for (let page = 1; page < 100; page++) {
    const res = await t.call({ method: 'POST', url: `${url}?page=${page}&pageSize=500`, payload: body, token: await t.tokenOf(phone, host), host });
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data as ListAnswer;
    first ??= data;
    ids.push(...data.list.map((r) => r.id));
    if (data.list.length < 50) break;
  }
  return { ids, first: first! };
}

const HAIKOU = ['13800000001', '13800000002', '13800000003', '13800000004', '13800000005', '13800000006', '13800000007', '13800000008', '13800000011', '13800000012', '13800000016', '13800000021', '13800000022', '13800000023', '13800000024', SECOND_CHANNEL];
const SANYA = ['13900000001', '13900000002', '13900000003', '13900000004', '13900000005', '13900000006', '13900000007', '13900000008', '13900000011', '13900000012', '13900000021'];
const EVERYONE = [...HAIKOU.map((p) => [HOSTS.localhost, p] as const), ...SANYA.map((p) => [HOSTS.second, p] as const)];

describe('get-record-list: visibility (DECISIONS.md, who sees which reports)', () => {
  it.each(EVERYONE)('%s %s sees exactly the reports of their scope, newest first', async (host, phone) => {
    const a = await account(host, phone);
    const want = await expectedIds(host, expectedOwnScope(a));
    const { ids, first } = await allPages('/api/record/get-record-list', phone, {}, host);
    expect(ids).toEqual(want);
    expect(first.total).toBe(want.length);
    expect(first.recordType[0]).toEqual({ value: '', label: t_.tabAll, number: want.length });
    // Each tab counts its status under the same scope.
    const rows = await queryRows<{ status: string; n: number }>(
      t.database.db,
      sql`select r.status, count(*)::int as n from record r where r.company_id = ${companyIds[host]} and ${expectedOwnScope(a)} group by r.status`,
    );
    const byStatus = new Map(rows.map((r) => [r.status, Number(r.n)]));
    expect(first.recordType.slice(1)).toEqual(RECORD_STATUSES.map((s) => ({ value: s, label: RECORD_STATUS_TEXT[s], number: byStatus.get(s) ?? 0 })));
  });

  it('the channel roles differ once distributors have different contacts', async () => {
    const own = (await allPages('/api/record/get-record-list', '13800000004', {})).ids;
    const other = (await allPages('/api/record/get-record-list', SECOND_CHANNEL, {})).ids;
    const manager = (await allPages('/api/record/get-record-list', '13800000005', {})).ids;
    expect(own.length).toBeGreaterThan(0);
    expect(other.length).toBeGreaterThan(0);
    expect(own.filter((id) => other.includes(id))).toEqual([]);
    expect([...own, ...other].sort((x, y) => x - y)).toEqual([...manager].sort((x, y) => x - y));
  });

  it('needs a session', async () => {
    const res = await t.call({ method: 'POST', url: '/api/record/get-record-list', payload: {} });
    expect(res.statusCode).toBe(401);
  });

  it('pages by 8 by default and never more than 50', async () => {
    const token = await t.tokenOf('13800000007');
    const a = await t.call({ method: 'POST', url: '/api/record/get-record-list', payload: {}, token });
    expect(a.json().data.list).toHaveLength(8);
    expect(a.json().data.pageSize).toBe(8);
    const b = await t.call({ method: 'POST', url: '/api/record/get-record-list?page=1&pageSize=1000', payload: {}, token });
    expect(b.json().data.list).toHaveLength(50);
    const second = await t.call({ method: 'POST', url: '/api/record/get-record-list?page=2&pageSize=8', payload: {}, token });
    expect(second.json().data.list[0].id).toBe(b.json().data.list[8].id);
  });
});

describe('get-distributor-record-list: 公司订单 (DIANZHANG)', () => {
  const shops = [
    [HOSTS.localhost, '13800000001'],
    [HOSTS.localhost, '13800000002'],
    [HOSTS.localhost, '13800000011'],
    [HOSTS.localhost, '13800000012'],
    [HOSTS.localhost, '13800000023'],
    [HOSTS.second, '13900000001'],
    [HOSTS.second, '13900000002'],
  ] as const;
  it.each(shops)('%s %s sees the shop or the whole distributor', async (host, phone) => {
    const a = await account(host, phone);
    const want = await expectedIds(host, expectedCompanyScope(a));
    const { ids, first } = await allPages('/api/record/get-distributor-record-list', phone, {}, host);
    expect(ids).toEqual(want);
    expect(first.recordType[0]!.number).toBe(want.length);
    expect(want.length).toBeGreaterThan(0);
  });

  it('the general account sees more than a shop manager of the distributor', async () => {
    const general = (await allPages('/api/record/get-distributor-record-list', '13800000001', {})).ids;
    const shop = (await allPages('/api/record/get-distributor-record-list', '13800000002', {})).ids;
    expect(shop.every((id) => general.includes(id))).toBe(true);
    expect(general.length).toBeGreaterThan(shop.length);
  });

  it('narrows to one broker of the scope; a broker outside it gives nothing', async () => {
    const cid = companyIds[HOSTS.localhost]!;
    const broker = await userIdOf(t, cid, '13800000003');
    const other = await userIdOf(t, cid, '13800000008');
    const otherShop = await userIdOf(t, cid, '13800000024');
    const mine = await allPages('/api/record/get-distributor-record-list', '13800000002', { subdistributorUserId: broker });
    expect(mine.ids).toEqual(await expectedIds(HOSTS.localhost, sql`r.reporter_id = ${broker}`));
    expect(mine.ids.length).toBeGreaterThan(0);
    for (const [phone, uid] of [
      ['13800000002', other],
      ['13800000002', otherShop],
      ['13800000001', other],
    ] as const) {
      const res = await allPages('/api/record/get-distributor-record-list', phone, { subdistributorUserId: uid });
      expect(res.ids).toEqual([]);
      expect(res.first.recordType[0]!.number).toBe(0);
    }
    const general = await allPages('/api/record/get-distributor-record-list', '13800000001', { subdistributorUserId: otherShop });
    expect(general.ids).toEqual(await expectedIds(HOSTS.localhost, sql`r.reporter_id = ${otherShop}`));
    expect(general.ids.length).toBeGreaterThan(0);
  });

  it('is for DIANZHANG only', async () => {
    for (const phone of ['13800000003', '13800000004', '13800000006', '13800000007']) {
      expect((await t.postAs('/api/record/get-distributor-record-list', phone)).statusCode).toBe(403);
    }
  });
});

describe('list filters', () => {
  const url = '/api/record/get-record-list';
  it('keyword: customer name, phone or listing name; % and _ are letters', async () => {
    const [sample] = await queryRows<{ customer_name: string; customer_phone: string; house_name: string }>(
      t.database.db,
      sql`select r.customer_name, r.customer_phone, h.name as house_name from record r join house h on h.id = r.house_id
          where r.company_id = ${companyIds[HOSTS.localhost]} order by r.id limit 1`,
    );
    for (const keyword of [sample!.customer_name.slice(0, 1), sample!.customer_phone.slice(-4), sample!.house_name.slice(0, 2)]) {
      const like = `%${keyword}%`;
      const want = await expectedIds(
        HOSTS.localhost,
        sql`true`,
        sql`(r.customer_name ilike ${like} or r.customer_phone ilike ${like} or r.house_id in (select id from house where name ilike ${like}))`,
      );
      const { ids } = await allPages(url, '13800000007', { keyword });
      expect(ids).toEqual(want);
      expect(ids.length).toBeGreaterThan(0);
    }
    for (const keyword of ['%', '_', '\\']) {
      expect((await allPages(url, '13800000007', { keyword })).ids).toEqual([]);
    }
  });

  it('approvalStatus filters the list, not the tabs', async () => {
    const all = await allPages(url, '13800000007', {});
    const visit = await allPages(url, '13800000007', { approvalStatus: 'VISIT' });
    expect(visit.ids.length).toBe(visit.first.recordType.find((r) => r.value === 'VISIT')!.number);
    expect(visit.first.total).toBe(visit.ids.length);
    expect(visit.first.recordType).toEqual(all.first.recordType);
    expect(visit.ids).toEqual(await expectedIds(HOSTS.localhost, sql`r.status = 'VISIT'`));
  });

  it('searchDate: Shanghai days, both included (either order)', async () => {
    const day = (offset: number) => shanghaiDay(new Date(Date.now() + offset * 86_400_000));
    const [from, to] = [day(-20), day(-3)];
    const range = customRange(from, to)!;
    const want = await expectedIds(HOSTS.localhost, sql`r.created_at >= ${range.start.toISOString()}::timestamptz and r.created_at < ${range.end.toISOString()}::timestamptz`);
    expect(want.length).toBeGreaterThan(0);
    expect((await allPages(url, '13800000007', { searchDate: [from, to] })).ids).toEqual(want);
    expect((await allPages(url, '13800000007', { searchDate: [to, from] })).ids).toEqual(want);
    // Absent is 不限; anything but two calendar days is refused.
    expect((await allPages(url, '13800000007', {})).first.total).toBeGreaterThanOrEqual(want.length);
    for (const searchDate of [['x'], ['2024-02-30', '2024-03-01'], 'x']) {
      const res = await t.call({ method: 'POST', url, payload: { searchDate }, token: await t.tokenOf('13800000007', HOSTS.localhost) });
      expect(res.statusCode, JSON.stringify(searchDate)).toBe(400);
    }
  });

  it('list items: joined names, Shanghai minutes, expired', async () => {
    const res = await t.postAs('/api/record/get-record-list?pageSize=50', '13800000003');
    const items = res.json().data.list as Record<string, unknown>[];
    const first = items[0]!;
    expect(first.subdistributorUserName).toBe('王小明');
    expect(first.subdistributorUserPhone).toBe('13800000003');
    expect(first.subdistributorName).toBe('龙华万达店');
    expect(first.distributorName).toBe('海南安居房产经纪有限公司');
    expect(first.channelName).toBe('符春梅');
    expect(first.channelMobile).toBe('13800000004');
    expect(first.createdAt).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
    expect(items.some((i) => i.expired === true)).toBe(true);
    for (const i of items) {
      // Waiting for the visit past the report protection, or visited past the viewing protection (docs/decisions/051).
      if (i.expired) expect(['RECORDSTART', 'RECORDSTANDBY', 'RECORDCOMPLETE', 'VISIT']).toContain(i.approvalStatus);
      if (i.approvalStatus === 'RECORDSTART') expect(i.auditAt).toBe('');
    }
  });
});

describe('get-users-select-list (DIANZHANG)', () => {
  it('a shop manager: themself and their brokers; a general account: the whole distributor', async () => {
    const cid = companyIds[HOSTS.localhost]!;
    const me = await account(HOSTS.localhost, '13800000002');
    const shop = await t.postAs('/api/user/get-users-select-list', '13800000002');
    const wantShop = await queryRows<{ id: number; name: string }>(
      t.database.db,
      sql`select id, name from "user" where company_id = ${cid} and (id = ${me.id} or manager_id = ${me.id}) order by id`,
    );
    expect(shop.json().data).toEqual(wantShop.map((u) => ({ label: u.name, value: Number(u.id) })));
    expect(shop.json().data.length).toBe(4);
    const general = await account(HOSTS.localhost, '13800000001');
    const all = await t.postAs('/api/user/get-users-select-list', '13800000001');
    const wantAll = await queryRows<{ id: number }>(t.database.db, sql`select id from "user" where distributor_id = ${general.distributor_id} order by id`);
    expect(all.json().data.map((o: { value: number }) => o.value)).toEqual(wantAll.map((u) => Number(u.id)));
    expect((await t.postAs('/api/user/get-users-select-list', '13800000003')).statusCode).toBe(403);
    expect((await t.postAs('/api/user/get-users-select-list', '13800000006')).statusCode).toBe(403);
  });
});

describe('get-record-data: detail and flags (docs/decisions/011)', () => {
  let closedId: number;
  let visitId: number;
  let adminOnlyId: number;
  beforeAll(async () => {
    const cid = companyIds[HOSTS.localhost]!;
    const reporterId = await userIdOf(t, cid, '13800000003');
    const auditorId = await userIdOf(t, cid, '13800000006');
    const adminId = await userIdOf(t, cid, '13800000007');
    closedId = (await insertReport(t, cid, { status: 'RECORDCLOSE', reporterId, auditorId })).id;
    visitId = (await insertReport(t, cid, { status: 'VISIT', reporterId, auditorId })).id;
    adminOnlyId = (await insertReport(t, cid, { status: 'RECORDSTANDBY', reporterId, auditorId: adminId })).id;
    await t.database.db.insert(recordApproval).values([
      { recordId: visitId, status: 'RECORDSTART', userName: 'a', createdAt: new Date(Date.now() - 3 * 3_600_000) },
      { recordId: visitId, status: 'RECORDCOMPLETE', userName: 'b', createdAt: new Date(Date.now() - 2 * 3_600_000) },
      { recordId: visitId, status: 'VISIT', userName: 'c', createdAt: new Date(Date.now() - 3_600_000) },
    ]);
    await t.database.db.insert(recordDynamic).values([
      { recordId: visitId, userId: reporterId, userName: '旧', remark: 'old', createdAt: new Date(Date.now() - 2 * 3_600_000) },
      { recordId: visitId, userId: reporterId, userName: '新', remark: 'new', createdAt: new Date(Date.now() - 3_600_000) },
    ]);
  });
  const detail = (phone: string, id: number) => t.postAs('/api/record/get-record-data', phone, { id });

  it('flags per role (closed report: protection over)', async () => {
    // [phone, isRecordAgain, permission, approvalStatusPermission, canDial, upload, imageDelete]
    const table: [string, number, number, number | undefined, number, number, number][] = [
      ['13800000003', 1, 0, undefined, 1, 1, 0],
      ['13800000002', 1, 0, undefined, 1, 1, 0],
      ['13800000001', 1, 0, undefined, 1, 1, 0],
      ['13800000004', 0, 1, undefined, 0, 0, 0],
      ['13800000005', 0, 1, undefined, 0, 0, 0],
      ['13800000006', 0, 1, 1, 1, 1, 1],
      ['13800000007', 0, 1, 1, 1, 1, 1],
    ];
    for (const [phone, again, permission, asp, canDial, upload, imageDelete] of table) {
      const res = await detail(phone, closedId);
      expect(res.statusCode, phone).toBe(200);
      const d = res.json().data;
      expect({ phone, isRecordAgain: d.isRecordAgain, permission: d.permission, asp: d.approvalStatusPermission, canDial: d.canDial, upload: d.upload, imageDelete: d.imageDelete }).toEqual({
        phone,
        isRecordAgain: again,
        permission,
        asp,
        canDial,
        upload,
        imageDelete,
      });
      if (asp === undefined) expect('approvalStatusPermission' in d).toBe(false);
    }
  });

  it('list rows carry the same viewer flags as the detail', async () => {
    const seen: string[] = [];
    for (const phone of ['13800000003', '13800000002', '13800000001', '13800000004', '13800000005', '13800000006', '13800000007']) {
      const res = await t.postAs('/api/record/get-record-list?page=1&pageSize=500', phone, { approvalStatus: 'RECORDCLOSE' });
      expect(res.statusCode, res.body).toBe(200);
      const row = (res.json().data.list as { id: number }[]).find((r) => r.id === closedId) as Record<string, unknown> | undefined;
      if (!row) continue;
      seen.push(phone);
      const d = (await detail(phone, closedId)).json().data;
      expect({ phone, isRecordAgain: row.isRecordAgain, permission: row.permission, canDial: row.canDial }).toEqual({
        phone,
        isRecordAgain: d.isRecordAgain,
        permission: d.permission,
        canDial: d.canDial,
      });
    }
    // The reporter, a channel role and the report's auditor all list it.
    expect(seen).toEqual(expect.arrayContaining(['13800000003', '13800000005', '13800000006']));
  });

  it('next statuses: the shared machine for the report’s auditors, none for others', async () => {
    expect((await detail('13800000006', closedId)).json().data.nextStatusList).toEqual([]);
    const admin = (await detail('13800000007', closedId)).json().data.nextStatusList.map((s: { value: string }) => s.value);
    expect(admin).toEqual(allowedTargets('RECORDCLOSE', 'AUDITORADMIN', DEFAULT_TRANSITION_RULES));
    expect(admin).toContain('RECORDSTANDBY');
    expect((await detail('13800000006', visitId)).json().data.nextStatusList.map((s: { value: string }) => s.value)).toEqual(['RECORDCLOSE', 'MAKEBARGAIN']);
    expect((await detail('13800000003', visitId)).json().data.nextStatusList).toEqual([]);
    expect((await detail('13800000004', visitId)).json().data.nextStatusList).toEqual([]);
  });

  it('a visited report is never re-reported; history oldest first, dynamics newest first', async () => {
    const d = (await detail('13800000003', visitId)).json().data;
    expect(d.isRecordAgain).toBe(0);
    expect(d.list.map((a: { userName: string }) => a.userName)).toEqual(['a', 'b', 'c']);
    expect(d.list[2].statusText).toBe('已到访');
    expect(d.userRecordList.map((a: { remark: string }) => a.remark)).toEqual(['new', 'old']);
    expect(d.recordStatusList).toHaveLength(9);
    expect(typeof d.houseRecordTips).toBe('string');
  });

  it('404 outside the scope', async () => {
    for (const phone of ['13800000008', '13800000011', '13800000012', '13800000023', '13800000021', '13800000016', SECOND_CHANNEL]) {
      const res = await detail(phone, closedId);
      expect(res.statusCode, phone).toBe(404);
      expect(res.json().msg).toBe(t_.notFound);
    }
    expect((await detail('13800000006', adminOnlyId)).statusCode).toBe(404);
    expect((await detail('13800000007', adminOnlyId)).statusCode).toBe(200);
    // A token of the other company is no session here.
    const foreign = await t.call({ method: 'POST', url: '/api/record/get-record-data', payload: { id: closedId }, token: await t.tokenOf('13900000007', HOSTS.second) });
    expect(foreign.statusCode).toBe(401);
    const other = await t.postAs('/api/record/get-record-data', '13900000007', { id: closedId }, HOSTS.second);
    expect(other.statusCode).toBe(404);
    expect((await detail('13800000007', 999_999)).statusCode).toBe(404);
  });

  it('get-record-audit-data: auditors of the report only', async () => {
    for (const phone of ['13800000003', '13800000002', '13800000001', '13800000004', '13800000005']) {
      expect((await t.postAs('/api/record/get-record-audit-data', phone, { id: closedId })).statusCode, phone).toBe(403);
    }
    const mine = await t.postAs('/api/record/get-record-audit-data', '13800000006', { id: closedId });
    expect(mine.statusCode).toBe(200);
    expect(mine.json().data.approvalStatusPermission).toBe(1);
    const notMine = await t.postAs('/api/record/get-record-audit-data', '13800000006', { id: adminOnlyId });
    expect(notMine.statusCode).toBe(404);
    expect(notMine.json().msg).toBe(t_.notFound);
    expect((await t.postAs('/api/record/get-record-audit-data', '13800000016', { id: closedId })).statusCode).toBe(404);
    expect((await t.postAs('/api/record/get-record-audit-data', '13800000007', { id: adminOnlyId })).json().data.approvalStatusPermission).toBe(1);
  });
});

describe('QR-code images and customer dynamics', () => {
  let id: number;
  beforeAll(async () => {
    const cid = companyIds[HOSTS.localhost]!;
    id = (
      await insertReport(t, cid, {
        status: 'RECORDCOMPLETE',
        reporterId: await userIdOf(t, cid, '13800000003'),
        auditorId: await userIdOf(t, cid, '13800000006'),
      })
    ).id;
  });
  async function upload(phone: string): Promise<string> {
    const res = await t.call({ method: 'POST', url: '/api/upload/index', token: await t.tokenOf(phone), ...multipartFile(TINY_PNG, 'qr.png', 'image/png') });
    expect(res.statusCode).toBe(200);
    return res.json().data.url as string;
  }

  it('upload: the reporter’s side and the report’s auditors, own uploads only, at most nine', async () => {
    const mine = await upload('13800000003');
    const res = await t.postAs('/api/record/upload-record-image', '13800000003', { id, url: mine });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ id: expect.any(Number), url: expect.stringMatching(/\?exp=\d+&sig=/) });
    // The same picture, signed for this answer (the signature changes by the hour).
    expect(plainUploadUrl(res.json().data.url)).toBe(plainUploadUrl(mine));
    // Someone else's upload is refused.
    const theirs = await upload('13800000002');
    const stolen = await t.postAs('/api/record/upload-record-image', '13800000003', { id, url: theirs });
    expect(stolen.statusCode).toBe(400);
    expect(stolen.json().msg).toBe(messages.recordServer.picNotOwned);
    // A channel viewer sees the report but may not upload.
    const channelUrl = await upload('13800000004');
    expect((await t.postAs('/api/record/upload-record-image', '13800000004', { id, url: channelUrl })).statusCode).toBe(403);
    expect((await t.postAs('/api/record/upload-record-image', '13800000008', { id, url: mine })).statusCode).toBe(404);
    const auditorUrl = await upload('13800000006');
    expect((await t.postAs('/api/record/upload-record-image', '13800000006', { id, url: auditorUrl })).statusCode).toBe(200);
    expect((await t.postAs('/api/record/upload-record-image', '13800000002', { id, url: theirs })).statusCode).toBe(200);
    for (let i = 3; i < 9; i++) expect((await t.postAs('/api/record/upload-record-image', '13800000003', { id, url: mine })).statusCode).toBe(200);
    const tenth = await t.postAs('/api/record/upload-record-image', '13800000003', { id, url: mine });
    expect(tenth.statusCode).toBe(400);
    expect(tenth.json().msg).toBe(t_.tooManyImages);
    expect(await t.database.db.$count(recordImage, eq(recordImage.recordId, id))).toBe(9);
  });

  it('remove: the report’s auditors only; answers the images left', async () => {
    const images = (await t.postAs('/api/record/get-record-data', '13800000003', { id })).json().data.images as { id: number }[];
    expect(images).toHaveLength(9);
    expect((await t.postAs('/api/record/remove-record-image', '13800000003', { id, imageId: images[0]!.id })).statusCode).toBe(403);
    expect((await t.postAs('/api/record/remove-record-image', '13800000016', { id, imageId: images[0]!.id })).statusCode).toBe(404);
    const res = await t.postAs('/api/record/remove-record-image', '13800000006', { id, imageId: images[0]!.id });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.map((i: { id: number }) => i.id)).toEqual(images.slice(1).map((i) => i.id));
    const again = await t.postAs('/api/record/remove-record-image', '13800000007', { id, imageId: images[0]!.id });
    expect(again.statusCode).toBe(404);
    expect(again.json().msg).toBe(t_.imageNotFound);
  });

  it('dynamics: content required; any viewer in scope; newest first', async () => {
    const empty = await t.postAs('/api/record/update-record-customer-info', '13800000004', { id, remark: '  ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().msg).toBe(t_.dynamicRequired);
    const res = await t.postAs('/api/record/update-record-customer-info', '13800000004', { id, remark: '客户已到案场' });
    expect(res.statusCode).toBe(200);
    expect(res.json().msg).toBe(t_.dynamicAdded);
    expect(res.json().data[0]).toMatchObject({ userName: '符春梅', remark: '客户已到案场' });
    const second = await t.postAs('/api/record/update-record-customer-info', '13800000003', { id, remark: '第二条' });
    expect(second.json().data.map((d: { remark: string }) => d.remark).slice(0, 2)).toEqual(['第二条', '客户已到案场']);
    expect((await t.postAs('/api/record/update-record-customer-info', '13800000008', { id, remark: 'x' })).statusCode).toBe(404);
  });
});
