import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import pino from 'pino';
import { adminJobMessages } from '@baobei/shared/messages/admin-job';
import { jobFailure, message, messageDelivery, user } from '../db/schema';
import { MESSAGE_RETENTION_DAYS } from '../modules/message/message-jobs';
import { DEMO_ACCOUNTS } from '../test/accounts';
import { createTestApp, HOSTS, type TestApp } from '../test/test-app';
import { createHousekeeping, JOB_FAILURE_RETENTION_DAYS } from './housekeeping';
import { JOB_NAMES } from './jobs';

/** The nightly clean-up (docs/decisions/057) with a controllable clock, on the app's own tables. */
const DAY = 86_400_000;
const log = pino({ level: 'silent' });
let t: TestApp;
let companyId = 0;
let userId = 0;

beforeAll(async () => {
  t = await createTestApp();
  companyId = await t.companyIdOf(HOSTS.localhost);
  userId = (await t.database.db.select({ id: user.id }).from(user).where(eq(user.phone, DEMO_ACCOUNTS.broker)))[0]!.id;
});
afterAll(async () => {
  await t?.close();
});

describe('housekeeping (docs/decisions/057)', () => {
  it('removes messages (with their deliveries) and failed job attempts past their retention, keeps the rest, and is idempotent', async () => {
    const now = new Date('2027-06-01T00:00:00Z');
    const ago = (days: number) => new Date(now.getTime() - days * DAY);
    const insertMessage = async (createdAt: Date) =>
      (await t.database.db.insert(message).values({ companyId, userId, kind: 'RECORD_STATUS', title: '清理', content: '清理测试', createdAt }).returning({ id: message.id }))[0]!.id;
    // Written out of order on purpose: the batch follows the creation time, not only the id.
    const kept = [await insertMessage(ago(MESSAGE_RETENTION_DAYS - 1)), await insertMessage(ago(1))];
    const old = [await insertMessage(ago(MESSAGE_RETENTION_DAYS + 1)), await insertMessage(ago(MESSAGE_RETENTION_DAYS + 300))];
    await t.database.db.insert(messageDelivery).values([
      { messageId: old[0]!, channel: 'sms', state: 'sent' },
      { messageId: kept[0]!, channel: 'sms', state: 'sent' },
    ]);
    const failure = (failedAt: Date) => ({ queue: JOB_NAMES.messageDelivery, jobId: `h-${failedAt.getTime()}`, attempt: 1, final: true, error: '清理测试', failedAt, companyId });
    await t.database.db.insert(jobFailure).values([failure(ago(JOB_FAILURE_RETENTION_DAYS + 1)), failure(ago(JOB_FAILURE_RETENTION_DAYS - 1))]);

    // The tables the app's job queue and modules added (registerJobQueue, message-module).
    expect(t.app.jobs.retained.map((table) => table.name).sort()).toEqual(['jobFailures', 'messages']);
    const housekeeping = createHousekeeping({ tables: t.app.jobs.retained, log, now: () => now });
    const first = await housekeeping.run();
    expect(first.removed.messages).toBeGreaterThanOrEqual(2);
    expect(first.removed.jobFailures).toBeGreaterThanOrEqual(1);

    const left = await t.database.db.select({ id: message.id }).from(message).where(inArray(message.id, [...kept, ...old]));
    expect(left.map((m) => m.id).sort()).toEqual([...kept].sort());
    const deliveries = await t.database.db.select({ messageId: messageDelivery.messageId }).from(messageDelivery).where(inArray(messageDelivery.messageId, [...kept, ...old]));
    expect(deliveries).toEqual([{ messageId: kept[0]! }]);
    const failures = await t.database.db.select({ failedAt: jobFailure.failedAt }).from(jobFailure).where(eq(jobFailure.error, '清理测试'));
    expect(failures.map((f) => f.failedAt)).toEqual([ago(JOB_FAILURE_RETENTION_DAYS - 1)]);

    // Again (a second instance, or a retry): nothing more goes.
    expect(await housekeeping.run()).toEqual({ removed: { messages: 0, jobFailures: 0 }, finished: true });
  });

  it('names every queue in Chinese on the console’s 后台任务', () => {
    for (const queue of Object.values(JOB_NAMES)) expect(adminJobMessages.jobNames[queue], queue).toEqual(expect.any(String));
  });
});
