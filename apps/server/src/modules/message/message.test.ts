import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, eq, inArray, sql } from 'drizzle-orm';
import pino from 'pino';
import { messages } from '@baobei/shared/messages';
import { RECORD_STATUS_TEXT } from '@baobei/shared/rules/record-status';
import { auditLog, company, house, message, messageDelivery, record, userIdentity, userMessageSetting } from '../../db/schema';
import type { SmsMessage, SmsSender } from '../../lib/sms';
import { SmsSendError } from '../../lib/sms';
import { CONSOLE_ACCOUNTS, DEMO_ACCOUNTS } from '../../test/accounts';
import { startFakeWechat, type FakeWechat } from '../../test/fake-wechat';
import { activeListings, insertReport, reportSubmitPayload, submitAudit, userIdOf } from '../../test/records';
import { createTestApp, HOSTS, type TestApp } from '../../test/test-app';
import { createJobFailureRepository } from '../../jobs/job-failure-repository';
import { createJobQueue } from '../../jobs/job-queue';
import { JOB_NAMES } from '../../jobs/jobs';
import { jobFailure } from '../../db/schema';
import { createRecordProtectionService } from '../record/record-protection-service';
import { createMessageDelivery, DELIVERY_MAX_ATTEMPTS } from './message-delivery';
import { defineDeliveryJobs } from './message-jobs';
import { createMessageRepository } from './message-repository';

/**
 * Notifications (issue 17, item 4; docs/decisions/054): each cause writes exactly the expected
 * messages for the expected recipients in its own transaction (none for a refused move, none for
 * a user who turned the kind off); the message centre's calls read the viewer's own messages
 * only; the delivery job sends WeChat to the fake WeChat and SMS to a recording sender, retries a
 * failure with backoff and never sends one twice.
 */
const text = messages.message;
const { broker: BROKER, manager: MANAGER, auditor: AUDITOR, otherBroker: OTHER } = DEMO_ACCOUNTS;
const log = pino({ level: 'silent' });
let t: TestApp;
let fake: FakeWechat;
let cid: number;
let ids: Record<'broker' | 'manager' | 'auditor' | 'admin', number>;
let listing: typeof house.$inferSelect;

