import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customer, feedback, record } from '../db/schema';
import { DEMO_ACCOUNTS } from '../test/accounts';
import { activeListings, reportSubmitPayload } from '../test/records';
import { createTestApp, HOSTS, type TestApp } from '../test/test-app';

/**
 * docs/decisions/094: the three calls the app's outbox sends again after no answer (report
 * submit, add-customer, feedback) replay the first answer for the same key and user, and
 * never create twice; another user sending the same key is a request of its own.
 */
let t: TestApp;
let companyId: number;
let houseId: number;
let broker: string;
let otherBroker: string;

beforeAll(async () => {
  t = await createTestApp();
  companyId = await t.companyIdOf(HOSTS.localhost);
  [broker, otherBroker] = await Promise.all([t.login(DEMO_ACCOUNTS.broker), t.login(DEMO_ACCOUNTS.otherBroker)]);
  houseId = (await activeListings(t, companyId, 1))[0]!.id;
});
afterAll(async () => {
  await t.close();
});

const post = (url: string, token: string, key: string, payload: unknown) =>
  t.call({ method: 'POST', url, token, payload: payload as Record<string, unknown>, headers: { 'idempotency-key': key } });

async function sendTwice(url: string, key: string, payload: unknown) {
  const first = await post(url, broker, key, payload);
  const second = await post(url, broker, key, payload);
  expect(first.statusCode).toBe(200);
  expect(second.statusCode).toBe(200);
  expect(second.headers['idempotent-replayed']).toBe('true');
  expect(first.headers['idempotent-replayed']).toBeUndefined();
  expect(second.json()).toEqual(first.json());
  const other = await post(url, otherBroker, key, payload);
  expect(other.statusCode).toBe(200);
  expect(other.headers['idempotent-replayed']).toBeUndefined();
  return { first, other };
}

describe('Idempotency-Key on the outbox calls', () => {
  it('report submit: the same key twice writes one report; another broker with the key reports on its own', async () => {
    const phone = '16650000001';
    const otherPhone = '16750000001';
    const key = 'outbox-submit-0001';
    const first = await post('/api/record/post-record-data', broker, key, reportSubmitPayload([houseId], { name: '离线甲', phone }));
    const again = await post('/api/record/post-record-data', broker, key, reportSubmitPayload([houseId], { name: '离线甲', phone }));
    expect(first.statusCode).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
    const other = await post('/api/record/post-record-data', otherBroker, key, reportSubmitPayload([houseId], { name: '离线乙', phone: otherPhone }));
    expect(other.statusCode).toBe(200);
    expect(other.headers['idempotent-replayed']).toBeUndefined();
    expect(other.json().data.submissionId).not.toBe(first.json().data.submissionId);
    const mine = await t.database.db.select().from(record).where(and(eq(record.companyId, companyId), eq(record.customerPhone, phone)));
    const theirs = await t.database.db.select().from(record).where(and(eq(record.companyId, companyId), eq(record.customerPhone, otherPhone)));
    expect(mine).toHaveLength(1);
    expect(theirs).toHaveLength(1);
  });

  it('add-customer: the same key twice adds one customer; another broker with the key adds its own', async () => {
    const phone = '16650000002';
    const { first, other } = await sendTwice('/api/record/add-customer', 'outbox-customer-0001', { name: '离线丙', sex: 1, phone, telType: 0 });
    expect(other.json().data.id).not.toBe(first.json().data.id);
    const rows = await t.database.db.select().from(customer).where(and(eq(customer.companyId, companyId), eq(customer.phone, phone)));
    expect(rows.map((row) => row.id).sort()).toEqual([first.json().data.id, other.json().data.id].sort());
  });

  it('feedback: the same key twice keeps one message; another broker with the key sends its own', async () => {
    const content = '离线时写下的反馈：筛选项太多';
    await sendTwice('/api/user/add-gbook', 'outbox-feedback-0001', { content });
    const rows = await t.database.db.select().from(feedback).where(and(eq(feedback.companyId, companyId), eq(feedback.content, content)));
    expect(rows).toHaveLength(2);
    expect(new Set(rows.map((row) => row.userId)).size).toBe(2);
  });

  it('bad input under a key is refused each time with the same message and adds nothing', async () => {
    const key = 'outbox-customer-0002';
    const first = await post('/api/record/add-customer', broker, key, { name: '', sex: 1, phone: '16650000003', telType: 0 });
    expect(first.statusCode).toBe(400);
    const again = await post('/api/record/add-customer', broker, key, { name: '', sex: 1, phone: '16650000003', telType: 0 });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual(first.json());
    const rows = await t.database.db.select().from(customer).where(and(eq(customer.companyId, companyId), eq(customer.phone, '16650000003')));
    expect(rows).toHaveLength(0);
  });
});
