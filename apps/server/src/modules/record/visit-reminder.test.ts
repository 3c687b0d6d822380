import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import pino from 'pino';
import { messages } from '@baobei/shared/messages';
import { formatVisitTime } from '@baobei/shared/rules/awaiting-visit';
import { formatShanghaiMinute, shanghaiInstant } from '@baobei/shared/rules/shanghai-time';
import { queryRows, type Database } from '../../db/client';
import type { house} from '../../db/schema';
import { company, message, messageDelivery, record, userIdentity, userMessageSetting } from '../../db/schema';
import { runAloneInProcess } from '../../jobs/jobs';
import type { SmsMessage, SmsSender } from '../../lib/sms';
import { DEMO_ACCOUNTS } from '../../test/accounts';
import { startFakeWechat, type FakeWechat } from '../../test/fake-wechat';
import { activeListings, insertReport, userIdOf } from '../../test/records';
import { createTestApp, HOSTS, type TestApp } from '../../test/test-app';
import { openSecondInstance, testDatabaseKind } from '../../test/test-database';
import { createMessageDelivery } from '../message/message-delivery';
import { createMessageRepository } from '../message/message-repository';
import { visitReminderJob } from './record-jobs';
import { createVisitReminders } from './visit-reminder';

/**
 * 到访提醒 with a controllable clock (issue 32, item 2; docs/decisions/089): a waiting report's
 * reporter gets one VISIT_REMINDER message from the company's lead before the expected visit,
 * never before, never after the time, never twice (two runs, two runners at once, two instances),
 * none when the company turned it off or the broker opted out; WeChat and SMS through the
 * existing outbox where ticked; marking a report fires no tally trigger.
 */
const MINUTE = 60_000;
const text = messages.message;
const log = pino({ level: 'silent' });
let t: TestApp;
let fake: FakeWechat;
let cid: number;
let brokerId: number;
let managerId: number;
let listing: typeof house.$inferSelect;
/** The jobs' clock: a fixed minute years ahead, where no seeded report is expected. */
let clock = shanghaiInstant(2031, 5, 10, 12, 0);
let seq = 0;