beforeAll(async () => {
  fake = await startFakeWechat();
  t = await createTestApp({
    config: {
      WECHAT_APP_ID: fake.appId,
      WECHAT_APP_SECRET: fake.secret,
      WECHAT_API_BASE: fake.base,
      WECHAT_OPEN_BASE: fake.base,
      WECHAT_TEMPLATE_RECORD_STATUS: 'tmpl-record-status',
    },
  });
  cid = await t.companyIdOf(HOSTS.localhost);
  ids = {
    broker: await userIdOf(t, cid, BROKER),
    manager: await userIdOf(t, cid, MANAGER),
    auditor: await userIdOf(t, cid, AUDITOR),
    admin: await userIdOf(t, cid, DEMO_ACCOUNTS.auditorAdmin),
  };
  [listing] = (await activeListings(t, cid, 1)) as [typeof house.$inferSelect];
  await t.database.db.update(house).set({ reportLeadTime: 30, ruleTel: 'FULL', isNeedIdCard: false }).where(eq(house.id, listing.id));
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

const messagesOf = (recordId: number) =>
  t.database.db.select().from(message).where(eq(message.recordId, recordId)).orderBy(asc(message.userId), asc(message.id));
const recipients = async (recordId: number, kind?: string) =>
  (await messagesOf(recordId)).filter((m) => !kind || m.kind === kind).map((m) => m.userId).sort((a, b) => a - b);
const report = (values: Partial<typeof record.$inferInsert> = {}) =>
  insertReport(t, cid, { status: 'RECORDSTART', reporterId: ids.broker, shopManagerId: ids.manager, auditorId: ids.auditor, houseId: listing.id, ...values });
let seq = 0;
const freshPhone = () => `1670054${String(++seq).padStart(4, '0')}`;
const list = (phone: string, body: object = {}, query = '', host?: string) => t.postAs(`/api/message/get-message-list${query}`, phone, body, host);

describe('the causes', () => {
  it('a new report: one RECORD_NEW message to its assigned auditor, naming the customer but not the phone', async () => {
    const phone = freshPhone();
    const res = await t.postAs('/api/record/post-record-data', BROKER, reportSubmitPayload([listing.id], { name: '蔺先生', phone }));
    expect(res.statusCode, res.body).toBe(200);
    const id = res.json().data.recordIds[0] as number;
    const [row] = await t.database.db.select().from(record).where(eq(record.id, id));
    const rows = await messagesOf(id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ userId: row!.auditorId, kind: 'RECORD_NEW', title: text.kind.RECORD_NEW, companyId: cid });
    expect(rows[0]!.content).toContain(row!.customerName);
    expect(rows[0]!.content).toContain(listing.name);
    expect(rows[0]!.content).not.toContain(phone);
    expect(rows[0]!.content).not.toContain(phone.slice(-4));
  });

  it('a status move: the reporter and the shop manager, with the new status; a refused move writes none', async () => {
    const r = await report();
    const refused = await submitAudit(t, AUDITOR, { id: r.id, approvalStatus: 'MAKEBARGAINCOMPLETE' });
    expect(refused.statusCode).not.toBe(200);
    const stale = await submitAudit(t, AUDITOR, { id: r.id, approvalStatus: 'RECORDSTANDBY', version: 7 });
    expect(stale.statusCode).toBe(409);
    expect(await messagesOf(r.id)).toEqual([]);

    const moved = await submitAudit(t, AUDITOR, { id: r.id, approvalStatus: 'RECORDSTANDBY' });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(await recipients(r.id)).toEqual([ids.broker, ids.manager].sort((a, b) => a - b));
    const [first] = await messagesOf(r.id);
    expect(first).toMatchObject({ kind: 'RECORD_STATUS', title: text.kind.RECORD_STATUS });
    expect(first!.content).toBe(text.recordStatus(r.customerName, listing.name, RECORD_STATUS_TEXT.RECORDSTANDBY, '审核意见', false));
  });

  it('a close carries its reason', async () => {
    const r = await report();
    const res = await submitAudit(t, AUDITOR, { id: r.id, approvalStatus: 'RECORDCLOSE', approvalResult: '客户信息有误' });
    expect(res.statusCode, res.body).toBe(200);
    const rows = await messagesOf(r.id);
    expect(rows).toHaveLength(2);
    expect(rows[0]!.content).toBe(text.recordStatus(r.customerName, listing.name, RECORD_STATUS_TEXT.RECORDCLOSE, '客户信息有误', true));
  });

  it('a dynamic: the reporter and shop manager but not its author', async () => {
    const r = await report();
    const res = await t.postAs('/api/record/update-record-customer-info', MANAGER, { id: r.id, remark: '客户周末再来看一次样板间' });
    expect(res.statusCode, res.body).toBe(200);
    expect(await recipients(r.id, 'RECORD_DYNAMIC')).toEqual([ids.broker]);
    expect((await messagesOf(r.id))[0]!.content).toBe(text.recordDynamic(r.customerName, listing.name, '陈海燕', '客户周末再来看一次样板间'));
  });

  it('a user who turned a kind off gets none of it; the others still do', async () => {
    const saved = await t.postAs('/api/message/save-settings', BROKER, { disabledKinds: ['RECORD_STATUS'] });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data.kinds).toContainEqual({ kind: 'RECORD_STATUS', text: text.kind.RECORD_STATUS, enabled: false });
    try {
      const r = await report();
      expect((await submitAudit(t, AUDITOR, { id: r.id, approvalStatus: 'RECORDSTANDBY' })).statusCode).toBe(200);
      expect(await recipients(r.id)).toEqual([ids.manager]);
      await t.postAs('/api/record/update-record-customer-info', MANAGER, { id: r.id, remark: '补充' });
      expect(await recipients(r.id, 'RECORD_DYNAMIC')).toEqual([ids.broker]);
    } finally {
      await t.postAs('/api/message/save-settings', BROKER, { disabledKinds: [] });
    }
  });

  it('the protection warning: one message to the reporter, once however often it runs', async () => {
    const r = await report({ protectUntil: new Date(Date.now() + 3_600_000) });
    const protection = createRecordProtectionService({ db: t.database.db, log, notify: t.app.messageService.notify });
    expect(await protection.warn(r.id)).toBe(true);
    expect(await protection.warn(r.id)).toBe(false);
    const rows = await messagesOf(r.id);
    expect(rows.map((m) => [m.userId, m.kind])).toEqual([[ids.broker, 'PROTECTION_WARNING']]);
    expect(rows[0]!.content).toContain(listing.name);
  });

  it('a registration decision: the registrant’s account when there is one, nobody otherwise', async () => {
    const notify = t.app.messageService.notify;
    const event = { kind: 'REGISTRATION_DECIDED', companyId: cid, name: '椰城地产', approved: true, reason: '', actorId: ids.admin, now: new Date() } as const;
    await t.database.db.transaction((tx) => notify(tx, { ...event, phone: MANAGER }));
    await t.database.db.transaction((tx) => notify(tx, { ...event, phone: '16700549999' }));
    const rows = await t.database.db.select().from(message).where(eq(message.kind, 'REGISTRATION_DECIDED'));
    expect(rows.map((m) => [m.userId, m.content])).toEqual([[ids.manager, text.registrationApproved('椰城地产')]]);
  });

  it('a message that cannot be written is dropped and the cause still commits', async () => {
    const r = await report();
    const notify = t.app.messageService.notify;
    await t.database.db.transaction(async (tx) => {
      // A NUL character is refused by PostgreSQL's text: the message's savepoint fails, the cause goes on.
      await notify(tx, { kind: 'REGISTRATION_DECIDED', companyId: cid, phone: MANAGER, name: 'bad\u0000name', approved: true, reason: '', actorId: ids.admin, now: new Date() });
      await tx.update(record).set({ remark: 'still committed' }).where(eq(record.id, r.id));
    });
    const [row] = await t.database.db.select().from(record).where(eq(record.id, r.id));
    expect(row!.remark).toBe('still committed');
    expect(await t.database.db.select().from(message).where(sql`${message.content} like '%bad%'`)).toEqual([]);
  });
});

