import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import { messages } from '@baobei/shared/messages';
import { DEFAULT_TRANSITION_RULES, RECORD_STATUSES, type RecordStatus } from '@baobei/shared/rules/record-status';
import { formatShanghaiMinute } from '@baobei/shared/rules/shanghai-time';
import { auditLog, house, record, recordApproval, user } from '../../db/schema';
import { DEMO_ACCOUNTS } from '../../test/accounts';
import { auditMatrix, insertReport, reportSubmitPayload, submitAudit, userIdOf, type AuditMove } from '../../test/records';
import { createTestApp, HOSTS, type TestApp } from '../../test/test-app';
import { instanceSecret } from '../../lib/instance-secrets';
import { signExternalLink } from './external-link';

const recordText = messages.recordTrack;
const AUDITOR = DEMO_ACCOUNTS.auditor;
const ADMIN = DEMO_ACCOUNTS.auditorAdmin;
let t: TestApp;
let dataDir: string;
let cid: number;
let ids: Record<'broker' | 'auditor' | 'admin' | 'vacationer', number>;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'baobei-audit-'));
  t = await createTestApp({ config: { DATA_DIR: dataDir } });
  cid = await t.companyIdOf(HOSTS.localhost);
  ids = {
    broker: await userIdOf(t, cid, '13800000003'),
    auditor: await userIdOf(t, cid, AUDITOR),
    admin: await userIdOf(t, cid, ADMIN),
    vacationer: await userIdOf(t, cid, '13800000016'),
  };
});
afterAll(async () => {
  await t.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const anHourAgo = () => formatShanghaiMinute(new Date(Date.now() - 3_600_000));
const report = (status: RecordStatus, auditorId = ids.auditor) => insertReport(t, cid, { status, reporterId: ids.broker, auditorId });
const audit = (phone: string, move: AuditMove) => submitAudit(t, phone, move);

describe('submit-record-audit-data: the whole transition table', () => {
  auditMatrix({
    // The company default (deal_confirm_by_admin off); record-deal-confirmation.test.ts runs the table with it on.
    rules: DEFAULT_TRANSITION_RULES,
    report,
    audit,
    // Rows written out by hand from part 2, section 4, so the table above is not only the code mirrored.
    handWritten: [
      ['RECORDCLOSE', 'RECORDSTANDBY', AUDITOR, 403],
      ['RECORDCLOSE', 'RECORDSTANDBY', ADMIN, 200],
      ['MAKEBARGAINCLOSE', 'MAKEBARGAIN', AUDITOR, 403],
      ['MAKEBARGAINCLOSE', 'MAKEBARGAIN', ADMIN, 200],
      ['MAKEBARGAINCLOSE', 'RECORDSTART', ADMIN, 400],
      ['VISIT', 'MAKEBARGAINCOMPLETE', AUDITOR, 400],
      ['VISIT', 'MAKEBARGAINCOMPLETE', ADMIN, 400],
      ['VISIT', 'MAKEBARGAIN', AUDITOR, 200],
      ['RECORDSTART', 'VISIT', AUDITOR, 400],
      ['RECORDSTART', 'VISIT', ADMIN, 400],
      ['RECORDSTART', 'RECORDSTANDBY', AUDITOR, 200],
      ['RECORDSTART', 'RECORDCLOSE', AUDITOR, 200],
      // The 修改 dialog keeps the status: allowed, except that a pending report must move.
      ['RECORDSTANDBY', 'RECORDSTANDBY', AUDITOR, 200],
      ['RECORDSTART', 'RECORDSTART', AUDITOR, 400],
      ['RECORDCLOSE', 'RECORDCLOSE', ADMIN, 200],
      ['RECORDSTANDBY', 'RECORDSTART', ADMIN, 400],
      ['RECORDCOMPLETE', 'UNVISIT', AUDITOR, 200],
      ['RECORDCOMPLETE', 'VISIT', AUDITOR, 200],
      ['UNVISIT', 'VISIT', AUDITOR, 200],
      // Decision 022: by default the assigned auditor confirms a deal and may close a confirmed one.
      ['MAKEBARGAIN', 'MAKEBARGAINCOMPLETE', AUDITOR, 200],
      ['MAKEBARGAIN', 'MAKEBARGAINCOMPLETE', ADMIN, 200],
      ['MAKEBARGAIN', 'MAKEBARGAINCLOSE', AUDITOR, 200],
      ['MAKEBARGAINCOMPLETE', 'MAKEBARGAINCLOSE', AUDITOR, 200],
      ['MAKEBARGAINCOMPLETE', 'MAKEBARGAINCLOSE', ADMIN, 200],
    ],
  });

  it('the audit page offers 确认成交 to the assigned auditor', async () => {
    const row = await report('MAKEBARGAIN');
    const res = await t.postAs('/api/record/get-record-audit-data', AUDITOR, { id: row.id });
    expect((res.json().data.nextStatusList as { value: string }[]).map((s) => s.value)).toEqual(['MAKEBARGAINCOMPLETE', 'MAKEBARGAINCLOSE']);
  });

  it('distributor and channel roles are refused by the route (403), whatever the status', async () => {
    for (const from of RECORD_STATUSES) {
      const row = await report(from);
      for (const phone of ['13800000003', '13800000002', '13800000001', '13800000004', '13800000005']) {
        const res = await audit(phone, { id: row.id, approvalStatus: 'RECORDCLOSE' });
        expect(res.statusCode, `${phone} ${from}`).toBe(403);
        expect(res.json().msg).toBe(messages.common.forbidden);
      }
      const [after] = await t.database.db.select().from(record).where(eq(record.id, row.id));
      expect(after!.status).toBe(from);
    }
  });

  it('an AUDITOR not assigned, or of another company, gets 404', async () => {
    const row = await report('RECORDSTART', ids.admin);
    for (const phone of [AUDITOR, '13800000016']) {
      const res = await audit(phone, { id: row.id, approvalStatus: 'RECORDSTANDBY' });
      expect(res.statusCode).toBe(404);
      expect(res.json().msg).toBe(recordText.notFound);
    }
    const res = await t.postAs('/api/record/submit-record-audit-data', '13900000007', { id: row.id, approvalStatus: 'RECORDSTANDBY', version: 1, reback: false, approvalResult: '' }, HOSTS.second);
    expect(res.statusCode).toBe(404);
  });
});

describe('submit-record-audit-data: rules and what it writes', () => {
  it('reject switch: pending reports only, and only to 报备无效', async () => {
    const standby = await report('RECORDSTANDBY');
    let res = await audit(AUDITOR, { id: standby.id, approvalStatus: 'RECORDCLOSE', reback: true });
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toBe(recordText.rebackOnlyPending);
    const pending = await report('RECORDSTART');
    res = await audit(AUDITOR, { id: pending.id, approvalStatus: 'RECORDSTANDBY', reback: true });
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toBe(recordText.rebackOnlyClose);
    res = await audit(AUDITOR, { id: pending.id, approvalStatus: 'RECORDCLOSE', reback: true, approvalResult: '驳回' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.approvalStatus).toBe('RECORDCLOSE');
  });

  it('VISIT needs a visit time between 2020-01-01 and now', async () => {
    const row = await report('RECORDCOMPLETE');
    let res = await audit(AUDITOR, { id: row.id, approvalStatus: 'VISIT', visitTime: '' });
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toBe(recordText.visitTimeRequired);
    res = await audit(AUDITOR, { id: row.id, approvalStatus: 'VISIT', visitTime: formatShanghaiMinute(new Date(Date.now() + 2 * 3_600_000)) });
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toMatch(/^到访时间需在 2020-01-01 00:00 至 /);
    res = await audit(AUDITOR, { id: row.id, approvalStatus: 'VISIT', visitTime: '2019-12-31 23:59' });
    expect(res.statusCode).toBe(400);
    const at = anHourAgo();
    res = await audit(AUDITOR, { id: row.id, approvalStatus: 'VISIT', visitTime: at });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.visitTime).toBe(at);
  });

  it('one transaction: status, version, times, history entry and audit log', async () => {
    const row = await report('RECORDSTART');
    const res = await audit(AUDITOR, { id: row.id, approvalStatus: 'RECORDCOMPLETE', approvalResult: '已发开发商' });
    expect(res.statusCode).toBe(200);
    expect(res.json().msg).toBe(recordText.auditSubmitted);
    expect(res.json().data).toMatchObject({ approvalStatus: 'RECORDCOMPLETE', statusText: '已发开发商', approvalResult: '已发开发商', version: 2 });
    const [after] = await t.database.db.select().from(record).where(eq(record.id, row.id));
    expect(after!.version).toBe(2);
    expect(after!.auditAt).not.toBeNull();
    expect(after!.operateAt).not.toBeNull();
    const firstAudit = after!.auditAt!.getTime();
    const history = await t.database.db.select().from(recordApproval).where(eq(recordApproval.recordId, row.id)).orderBy(asc(recordApproval.id));
    expect(history.at(-1)).toMatchObject({ status: 'RECORDCOMPLETE', userId: ids.auditor, userName: '李晓婷', userPhone: '13800000006', approvalResult: '已发开发商' });
    const logs = await t.database.db.select().from(auditLog).where(and(eq(auditLog.entity, 'record'), eq(auditLog.entityId, row.id)));
    expect(logs).toEqual([expect.objectContaining({ action: 'record.status', actorId: ids.auditor, detail: { from: 'RECORDSTART', to: 'RECORDCOMPLETE', version: 2 } })]);
    // 未到访 from the detail: the same call; audit_at keeps the first audit.
    const unvisit = await audit(AUDITOR, { id: row.id, approvalStatus: 'UNVISIT', version: 2 });
    expect(unvisit.statusCode).toBe(200);
    const [later] = await t.database.db.select().from(record).where(eq(record.id, row.id));
    expect(later!.auditAt!.getTime()).toBe(firstAudit);
    expect(later!.version).toBe(3);
  });

  it('a stale version is 409 and changes nothing', async () => {
    const row = await report('RECORDSTANDBY');
    const res = await audit(AUDITOR, { id: row.id, approvalStatus: 'RECORDCOMPLETE', version: 7 });
    expect(res.statusCode).toBe(409);
    expect(res.json().msg).toBe(recordText.staleVersion);
    const [after] = await t.database.db.select().from(record).where(eq(record.id, row.id));
    expect(after!.status).toBe('RECORDSTANDBY');
  });

  it('two concurrent audits of one version: exactly one wins, the other is 409', async () => {
    for (let round = 0; round < 3; round++) {
      const row = await report('RECORDSTART');
      const answers = await Promise.all([
        audit(AUDITOR, { id: row.id, approvalStatus: 'RECORDSTANDBY' }),
        audit(ADMIN, { id: row.id, approvalStatus: 'RECORDCOMPLETE' }),
      ]);
      expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
      const loser = answers.find((a) => a.statusCode === 409)!;
      expect(loser.json().msg).toBe(recordText.staleVersion);
      const history = await t.database.db.select().from(recordApproval).where(eq(recordApproval.recordId, row.id));
      // The copied report has no history of its own: only the winner wrote an entry.
      expect(history).toHaveLength(1);
      const [after] = await t.database.db.select().from(record).where(eq(record.id, row.id));
      expect(after!.version).toBe(2);
      expect(history[0]!.status).toBe(after!.status);
    }
  });
});

describe('external list (signed link, docs/decisions/011)', () => {
  let listing: { id: number; name: string };
  let otherListing: { id: number };
  let waiting: number[];
  let sign: string;
  const ext = (url: string, payload: object, host: string = HOSTS.localhost) => t.call({ method: 'POST', url, payload, host });
  const count = (houseId: number, s: string, host: string = HOSTS.localhost) =>
    t.call({ method: 'GET', url: `/api/record/get-report-auto-count?houseId=${houseId}&sign=${encodeURIComponent(s)}`, host });

  beforeAll(async () => {
    const rows = await t.database.db.select().from(house).where(eq(house.companyId, cid)).orderBy(asc(house.id)).limit(2);
    listing = rows[0]!;
    otherListing = rows[1]!;
    waiting = [];
    for (let i = 0; i < 3; i++) waiting.push((await insertReport(t, cid, { status: 'RECORDCOMPLETE', houseId: listing.id, reporterId: ids.broker, auditorId: ids.auditor })).id);
    await insertReport(t, cid, { status: 'RECORDCOMPLETE', houseId: otherListing.id, reporterId: ids.broker, auditorId: ids.auditor });
  });

  it('auditors read the link; others may not', async () => {
    const res = await t.postAs('/api/record/get-report-auto-link', AUDITOR, { houseId: listing.id });
    expect(res.statusCode).toBe(200);
    const { path: linkPath, houseName, houseId } = res.json().data;
    expect({ houseName, houseId }).toEqual({ houseName: listing.name, houseId: listing.id });
    const url = new URL(linkPath, 'http://x');
    expect(url.pathname).toBe('/external/record/list');
    expect(url.searchParams.get('houseId')).toBe(String(listing.id));
    sign = url.searchParams.get('sign')!;
    // No key is written in the repository: this deployment made its own and kept it.
    const secret = await instanceSecret(t.database.db, 'external-link');
    expect(secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(sign).toBe(signExternalLink(secret, { companyId: cid, houseId: listing.id, version: 1 }));
    expect((await t.postAs('/api/record/get-report-auto-link', ADMIN, { houseId: listing.id })).json().data.path).toBe(linkPath);
    for (const phone of ['13800000003', '13800000002', '13800000004']) {
      expect((await t.postAs('/api/record/get-report-auto-link', phone, { houseId: listing.id })).statusCode).toBe(403);
    }
    expect((await t.postAs('/api/record/get-report-auto-link', AUDITOR, { houseId: 999_999 })).statusCode).toBe(404);
  });

  it('a valid sign lists and counts, without a session', async () => {
    const expectWaiting = await t.database.db
      .select({ id: record.id })
      .from(record)
      .where(and(eq(record.companyId, cid), eq(record.houseId, listing.id), eq(record.status, 'RECORDCOMPLETE')));
    const checked = await t.database.db
      .select({ id: record.id })
      .from(record)
      .where(and(eq(record.companyId, cid), eq(record.houseId, listing.id), inArray(record.status, ['VISIT', 'MAKEBARGAIN', 'MAKEBARGAINCOMPLETE', 'MAKEBARGAINCLOSE'])));
    const c = await count(listing.id, sign);
    expect(c.statusCode).toBe(200);
    expect(c.json().data).toEqual({ houseName: listing.name, protectionMode: 'REPORT_FIRST', waiting: expectWaiting.length, checked: checked.length });
    const list = await ext('/api/record/get-report-auto-list?page=1&pageSize=50', { houseId: listing.id, sign, state: 'WAITING' });
    expect(list.statusCode).toBe(200);
    expect(list.json().data.houseName).toBe(listing.name);
    expect(list.json().data.list.map((r: { id: number }) => r.id).sort()).toEqual(expectWaiting.map((r) => r.id).sort());
    const mine = list.json().data.list.find((r: { id: number }) => r.id === waiting[0]);
    expect(mine).toMatchObject({ approvalStatus: 'RECORDCOMPLETE', statusText: '已发开发商', brokerName: '王小明', brokerPhone: '13800000003' });
    expect(waiting.every((id) => list.json().data.list.some((r: { id: number }) => r.id === id))).toBe(true);
    const done = await ext('/api/record/get-report-auto-list', { houseId: listing.id, sign, state: 'CHECKED' });
    expect(done.json().data.total).toBe(checked.length);
  });

  it('a tampered sign, another listing’s sign, another company: 403 and nothing else', async () => {
    const otherSign = signExternalLink(await instanceSecret(t.database.db, 'external-link'), { companyId: cid, houseId: otherListing.id, version: 1 });
    const tampered = sign.slice(0, -1) + (sign.endsWith('A') ? 'B' : 'A');
    const bad: [number, string, string][] = [
      [listing.id, tampered, HOSTS.localhost],
      [listing.id, '', HOSTS.localhost],
      [listing.id, otherSign, HOSTS.localhost],
      [999_999, sign, HOSTS.localhost],
      [listing.id, sign, HOSTS.second],
      [listing.id, signExternalLink('another-secret-of-sixteen', { companyId: cid, houseId: listing.id, version: 1 }), HOSTS.localhost],
      // The key the repository once held for development signs nothing any more.
      [listing.id, signExternalLink('baobei-development-external-link-secret', { companyId: cid, houseId: listing.id, version: 1 }), HOSTS.localhost],
    ];
    for (const [houseId, s, host] of bad) {
      for (const res of [
        await count(houseId, s, host),
        await ext('/api/record/get-report-auto-list', { houseId, sign: s, state: 'WAITING' }, host),
        await ext('/api/record/check-report', { houseId, sign: s, id: waiting[0] }, host),
      ]) {
        expect(res.statusCode).toBe(403);
        expect(res.json()).toMatchObject({ msg: recordText.externalLinkInvalid, data: null });
      }
    }
    const [still] = await t.database.db.select().from(record).where(eq(record.id, waiting[0]!));
    expect(still!.status).toBe('RECORDCOMPLETE');
  });

  it('check-report: RECORDCOMPLETE → VISIT with history and audit log; then 409', async () => {
    const res = await ext('/api/record/check-report', { houseId: listing.id, sign, id: waiting[0] });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ id: waiting[0], approvalStatus: 'VISIT' });
    expect(res.json().data.visitTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
    // No time given: now, as before.
    expect(Math.abs(Date.now() - (new Date(`${res.json().data.visitTime.replace(' ', 'T')}:00+08:00`).getTime()))).toBeLessThan(120_000);
    const [after] = await t.database.db.select().from(record).where(eq(record.id, waiting[0]!));
    expect(after).toMatchObject({ status: 'VISIT', version: 2 });
    expect(after!.visitTime).not.toBeNull();
    const [entry] = await t.database.db.select().from(recordApproval).where(eq(recordApproval.recordId, waiting[0]!)).orderBy(desc(recordApproval.id)).limit(1);
    expect(entry).toMatchObject({ status: 'VISIT', userName: recordText.externalActor, userId: null });
    const logs = await t.database.db.select().from(auditLog).where(and(eq(auditLog.entity, 'record'), eq(auditLog.entityId, waiting[0]!)));
    expect(logs).toEqual([expect.objectContaining({ action: 'record.external-check', actorId: null, detail: { from: 'RECORDCOMPLETE', to: 'VISIT', version: 2 } })]);

    const again = await ext('/api/record/check-report', { houseId: listing.id, sign, id: waiting[0] });
    expect(again.statusCode).toBe(409);
    expect(again.json().msg).toBe(recordText.externalNotWaiting);
    // With a chosen time: between the report's creation and now.
    const createdAt = new Date(Date.now() - 3 * 3_600_000);
    await t.database.db.update(record).set({ createdAt }).where(eq(record.id, waiting[1]!));
    const listed = await ext('/api/record/get-report-auto-list?page=1&pageSize=50', { houseId: listing.id, sign, state: 'WAITING' });
    expect(listed.json().data.list.find((r: { id: number }) => r.id === waiting[1]).createdAt).toBe(formatShanghaiMinute(createdAt));
    const future = await ext('/api/record/check-report', { houseId: listing.id, sign, id: waiting[1], visitTime: formatShanghaiMinute(new Date(Date.now() + 7_200_000)) });
    expect(future.statusCode).toBe(400);
    expect(future.json().msg).toBe(recordText.arrivalInFuture);
    const before = await ext('/api/record/check-report', { houseId: listing.id, sign, id: waiting[1], visitTime: formatShanghaiMinute(new Date(createdAt.getTime() - 60_000)) });
    expect(before.statusCode).toBe(400);
    expect(before.json().msg).toBe(recordText.arrivalBeforeReport(formatShanghaiMinute(createdAt)));
    const [untouched] = await t.database.db.select().from(record).where(eq(record.id, waiting[1]!));
    expect(untouched).toMatchObject({ status: 'RECORDCOMPLETE', visitTime: null });
    const at = anHourAgo();
    const chosen = await ext('/api/record/check-report', { houseId: listing.id, sign, id: waiting[1], visitTime: at });
    expect(chosen.statusCode).toBe(200);
    expect(chosen.json().data.visitTime).toBe(at);
    const [stored] = await t.database.db.select().from(record).where(eq(record.id, waiting[1]!));
    expect(formatShanghaiMinute(stored!.visitTime!)).toBe(at);
    // A report of another listing through this listing's link: not waiting here.
    const [foreign] = await t.database.db.select({ id: record.id }).from(record).where(and(eq(record.houseId, otherListing.id), eq(record.status, 'RECORDCOMPLETE'))).limit(1);
    expect((await ext('/api/record/check-report', { houseId: listing.id, sign, id: foreign!.id })).statusCode).toBe(409);
    const c = await count(listing.id, sign);
    expect(c.json().data.checked).toBeGreaterThanOrEqual(2);
  });

  it('renewing (AUDITORADMIN) kills the old link', async () => {
    expect((await t.postAs('/api/record/renew-report-auto-link', AUDITOR, { houseId: listing.id })).statusCode).toBe(403);
    const res = await t.postAs('/api/record/renew-report-auto-link', ADMIN, { houseId: listing.id });
    expect(res.statusCode).toBe(200);
    const fresh = new URL(res.json().data.path, 'http://x').searchParams.get('sign')!;
    expect(fresh).not.toBe(sign);
    const old = await count(listing.id, sign);
    expect(old.statusCode).toBe(403);
    expect(old.json().msg).toBe(recordText.externalLinkInvalid);
    expect((await ext('/api/record/check-report', { houseId: listing.id, sign, id: waiting[2] })).statusCode).toBe(403);
    expect((await count(listing.id, fresh)).statusCode).toBe(200);
    expect((await t.postAs('/api/record/get-report-auto-link', AUDITOR, { houseId: listing.id })).json().data.path).toBe(res.json().data.path);
  });
});

describe('vacation switch (POST /api/user/update-info) and assignment', () => {
  it('only an AUDITOR has the switch', async () => {
    for (const phone of ['13800000003', '13800000002', '13800000004', ADMIN]) {
      const res = await t.postAs('/api/user/update-info', phone, { vacation: 1 });
      expect(res.statusCode, phone).toBe(403);
    }
    const [admin] = await t.database.db.select({ vacation: user.vacation }).from(user).where(eq(user.id, ids.admin));
    expect(admin!.vacation).toBe(0);
  });

  it('after 13800000006 goes on vacation, new reports go to someone on duty or the admin', async () => {
    const res = await t.postAs('/api/user/update-info', AUDITOR, { vacation: 1 });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ vacation: 1 });
    const [me] = await t.database.db.select({ vacation: user.vacation }).from(user).where(eq(user.id, ids.auditor));
    expect(me!.vacation).toBe(1);

    const [listing] = await t.database.db.select().from(house).where(and(eq(house.companyId, cid), eq(house.active, true), eq(house.ruleTel, 'FULL'))).limit(1);
    await t.database.db.update(house).set({ reportLeadTime: 30, isNeedIdCard: false }).where(eq(house.id, listing!.id));
    const submit = await t.postAs('/api/record/post-record-data', '13800000003', reportSubmitPayload([listing!.id], { name: '休假测试', phone: '16600009999' }));
    expect(submit.statusCode, submit.body).toBe(200);
    const [created] = await t.database.db.select().from(record).where(eq(record.id, submit.json().data.recordIds[0]));
    const onDuty = await t.database.db
      .select({ id: user.id })
      .from(user)
      .where(and(eq(user.companyId, cid), eq(user.role, 'AUDITOR'), eq(user.vacation, 0)));
    expect(created!.auditorId).not.toBe(ids.auditor);
    expect(created!.auditorId).not.toBe(ids.vacationer);
    // Both AUDITORs of the demo company are now away: the admin takes it.
    expect(onDuty).toEqual([]);
    expect(created!.auditorId).toBe(ids.admin);

    const back = await t.postAs('/api/user/update-info', AUDITOR, { vacation: 0 });
    expect(back.json().data).toEqual({ vacation: 0 });
  });
});