beforeAll(async () => {
  fake = await startFakeWechat();
  t = await createTestApp({
    config: {
      WECHAT_APP_ID: fake.appId,
      WECHAT_APP_SECRET: fake.secret,
      WECHAT_API_BASE: fake.base,
      WECHAT_OPEN_BASE: fake.base,
      WECHAT_TEMPLATE_VISIT_REMINDER: 'tmpl-visit-reminder',
    },
  });
  cid = await t.companyIdOf(HOSTS.localhost);
  brokerId = await userIdOf(t, cid, DEMO_ACCOUNTS.broker);
  managerId = await userIdOf(t, cid, DEMO_ACCOUNTS.manager);
  [listing] = (await activeListings(t, cid, 1)) as [typeof house.$inferSelect];
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

const reminders = (database: Database = t.database) => createVisitReminders({ db: database.db, log, now: () => clock, notify: t.app.messageService.notify });

/** A waiting report of the broker expected `minutesAhead` after the clock. */
const reportAt = (minutesAhead: number, values: Partial<typeof record.$inferInsert> = {}) =>
  insertReport(t, cid, {
    status: 'RECORDCOMPLETE',
    reporterId: brokerId,
    shopManagerId: managerId,
    houseId: listing.id,
    customerName: `到访${++seq}`,
    estimatedVisitTime: new Date(clock.getTime() + minutesAhead * MINUTE),
    protectUntil: new Date(clock.getTime() + 72 * 60 * MINUTE),
    ...values,
  });

const remindersOf = (recordId: number) =>
  t.database.db.select().from(message).where(and(eq(message.recordId, recordId), eq(message.kind, 'VISIT_REMINDER'))).orderBy(asc(message.id));
const remindedAt = async (recordId: number) => (await t.database.db.select({ at: record.visitRemindedAt }).from(record).where(eq(record.id, recordId)))[0]!.at;
const tallyRows = async () => (await queryRows<{ n: number }>(t.database.db, sql`select count(*)::int as n from channel_tally`))[0]!.n;

describe('到访提醒', () => {
  it('reminds the reporter once, from the lead before the expected visit (default 2 hours), naming the customer, listing and time', async () => {
    const r = await reportAt(3 * 60);
    expect((await reminders().run()).reminded).toBe(0);
    expect(await remindersOf(r.id)).toEqual([]);

    clock = new Date(clock.getTime() + 61 * MINUTE); // 1 h 59 before the visit
    const tallies = await tallyRows();
    const first = await reminders().run();
    expect(first).toMatchObject({ reminded: 1, finished: true });
    const sent = await remindersOf(r.id);
    expect(sent.map((m) => [m.userId, m.title])).toEqual([[brokerId, text.kind.VISIT_REMINDER]]);
    const at = formatVisitTime(formatShanghaiMinute(r.estimatedVisitTime), clock);
    expect(at).toBe('06月10日 15:00');
    expect(sent[0]!.content).toBe(text.visitReminder(r.customerName, listing.name, at));
    expect(sent[0]!.content).not.toContain(r.customerPhone);
    expect(await remindedAt(r.id)).toEqual(clock);
    // The mark names no tally column: channel_tally's insert-only triggers added nothing.
    expect(await tallyRows()).toBe(tallies);

    // The next minutes' runs find it reminded.
    clock = new Date(clock.getTime() + MINUTE);
    expect((await reminders().run()).reminded).toBe(0);
    expect(await remindersOf(r.id)).toHaveLength(1);
  });

  it('follows the company setting: a shorter lead waits, 0 reminds none', async () => {
    await t.database.db.update(company).set({ visitReminderMinutes: 30 }).where(eq(company.id, cid));
    try {
      const r = await reportAt(45);
      expect((await reminders().run()).reminded).toBe(0);
      clock = new Date(clock.getTime() + 15 * MINUTE);
      expect((await reminders().run()).reminded).toBe(1);
      expect(await remindersOf(r.id)).toHaveLength(1);

      await t.database.db.update(company).set({ visitReminderMinutes: 0 }).where(eq(company.id, cid));
      const off = await reportAt(10);
      expect((await reminders().run()).reminded).toBe(0);
      expect(await remindedAt(off.id)).toBeNull();
      expect(await remindersOf(off.id)).toEqual([]);
    } finally {
      await t.database.db.update(company).set({ visitReminderMinutes: 120 }).where(eq(company.id, cid));
    }
  });

  it('never reminds after the expected time, a visited or closed report, or an expired protection', async () => {
    clock = new Date(clock.getTime() + 24 * 60 * MINUTE);
    const past = await reportAt(-5);
    const visited = await reportAt(30, { status: 'VISIT', visitTime: clock });
    const closed = await reportAt(30, { status: 'RECORDCLOSE' });
    const expired = await reportAt(30, { protectionExpiredAt: clock });
    const unvisit = await reportAt(30, { status: 'UNVISIT' });
    expect((await reminders().run()).reminded).toBe(0);
    for (const r of [past, visited, closed, expired, unvisit]) expect(await remindedAt(r.id)).toBeNull();
  });

  it('a broker who turned 到访提醒 off gets no message (the report is still marked, once)', async () => {
    await t.database.db.insert(userMessageSetting).values({ userId: brokerId, kind: 'VISIT_REMINDER', disabled: true });
    try {
      clock = new Date(clock.getTime() + 24 * 60 * MINUTE);
      const r = await reportAt(60);
      expect((await reminders().run()).reminded).toBe(1);
      expect(await remindedAt(r.id)).toEqual(clock);
      expect(await remindersOf(r.id)).toEqual([]);
    } finally {
      await t.database.db.delete(userMessageSetting).where(and(eq(userMessageSetting.userId, brokerId), eq(userMessageSetting.kind, 'VISIT_REMINDER')));
    }
  });

  it('two runners at once (each report once), and the job alone across instances', async () => {
    clock = new Date(clock.getTime() + 24 * 60 * MINUTE);
    const due = await Promise.all(Array.from({ length: 30 }, (_, i) => reportAt(10 + i)));
    // Without any lock: two services race over the same due reports; the guarded mark decides.
    const other = testDatabaseKind() === 'postgres' ? openSecondInstance(t.database) : null;
    try {
      const runs = await Promise.all([reminders().run({ batchSize: 7 }), reminders(other ?? t.database).run({ batchSize: 7 })]);
      expect(runs[0]!.reminded + runs[1]!.reminded).toBe(30);
      expect(runs[0]!.missed + runs[1]!.missed).toBeLessThanOrEqual(30);
      const ids = due.map((r) => r.id);
      const counts = await queryRows<{ id: number; n: number }>(
        t.database.db,
        sql`select record_id as id, count(*)::int as n from message where kind = 'VISIT_REMINDER' and record_id in ${ids} group by record_id`,
      );
      expect(counts).toHaveLength(30);
      expect(counts.every((c) => c.n === 1)).toBe(true);

      // The job as the module defines it: one run at a time across instances, the other answers at once.
      clock = new Date(clock.getTime() + 24 * 60 * MINUTE);
      await Promise.all(Array.from({ length: 5 }, (_, i) => reportAt(5 + i)));
      const jobs = [visitReminderJob(reminders(), { runAlone: t.database.runAlone, log })];
      if (other) jobs.push(visitReminderJob(reminders(other), { runAlone: other.runAlone, log }));
      else jobs.push(visitReminderJob(reminders(), { runAlone: t.database.runAlone, log }));
      const results = await Promise.all([...jobs.map((j) => j.visitReminder()), jobs[0]!.visitReminder()]);
      const ran = results.filter((r) => r.ran);
      expect(ran).toHaveLength(1);
      expect(ran[0]).toMatchObject({ value: { reminded: 5, finished: true } });
      // And a run of its own lock in each process (no shared lock): still each report once.
      const loose = await Promise.all([visitReminderJob(reminders(), { runAlone: runAloneInProcess(), log }).visitReminder(), reminders().run()]);
      expect(loose.map((r) => ('ran' in r ? (r.ran ? r.value.reminded : 0) : r.reminded))).toEqual([0, 0]);
    } finally {
      await other?.close();
    }
  }, 60_000);

  it('goes by WeChat to a bound broker and by SMS where the company ticked 到访提醒, once', async () => {
    const sent: SmsMessage[] = [];
    const sms: SmsSender = {
      async send(m) {
        sent.push(m);
      },
    };
    await t.database.db.update(messageDelivery).set({ state: 'skipped' });
    await t.database.db.insert(userIdentity).values({ companyId: cid, provider: 'wechat', subject: 'oBrokerVisitReminder1', userId: brokerId });
    await t.database.db.update(company).set({ smsNotifyKinds: ['VISIT_REMINDER'] }).where(eq(company.id, cid));
    try {
      clock = new Date(clock.getTime() + 24 * 60 * MINUTE);
      const r = await reportAt(90);
      expect((await reminders().run()).reminded).toBe(1);
      const [m] = await remindersOf(r.id);
      const deliveries = await t.database.db.select().from(messageDelivery).where(eq(messageDelivery.messageId, m!.id));
      expect(deliveries.map((d) => [d.channel, d.state]).sort()).toEqual([
        ['sms', 'pending'],
        ['wechat', 'pending'],
      ]);
      const before = fake.templateSends.length;
      const delivery = createMessageDelivery({
        messages: createMessageRepository(t.database.db),
        sms,
        wechat: t.app.wechatTemplates,
        wechatTemplates: { VISIT_REMINDER: 'tmpl-visit-reminder' },
        now: () => clock,
      });
      await delivery.deliverDue();
      const wechat = fake.templateSends.slice(before);
      expect(wechat).toHaveLength(1);
      expect(wechat[0]).toMatchObject({ touser: 'oBrokerVisitReminder1', template_id: 'tmpl-visit-reminder' });
      expect(sent).toHaveLength(1);
      expect(JSON.stringify(sent[0])).toContain(m!.content);
      // A second run of the reminder and of the delivery sends nothing more.
      expect((await reminders().run()).reminded).toBe(0);
      await delivery.deliverDue();
      expect(fake.templateSends.length - before).toBe(1);
      expect(sent).toHaveLength(1);
    } finally {
      await t.database.db.update(company).set({ smsNotifyKinds: [] }).where(eq(company.id, cid));
      await t.database.db.delete(userIdentity).where(inArray(userIdentity.subject, ['oBrokerVisitReminder1']));
    }
  });
});