describe('the message centre', () => {
  it('lists the viewer’s messages newest first with keyset paging, unread only, reads one and all', async () => {
    // The shop manager has messages from the tests above; three more of their own here.
    const r = await report();
    for (const status of ['RECORDSTANDBY', 'RECORDCOMPLETE'] as const) {
      const version = (await t.database.db.select({ v: record.version }).from(record).where(eq(record.id, r.id)))[0]!.v;
      expect((await submitAudit(t, AUDITOR, { id: r.id, approvalStatus: status, version })).statusCode).toBe(200);
    }
    const all = await t.database.db.select().from(message).where(eq(message.userId, ids.manager));
    const first = await list(MANAGER, {}, '?page=1&pageSize=2');
    expect(first.statusCode, first.body).toBe(200);
    const page1 = first.json().data;
    expect(page1.total).toBe(all.length);
    expect(page1.unread).toBe(all.length);
    expect(page1.list.map((m: { id: number }) => m.id)).toEqual(all.map((m) => m.id).sort((a, b) => b - a).slice(0, 2));
    expect(page1.list[0]).toMatchObject({ kind: 'RECORD_STATUS', recordId: r.id, read: false });
    expect(page1.list[0].createdAt).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
    const second = (await list(MANAGER, {}, `?pageSize=2&cursor=${page1.nextCursor}`)).json().data;
    expect(second.total).toBeNull();
    expect(second.list.map((m: { id: number }) => m.id)).toEqual(all.map((m) => m.id).sort((a, b) => b - a).slice(2, 4));

    const readOne = await t.postAs('/api/message/read', MANAGER, { id: page1.list[0].id });
    expect(readOne.json().data).toEqual({ unread: all.length - 1 });
    // Twice is the same.
    expect((await t.postAs('/api/message/read', MANAGER, { id: page1.list[0].id })).json().data).toEqual({ unread: all.length - 1 });
    const unread = (await list(MANAGER, { unreadOnly: true }, '?pageSize=50')).json().data;
    expect(unread.total).toBe(all.length - 1);
    expect(unread.list.every((m: { read: boolean }) => !m.read)).toBe(true);
    expect((await t.postAs('/api/message/get-unread-count', MANAGER)).json().data).toEqual({ count: all.length - 1 });

    expect((await t.postAs('/api/message/read-all', MANAGER)).json().data).toEqual({ unread: 0 });
    expect((await t.postAs('/api/message/get-unread-count', MANAGER)).json().data).toEqual({ count: 0 });
  });

  it('another user’s message is 404, in the company and from another company', async () => {
    const [mine] = await t.database.db.select().from(message).where(eq(message.userId, ids.broker)).limit(1);
    const other = await t.postAs('/api/message/read', OTHER, { id: mine!.id });
    expect(other.statusCode).toBe(404);
    expect(other.json().msg).toBe(text.notFound);
    const elsewhere = await t.postAs('/api/message/read', '13900000007', { id: mine!.id }, HOSTS.second);
    expect(elsewhere.statusCode).toBe(404);
    const theirs = (await list('13900000007', {}, '?pageSize=50', HOSTS.second)).json().data;
    expect(theirs.list.map((m: { id: number }) => m.id)).not.toContain(mine!.id);
    const [after] = await t.database.db.select().from(message).where(eq(message.id, mine!.id));
    expect(after!.readAt).toBeNull();
  });

  it('settings: the role’s kinds, WeChat binding, and a refused kind', async () => {
    const res = (await t.postAs('/api/message/get-settings', AUDITOR)).json().data;
    expect(res).toEqual({ kinds: [{ kind: 'RECORD_NEW', text: text.kind.RECORD_NEW, enabled: true }], wechatBound: false });
    const bad = await t.postAs('/api/message/save-settings', BROKER, { disabledKinds: ['NOPE'] });
    expect(bad.statusCode).toBe(400);
    expect(await t.database.db.select().from(userMessageSetting).where(eq(userMessageSetting.userId, ids.broker))).toEqual([]);
  });
});

