import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aliyunSmsEnv } from './fake-sms-providers';
import { scratchPostgres } from './scratch-postgres';
import { buildServer, startServer, type ServerProcess } from './server-process';

/**
 * Issue 34 item 5 (docs/decisions/099): the compiled server preloaded with dist/tracing.js sends
 * its traces to an OTLP/HTTP collector (a local stand-in here): a request is one trace, with the
 * HTTP server's span, Fastify's route and the PostgreSQL statements it ran, and no query string
 * in any attribute. Without OTEL_EXPORTER_OTLP_ENDPOINT the preload is inert.
 */
const ADMIN_URL = process.env.TEST_DATABASE_URL;
if (!ADMIN_URL) console.warn('tracing test skipped: it needs TEST_DATABASE_URL (PostgreSQL, for the pg spans)');

const PRODUCTION = { NODE_ENV: 'production', EXTERNAL_LINK_SECRET: 'a-tracing-test-secret-of-enough-length', ...aliyunSmsEnv('http://127.0.0.1:9') };

interface OtlpValue {
  stringValue?: string;
  intValue?: string | number;
}
interface OtlpSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  attributes: { key: string; value: OtlpValue }[];
}
interface Received {
  service: string;
  spans: OtlpSpan[];
}

let collector: Server;
let collectorUrl: string;
const received: Received[] = [];
let databaseUrl: string;
let database: Awaited<ReturnType<typeof scratchPostgres>> | undefined;
const servers: ServerProcess[] = [];

const attribute = (span: OtlpSpan, key: string) => {
  const value = span.attributes.find((a) => a.key === key)?.value;
  return value?.stringValue ?? (value?.intValue === undefined ? undefined : String(value.intValue));
};
const allSpans = () => received.flatMap((r) => r.spans);
/** A PostgreSQL statement's span, in the stable database conventions or the older ones. */
const isStatement = (span: OtlpSpan) => (attribute(span, 'db.system.name') ?? attribute(span, 'db.system')) === 'postgresql' && span.name.startsWith('pg.query');

async function until<T>(find: () => T | undefined, timeoutMs = 20_000): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const found = find();
    if (found !== undefined) return found;
    if (Date.now() > end) throw new Error(`not received in ${timeoutMs} ms: ${JSON.stringify(allSpans().map((s) => s.name))}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe.runIf(Boolean(ADMIN_URL))('traces (dist/tracing.js)', () => {
  beforeAll(async () => {
    collector = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
      request.on('end', () => {
        if (request.url === '/v1/traces' && request.headers['content-type']?.includes('json')) {
          const payload = JSON.parse(body) as {
            resourceSpans: { resource: { attributes: { key: string; value: OtlpValue }[] }; scopeSpans: { spans: OtlpSpan[] }[] }[];
          };
          for (const resource of payload.resourceSpans) {
            const service = resource.resource.attributes.find((a) => a.key === 'service.name')?.value.stringValue ?? '';
            received.push({ service, spans: resource.scopeSpans.flatMap((s) => s.spans) });
          }
        }
        response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
      });
    });
    await new Promise<void>((listening) => collector.listen(0, '127.0.0.1', listening));
    collectorUrl = `http://127.0.0.1:${(collector.address() as AddressInfo).port}`;
    database = await scratchPostgres(ADMIN_URL!, 'tracing');
    databaseUrl = database.url;
  });
  afterAll(async () => {
    for (const server of servers) await server.stop();
    await new Promise((closed) => collector?.close(closed));
    await database?.drop();
  });

  const preload = () => ['--import', path.join(path.dirname(buildServer()), 'tracing.js')];

  it('makes each request one trace: the server span, Fastify’s route and its PostgreSQL statements, without the query string', async () => {
    const server = await startServer(
      { ...PRODUCTION, DATABASE_URL: databaseUrl, OTEL_EXPORTER_OTLP_ENDPOINT: collectorUrl, OTEL_SERVICE_NAME: 'baobei-test', OTEL_BSP_SCHEDULE_DELAY: '100' },
      120_000,
      { nodeArgs: preload() },
    );
    servers.push(server);
    const ready = await fetch(`${server.url}/api/ready?token=a-secret-token`);
    expect(ready.status).toBe(200);

    // The HTTP server's span, the root of the request's trace, with its route and status.
    const serverSpan = await until(() => allSpans().find((s) => s.name === 'GET /api/ready' && !s.parentSpanId));
    expect(attribute(serverSpan, 'http.route')).toBe('/api/ready');
    expect(attribute(serverSpan, 'http.response.status_code')).toBe('200');
    expect(attribute(serverSpan, 'url.path')).toBe('/api/ready');
    expect(attribute(serverSpan, 'url.query')).toBe('token=***');
    // Fastify's request span and its handler under it, in the same trace.
    const trace = () => allSpans().filter((s) => s.traceId === serverSpan.traceId);
    const request = await until(() => trace().find((s) => s.name === 'request' && s.parentSpanId === serverSpan.spanId));
    expect(attribute(request, 'url.path')).toBe('/api/ready');
    expect(trace().some((s) => s.name.startsWith('handler') && s.parentSpanId === request.spanId)).toBe(true);
    // The readiness check's statement, in the request's trace; no statement outside a request.
    const statement = await until(() => trace().find((s) => isStatement(s) && /select 1/i.test(attribute(s, 'db.query.text') ?? attribute(s, 'db.statement') ?? '')));
    expect(statement.parentSpanId).toBeTruthy();
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    const traceIds = new Set(allSpans().filter((s) => !s.parentSpanId).map((s) => s.traceId));
    const statements = allSpans().filter(isStatement);
    expect(statements.length).toBeGreaterThan(0);
    expect(statements.every((s) => traceIds.has(s.traceId))).toBe(true);
    expect(received.every((r) => r.service === 'baobei-test')).toBe(true);
    // No attribute of any span carries the secret of the query string.
    expect(JSON.stringify(received)).not.toContain('a-secret-token');
    // Stopping flushes what is still batched.
    await server.stop();
  }, 180_000);

  it('sends nothing without OTEL_EXPORTER_OTLP_ENDPOINT: the preload is inert', async () => {
    const before = received.length;
    const server = await startServer({ ...PRODUCTION, DATABASE_URL: databaseUrl, OTEL_BSP_SCHEDULE_DELAY: '100' }, 120_000, { nodeArgs: preload() });
    servers.push(server);
    expect((await fetch(`${server.url}/api/ready`)).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    await server.stop();
    expect(received.length).toBe(before);
  }, 180_000);
});
