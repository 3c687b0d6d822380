import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@baobei/shared/messages';
import { ok } from '../lib/envelope';
import { createTestApp, type TestApp } from '../test/test-app';

/** The server applies the shared route table's rule to calls that serve a page. */
describe('auth plugin: page and role gates', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      extraRoutes: async (app) => {
        app.get('/api/test/audit-page', { config: { page: 'recordAudit', access: { auth: 'required', page: 'recordAudit' } } }, async () => ok('audit'));
        app.get('/api/test/staff-page', { config: { page: 'staffList', access: { auth: 'required', page: 'staffList' } } }, async () => ok('staff'));
        app.get('/api/test/auditors-only', { config: { roles: ['AUDITOR', 'AUDITORADMIN'], access: { auth: 'required', roles: ['AUDITOR', 'AUDITORADMIN'] } } }, async () => ok('x'));
        app.get('/api/test/public', { config: { auth: 'optional', access: { auth: 'optional' } } }, async (request) => ok(request.user?.phone ?? null));
      },
    });
  });
  afterAll(async () => {
    await t.close();
  });

  it('lets an auditor call an audit-page API and refuses a broker with the no-permission message', async () => {
    const auditor = await t.login('13800000006');
    expect((await t.call({ method: 'GET', url: '/api/test/audit-page', token: auditor })).statusCode).toBe(200);
    const broker = await t.login('13800000003');
    const refused = await t.call({ method: 'GET', url: '/api/test/audit-page', token: broker });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().msg).toBe(messages.common.noPermission);
  });

  it('keeps shop-manager pages for DIANZHANG', async () => {
    const manager = await t.login('13800000002');
    expect((await t.call({ method: 'GET', url: '/api/test/staff-page', token: manager })).statusCode).toBe(200);
    const channel = await t.login('13800000004');
    expect((await t.call({ method: 'GET', url: '/api/test/staff-page', token: channel })).statusCode).toBe(403);
  });

  it('checks roles and answers 401 before 403 for visitors', async () => {
    expect((await t.call({ method: 'GET', url: '/api/test/auditors-only' })).statusCode).toBe(401);
    const admin = await t.login('13800000007');
    expect((await t.call({ method: 'GET', url: '/api/test/auditors-only', token: admin })).statusCode).toBe(200);
  });

  it('lets visitors through optional routes but refuses a stale token there', async () => {
    const visitor = await t.call({ method: 'GET', url: '/api/test/public' });
    expect(visitor.json().data).toBeNull();
    const stale = await t.call({ method: 'GET', url: '/api/test/public', token: 'expired-token' });
    expect(stale.statusCode).toBe(401);
    const broker = await t.login('13800000003');
    expect((await t.call({ method: 'GET', url: '/api/test/public', token: broker })).json().data).toBe('13800000003');
  });
});