describe('delivery by WeChat and SMS', () => {
  const sent: SmsMessage[] = [];
  let smsDown = false;
  const sms: SmsSender = {
    async send(m) {
      if (smsDown) throw new SmsSendError('test', 'unavailable', 'DOWN', 'provider down');
      sent.push(m);
    },
  };
  let clock = new Date();
  const delivery = () =>
    createMessageDelivery({
      messages: createMessageRepository(t.database.db),
      sms,
      wechat: t.app.wechatTemplates,
      wechatTemplates: { RECORD_STATUS: 'tmpl-record-status' },
      now: () => clock,
    });
  const deliveriesOf = (recordId: number) =>
    t.database.db
      .select({ channel: messageDelivery.channel, state: messageDelivery.state, attempts: messageDelivery.attempts, userId: message.userId })
      .from(messageDelivery)
      .innerJoin(message, eq(message.id, messageDelivery.messageId))
      .where(eq(message.recordId, recordId))
      .orderBy(asc(messageDelivery.id));

  beforeAll(async () => {
    // Sent out already: earlier tests' deliveries do not count here.
    await t.database.db.update(messageDelivery).set({ state: 'skipped' });
    await t.database.db.insert(userIdentity).values({ companyId: cid, provider: 'wechat', subject: 'oBrokerOpenid0001', userId: ids.broker });
    await t.database.db.update(company).set({ smsNotifyKinds: ['RECORD_STATUS'] }).where(eq(company.id, cid));
  });
  afterAll(async () => {
    await t.database.db.update(company).set({ smsNotifyKinds: [] }).where(eq(company.id, cid));
    await t.database.db.delete(userIdentity).where(eq(userIdentity.subject, 'oBrokerOpenid0001'));
  });

  it('sends WeChat to a bound user and SMS for a company kind, each once', async () => {
    const r = await report();
    expect((await submitAudit(t, AUDITOR, { id: r.id, approvalStatus: 'RECORDSTANDBY' })).statusCode).toBe(200);
    // WeChat for the bound broker; SMS for both (the company sends RECORD_STATUS by SMS).
    expect((await deliveriesOf(r.id)).map((d) => [d.userId, d.channel, d.state])).toEqual(
      expect.arrayContaining([
        [ids.broker, 'wechat', 'pending'],
        [ids.broker, 'sms', 'pending'],
        [ids.manager, 'sms', 'pending'],
      ]),
    );
    const before = fake.templateSends.length;
    clock = new Date(Date.now() + 1_000);
    const result = await delivery().deliverDue();
    expect(result).toMatchObject({ sent: 3, failures: [] });
    const wechat = fake.templateSends.slice(before);
    expect(wechat).toHaveLength(1);
    expect(wechat[0]).toMatchObject({ touser: 'oBrokerOpenid0001', template_id: 'tmpl-record-status' });
    expect(wechat[0]!.url).toMatch(new RegExp(`/record/detail/${r.id}$`));
    expect(wechat[0]!.data.first!.value).toBe(text.kind.RECORD_STATUS);
    expect(sent.map((m) => m.phone).sort()).toEqual([BROKER, MANAGER].sort());
    expect(sent[0]).toMatchObject({ kind: 'notification', params: { title: text.kind.RECORD_STATUS } });
    expect((await deliveriesOf(r.id)).every((d) => d.state === 'sent' && d.attempts === 1)).toBe(true);
    // Never twice.
    expect(await delivery().deliverDue()).toMatchObject({ sent: 0, failures: [] });
    expect(fake.templateSends.length - before).toBe(1);
    sent.length = 0;
  });

  it('retries a failure with backoff, fails for good after the last attempt', async () => {
    const r = await report();
    fake.templateDown = true;
    smsDown = true;
    try {
      expect((await submitAudit(t, AUDITOR, { id: r.id, approvalStatus: 'RECORDSTANDBY' })).statusCode).toBe(200);
      clock = new Date(Date.now() + 1_000);
      const first = await delivery().deliverDue();
      expect(first.failures.map((f) => [f.channel, f.attempt, f.final])).toEqual([
        ['wechat', 1, false],
        ['sms', 1, false],
        ['sms', 1, false],
      ]);
      // The phone and the text never reach the failure.
      for (const f of first.failures) expect(f.error).not.toMatch(/1380000/);
      // Not due again before its delay.
      expect(await delivery().deliverDue()).toMatchObject({ sent: 0, failures: [] });
      clock = new Date(clock.getTime() + 31_000);
      fake.templateDown = false;
      smsDown = false;
      const second = await delivery().deliverDue();
      expect(second).toMatchObject({ sent: 3, failures: [] });
      expect((await deliveriesOf(r.id)).map((d) => [d.state, d.attempts])).toEqual([
        ['sent', 2],
        ['sent', 2],
        ['sent', 2],
      ]);

      // A delivery that keeps failing: failed after DELIVERY_MAX_ATTEMPTS.
      const again = await report();
      smsDown = true;
      await t.database.db.delete(userIdentity).where(eq(userIdentity.subject, 'oBrokerOpenid0001'));
      expect((await submitAudit(t, AUDITOR, { id: again.id, approvalStatus: 'RECORDSTANDBY' })).statusCode).toBe(200);
      clock = new Date(Date.now() + 1_000);
      let finals = 0;
      for (let i = 0; i < DELIVERY_MAX_ATTEMPTS; i++) {
        const run = await delivery().deliverDue();
        finals += run.failures.filter((f) => f.final).length;
        clock = new Date(clock.getTime() + 3_600_000);
      }
      expect(finals).toBe(2);
      expect((await deliveriesOf(again.id)).map((d) => [d.channel, d.state, d.attempts])).toEqual([
        ['sms', 'failed', DELIVERY_MAX_ATTEMPTS],
        ['sms', 'failed', DELIVERY_MAX_ATTEMPTS],
      ]);
    } finally {
      fake.templateDown = false;
      smsDown = false;
    }
  });

  it('the message-delivery job: queued after the move commits, sends it; a failed send lands in job_failure', async () => {
    const failures = createJobFailureRepository(t.database.db);
    const queue = createJobQueue({ sql: t.database.queueSql, log, failures, pollingIntervalSeconds: 0.5 });
    const deliveries = defineDeliveryJobs(
      queue,
      createMessageDelivery({ messages: createMessageRepository(t.database.db), sms, wechat: t.app.wechatTemplates, wechatTemplates: { RECORD_STATUS: 'tmpl-record-status' } }),
      { failures, log },
    );
    await queue.start();
    // Once the queue's schema exists (an earlier test's kick may fire at any time): the module's
    // own kick, on this queue (a lost send is the sweep's, never an unhandled rejection).
    t.app.messageService.attachKick(deliveries.kick);
    try {
      sent.length = 0;
      const r = await report();
      expect((await submitAudit(t, AUDITOR, { id: r.id, approvalStatus: 'RECORDSTANDBY' })).statusCode).toBe(200);
      const end = Date.now() + 20_000;
      while ((await deliveriesOf(r.id)).some((d) => d.state === 'pending') && Date.now() < end) await new Promise((done) => setTimeout(done, 100));
      expect((await deliveriesOf(r.id)).map((d) => d.state)).toEqual(['sms', 'sms'].map(() => 'sent'));
      expect(sent).toHaveLength(2);

      smsDown = true;
      const failing = await report();
      expect((await submitAudit(t, AUDITOR, { id: failing.id, approvalStatus: 'RECORDSTANDBY' })).statusCode).toBe(200);
      const until = Date.now() + 20_000;
      const logged = () => t.database.db.select().from(jobFailure).where(eq(jobFailure.queue, JOB_NAMES.messageDelivery));
      while ((await logged()).length < 2 && Date.now() < until) await new Promise((done) => setTimeout(done, 100));
      const rows = await logged();
      expect(rows.map((f) => [f.attempt, f.final])).toEqual([
        [1, false],
        [1, false],
      ]);
      for (const f of rows) expect(f).toMatchObject({ error: 'sms test unavailable DOWN', companyId: cid, jobId: expect.stringMatching(/^delivery-\d+$/) });
    } finally {
      smsDown = false;
      await queue.stop();
      t.app.messageService.attachKick(() => undefined);
    }
  }, 60_000);

  it('two runs at once send each delivery once', async () => {
    await t.database.db.insert(userIdentity).values({ companyId: cid, provider: 'wechat', subject: 'oBrokerOpenid0001', userId: ids.broker }).onConflictDoNothing();
    const reports = [await report(), await report(), await report()];
    for (const r of reports) expect((await submitAudit(t, AUDITOR, { id: r.id, approvalStatus: 'RECORDSTANDBY' })).statusCode).toBe(200);
    const before = fake.templateSends.length;
    sent.length = 0;
    clock = new Date(Date.now() + 1_000);
    const [a, b] = await Promise.all([delivery().deliverDue(), delivery().deliverDue()]);
    expect(a.sent + b.sent).toBe(9);
    expect(fake.templateSends.length - before).toBe(3);
    expect(sent).toHaveLength(6);
    const states = await t.database.db
      .select({ state: messageDelivery.state, attempts: messageDelivery.attempts })
      .from(messageDelivery)
      .innerJoin(message, eq(message.id, messageDelivery.messageId))
      .where(inArray(message.recordId, reports.map((r) => r.id)));
    expect(states.every((s) => s.state === 'sent' && s.attempts === 1)).toBe(true);
  });
});

