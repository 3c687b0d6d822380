import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import Fastify, { type FastifyInstance, type LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@baobei/shared/messages';
import { registerCompression } from './compression';
import { registerConsoleApp } from './console-static';
import { CACHE } from './web-static';

/** A tiny console build, laid out as apps/admin's (base /admin/, assets under static/, .br/.gz beside). */
const ENTRY_JS = 'static/index-Ab3_x-9Z.js';
const ENTRY_CSS = 'static/index-Zx98Cv76.css';
const LOGO = 'static/logo-Lg12Pn34.png';
const INDEX_HTML = `<!doctype html><html lang="zh-CN"><head><meta charset="UTF-8" /><title>运营后台</title>
<script type="module" crossorigin src="/admin/${ENTRY_JS}"></script>
<link rel="stylesheet" crossorigin href="/admin/${ENTRY_CSS}">
</head><body><div id="root"></div></body></html>
${'<!-- padding so that the page is worth compressing -->\n'.repeat(30)}`;
const FILES: Record<string, string> = {
  'index.html': INDEX_HTML,
  [ENTRY_JS]: `${'export const words = ["运营后台", "品牌设置", "概览"];\n'.repeat(200)}`,
  [ENTRY_CSS]: `${'.layout { display: flex; color: #333; }\n'.repeat(200)}`,
  [LOGO]: 'not really a png',
};
const PRECOMPRESSED = ['index.html', ENTRY_JS, ENTRY_CSS];

let dist: string;
let app: FastifyInstance;
let bare: FastifyInstance;

/** As app.ts: the console before compression, the API after it, a not-found handler for the rest. */
async function buildServer(consoleDist: string): Promise<FastifyInstance> {
  const server = Fastify();
  await registerConsoleApp(server, consoleDist);
  await registerCompression(server);
  server.get('/api/ping', async () => ({ code: 200, data: 'x'.repeat(4000) }));
  server.setNotFoundHandler((_request, reply) => reply.status(404).send({ code: 404, msg: 'mobile app or API 404' }));
  await server.ready();
  return server;
}

beforeAll(async () => {
  dist = mkdtempSync(path.join(tmpdir(), 'baobei-console-dist-'));
  for (const [file, content] of Object.entries(FILES)) {
    mkdirSync(path.dirname(path.join(dist, file)), { recursive: true });
    writeFileSync(path.join(dist, file), content);
  }
  for (const file of PRECOMPRESSED) {
    writeFileSync(path.join(dist, `${file}.br`), brotliCompressSync(FILES[file]!));
    writeFileSync(path.join(dist, `${file}.gz`), gzipSync(FILES[file]!));
  }
  app = await buildServer(dist);
  bare = await buildServer(path.join(dist, 'no-such-build'));
});
afterAll(async () => {
  await app.close();
  await bare.close();
  rmSync(dist, { recursive: true, force: true });
});

const get = (server: FastifyInstance, url: string, headers: Record<string, string> = {}) => server.inject({ method: 'GET', url, headers });

function decoded(res: LightMyRequestResponse): string {
  const encoding = res.headers['content-encoding'];
  if (encoding === 'br') return brotliDecompressSync(res.rawPayload).toString();
  if (encoding === 'gzip') return gunzipSync(res.rawPayload).toString();
  expect(encoding).toBeUndefined();
  return res.rawPayload.toString();
}

describe('the console build at /admin/', () => {
  it.each(['/admin', '/admin/', '/admin/login', '/admin/brand', '/admin/change-password?from=x'])(
    '%s answers the index page, no-cache, for the client router',
    async (url) => {
      const res = await get(app, url, { 'accept-encoding': 'identity' });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(res.headers['cache-control']).toBe(CACHE.index);
      expect(String(res.headers.vary)).toMatch(/accept-encoding/i);
      expect(decoded(res)).toBe(INDEX_HTML);
    },
  );

  it('sends the index page as the build compressed it: br, then gzip, then as it is', async () => {
    const br = await get(app, '/admin/brand', { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(decoded(br)).toBe(INDEX_HTML);
    const gz = await get(app, '/admin/', { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(decoded(gz)).toBe(INDEX_HTML);
  });

  it('answers 304 to a revalidation with the same ETag', async () => {
    const first = await get(app, '/admin/');
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^W\/".+"$/);
    const again = await get(app, '/admin/brand', { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });

  it('serves the hashed files with a year of immutable cache, precompressed by Accept-Encoding', async () => {
    const js = await get(app, `/admin/${ENTRY_JS}`, { 'accept-encoding': 'br' });
    expect(js.statusCode).toBe(200);
    expect(js.headers['cache-control']).toBe(CACHE.hashed);
    expect(js.headers['content-encoding']).toBe('br');
    expect(decoded(js)).toBe(FILES[ENTRY_JS]);
    const css = await get(app, `/admin/${ENTRY_CSS}`, { 'accept-encoding': 'gzip' });
    expect(css.headers['content-encoding']).toBe('gzip');
    expect(decoded(css)).toBe(FILES[ENTRY_CSS]);
    // A picture has no variant and is sent as it is.
    const logo = await get(app, `/admin/${LOGO}`, { 'accept-encoding': 'br, gzip' });
    expect(logo.headers['cache-control']).toBe(CACHE.hashed);
    expect(logo.headers['content-encoding']).toBeUndefined();
    expect(logo.body).toBe(FILES[LOGO]);
  });

  it('never names the variants by their own path', async () => {
    expect((await get(app, `/admin/${ENTRY_JS}.br`)).statusCode).toBe(404);
  });

  it('answers a missing asset 404, not the index page the browser would run as a script', async () => {
    for (const url of ['/admin/static/index-Old00000.js', '/admin/favicon.ico']) {
      const res = await get(app, url);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ code: 404, msg: messages.common.notFound });
    }
  });

  it('leaves the API and the other paths to the rest of the server', async () => {
    const api = await get(app, '/api/ping', { 'accept-encoding': 'gzip' });
    expect(api.statusCode).toBe(200);
    expect(api.headers['content-encoding']).toBe('gzip');
    expect((await get(app, '/administrator')).json()).toEqual({ code: 404, msg: 'mobile app or API 404' });
    expect((await get(app, '/login')).json()).toEqual({ code: 404, msg: 'mobile app or API 404' });
  });
});

describe('without a console build', () => {
  it('starts, and /admin answers 404 instead of the mobile app', async () => {
    for (const url of ['/admin', '/admin/', '/admin/brand', `/admin/${ENTRY_JS}`]) {
      const res = await get(bare, url);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ code: 404, msg: messages.common.notFound });
    }
    expect((await get(bare, '/api/ping')).statusCode).toBe(200);
  });
});
