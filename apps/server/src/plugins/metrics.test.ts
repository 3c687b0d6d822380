import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { aliyunSmsEnv } from '../test/fake-sms-providers';
import { DEMO_ACCOUNTS } from '../test/accounts';
import { createTestApp, type TestApp } from '../test/test-app';

/** Prometheus metrics at /metrics (issue 14, operations): off by default, behind a token. */
const TOKEN = 'a-metrics-token-of-enough-length';

const seriesOf = (text: string, name: string) => text.split('\n').filter((line) => line.startsWith(`${name}{`));

describe('metrics', () => {
  it('are off unless METRICS=on; production refuses them without METRICS_TOKEN', () => {
    expect(loadConfig({}).METRICS).toBe(false);
    const production = { NODE_ENV: 'production', EXTERNAL_LINK_SECRET: 'x'.repeat(16), ...aliyunSmsEnv('http://127.0.0.1:9') };
    expect(() => loadConfig({ ...production, METRICS: 'on' })).toThrow(/METRICS=on needs METRICS_TOKEN in production/);
    expect(loadConfig({ ...production, METRICS: 'on', METRICS_TOKEN: TOKEN }).METRICS).toBe(true);
    expect(() => loadConfig({ METRICS: 'on', METRICS_TOKEN: 'short' })).toThrow(/METRICS_TOKEN/);
  });

  describe('off (the default)', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp();
    });
    afterAll(async () => t?.close());

    it('has no /metrics route and no metrics hook', async () => {
      expect(t.app.hasRoute({ method: 'GET', url: '/metrics' })).toBe(false);
      // Not found, or the web app's page when a web build is there (its fallback takes unknown paths): never metrics.
      const answer = await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
      expect([404, 200]).toContain(answer.statusCode);
      expect(answer.headers['content-type']).not.toMatch(/^text\/plain/);
      expect(answer.body).not.toMatch(/^# (HELP|TYPE) /m);
      expect(t.app.hasDecorator('metrics')).toBe(false);
    });
  });

  describe('on, with a token', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp({ config: { METRICS: 'on', METRICS_TOKEN: TOKEN } });
    });
    afterAll(async () => t?.close());

    const scrape = (authorization?: string) =>
      t.app.inject({ method: 'GET', url: '/metrics', headers: authorization ? { authorization } : {} });

    it('answers only the bearer of the token', async () => {
      for (const authorization of [undefined, TOKEN, `Bearer ${TOKEN}x`, `Bearer ${TOKEN.slice(0, -1)}`, `Basic ${TOKEN}`]) {
        const res = await scrape(authorization);
        expect(res.statusCode, authorization).toBe(401);
        expect(res.body, authorization).not.toMatch(/http_request_duration_seconds/);
      }
      expect((await scrape(`Bearer ${TOKEN}`)).statusCode).toBe(200);
    });

    it('counts requests per route pattern, method and status, with their latencies', async () => {
      const before = seriesOf((await scrape(`Bearer ${TOKEN}`)).body, 'http_request_duration_seconds_count');
      expect(before.filter((l) => l.includes('route="/api/health"'))).toEqual([]);
      for (let i = 0; i < 3; i++) await t.app.inject({ method: 'GET', url: '/api/health' });
      // Two pictures that do not exist: one series for the route's pattern, not one per URL.
      for (const name of ['0123456789abcdef0123456789abcdef.jpg', 'fedcba9876543210fedcba9876543210.jpg']) {
        await t.app.inject({ method: 'GET', url: `/uploads/2024/01/${name}` });
      }

      const res = await scrape(`Bearer ${TOKEN}`);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/plain/);
      const counts = seriesOf(res.body, 'http_request_duration_seconds_count');
      expect(counts).toContain('http_request_duration_seconds_count{method="GET",route="/api/health",status_code="200"} 3');
      const uploads = counts.filter((l) => l.includes('route="/uploads/'));
      expect(uploads).toHaveLength(1);
      expect(uploads[0]).not.toMatch(/0123456789abcdef|fedcba9876543210/);
      expect(uploads[0]).toMatch(/ 2$/);
      expect(seriesOf(res.body, 'http_request_duration_seconds_bucket').some((l) => l.includes('route="/api/health"') && l.includes('le="0.005"'))).toBe(true);
      // The scrapes themselves are not counted.
      expect(res.body).not.toMatch(/route="\/metrics"/);
      // The process's own metrics.
      expect(res.body).toMatch(/^process_resident_memory_bytes \d/m);
      expect(res.body).toMatch(/^nodejs_eventloop_lag_seconds /m);
    });

    it('counts SMS sends by provider, kind and outcome, and shows the exports running (docs/decisions/097)', async () => {
      const captcha = await t.call({ method: 'GET', url: '/api/login/verify-code' });
      const { sn } = captcha.json().data as { sn: string };
      const code = (await t.call({ method: 'GET', url: `/api/dev/captcha?sn=${sn}` })).json().data.code as string;
      const sent = await t.call({ method: 'GET', url: `/api/login/get-code?username=${DEMO_ACCOUNTS.broker}&sn=${sn}&code=${code}&purpose=login` });
      expect(sent.statusCode).toBe(200);

      const res = await scrape(`Bearer ${TOKEN}`);
      expect(seriesOf(res.body, 'sms_sends_total')).toEqual(['sms_sends_total{provider="dev",kind="loginCode",outcome="sent"} 1']);
      expect(res.body).toMatch(/^exports_running 0$/m);
      // The queue has not started in a test app: no queue reports its depth yet.
      expect(seriesOf(res.body, 'job_queue_waiting')).toEqual([]);
      expect(res.body).toMatch(/^# TYPE job_attempts_total counter$/m);
    });

    it('shows the PostgreSQL pool, when there is one', async () => {
      const res = await scrape(`Bearer ${TOKEN}`);
      if (t.database.kind === 'postgres') {
        expect(res.body).toMatch(/^db_pool_connections \d+$/m);
        expect(res.body).toMatch(/^db_pool_idle_connections \d+$/m);
        expect(res.body).toMatch(/^db_pool_waiting_queries \d+$/m);
      } else {
        expect(res.body).not.toMatch(/db_pool_/);
      }
    });
  });
});