describe('the console’s 短信通知', () => {
  it('the operator turns SMS kinds on and off on the company settings, with the change in the audit row', async () => {
    const sign = await t.call({ method: 'POST', url: '/api/admin/auth/sign', payload: { phone: CONSOLE_ACCOUNTS.operator, password: '123456' } });
    expect(sign.statusCode, sign.body).toBe(200);
    const token = sign.json().data.token as string;
    const brand = (await t.call({ method: 'GET', url: '/api/admin/company/get-brand', token })).json().data;
    expect(brand.smsNotifyKinds).toEqual([]);
    const save = (version: number, smsNotifyKinds: unknown) =>
      t.call({ method: 'POST', url: '/api/admin/company/update-brand', token, payload: { version, smsNotifyKinds } });
    // Any order and repeats come back in the kinds' order, once each.
    const on = await save(brand.version, ['PROTECTION_WARNING', 'RECORD_STATUS', 'RECORD_STATUS']);
    expect(on.statusCode, on.body).toBe(200);
    expect(on.json().data).toMatchObject({ smsNotifyKinds: ['RECORD_STATUS', 'PROTECTION_WARNING'], version: brand.version + 1 });
    const [row] = await t.database.db.select({ kinds: company.smsNotifyKinds }).from(company).where(eq(company.id, cid));
    expect(row!.kinds).toEqual(['RECORD_STATUS', 'PROTECTION_WARNING']);
    const [audit] = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.companyId, cid))
      .orderBy(sql`${auditLog.id} desc`)
      .limit(1);
    expect(audit!.detail).toMatchObject({ changes: { smsNotifyKinds: { old: [], new: ['RECORD_STATUS', 'PROTECTION_WARNING'] } } });
    // The registration decision has the spec's own SMS: not a choice here.
    expect((await save(brand.version + 1, ['REGISTRATION_DECIDED'])).statusCode).toBe(400);
    expect((await save(brand.version + 1, [])).json().data.smsNotifyKinds).toEqual([]);
  });
});

