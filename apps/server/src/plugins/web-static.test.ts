import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipartFile, TINY_PNG } from '../test/multipart';
import { createTestApp, type TestApp } from '../test/test-app';
import { COMPRESSION_THRESHOLD } from './compression';
import { CACHE, preloadLinkHeader, webCacheControl } from './web-static';

/** A tiny web build, as apps/web's build lays it out (docs/decisions/031), in a folder of its own. */
const ENTRY_JS = 'static/index-Ab3_x-9Z.js';
const VENDOR_JS = 'static/react-Qw12Er34.js';
const ENTRY_CSS = 'static/index-Zx98Cv76.css';
const TINY_JS = 'static/is-wechat-Tn1_Yy2z.js';
const INDEX_HTML = `<!doctype html><html lang="zh-CN"><head><meta charset="UTF-8" /><title>报备</title>
<script type="module" crossorigin src="/${ENTRY_JS}"></script>
<link rel="modulepreload" crossorigin href="/${VENDOR_JS}">
<link rel="stylesheet" crossorigin href="/${ENTRY_CSS}">
</head><body><div id="root"></div></body></html>
${'<!-- padding so that the page is worth compressing -->\n'.repeat(30)}`;
const FILES: Record<string, string> = {
  'index.html': INDEX_HTML,
  [ENTRY_JS]: `import "./react-Qw12Er34.js";\n${'export const words = ["报备", "楼盘", "客户"];\n'.repeat(200)}`,
  [VENDOR_JS]: `${'export function render() { return "react"; }\n'.repeat(200)}`,
  [ENTRY_CSS]: `${'.page { display: flex; color: #333; }\n'.repeat(200)}`,
  [TINY_JS]: 'export const w=1;',
  'favicon.svg': `<svg xmlns="http://www.w3.org/2000/svg">${'<rect width="1" height="1"/>'.repeat(60)}</svg>`,
  '.vite/manifest.json': JSON.stringify({
    _react: { file: VENDOR_JS, name: 'react' },
    'index.html': { file: ENTRY_JS, src: 'index.html', isEntry: true, imports: ['_react'], css: [ENTRY_CSS] },
  }),
};
/** The build writes both variants next to each text file but the tiny one (apps/web/vite-plugin-precompress.ts). */
const PRECOMPRESSED = ['index.html', ENTRY_JS, VENDOR_JS, ENTRY_CSS, 'favicon.svg'];

let dist: string;
let dataDir: string;
let t: TestApp;

beforeAll(async () => {
  dist = mkdtempSync(path.join(tmpdir(), 'baobei-webdist-'));
  dataDir = mkdtempSync(path.join(tmpdir(), 'baobei-webdist-data-'));
  for (const [file, content] of Object.entries(FILES)) {
    mkdirSync(path.dirname(path.join(dist, file)), { recursive: true });
    writeFileSync(path.join(dist, file), content);
  }
  for (const file of PRECOMPRESSED) {
    writeFileSync(path.join(dist, `${file}.br`), brotliCompressSync(FILES[file]!));
    writeFileSync(path.join(dist, `${file}.gz`), gzipSync(FILES[file]!));
  }
  t = await createTestApp({ config: { WEB_DIST: dist, DATA_DIR: dataDir } });
});
afterAll(async () => {
  await t.close();
  rmSync(dist, { recursive: true, force: true });
  rmSync(dataDir, { recursive: true, force: true });
});

const get = (url: string, acceptEncoding?: string) =>
  t.app.inject({ method: 'GET', url, headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding } });

/** The body as the client reads it once it undoes the Content-Encoding. */
function decoded(res: LightMyRequestResponse): string {
  const encoding = res.headers['content-encoding'];
  if (encoding === 'br') return brotliDecompressSync(res.rawPayload).toString();
  if (encoding === 'gzip') return gunzipSync(res.rawPayload).toString();
  expect(encoding).toBeUndefined();
  return res.rawPayload.toString();
}

const varyOnEncoding = (res: LightMyRequestResponse) => String(res.headers.vary ?? '').toLowerCase().split(/,\s*/).includes('accept-encoding');

describe('precompressed web build', () => {
  it('sends brotli when accepted, the .br file as it is', async () => {
    const res = await get(`/${ENTRY_JS}`, 'gzip, deflate, br');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/^(application|text)\/javascript/);
    expect(varyOnEncoding(res)).toBe(true);
    expect(res.rawPayload.equals(brotliCompressSync(FILES[ENTRY_JS]!))).toBe(true);
    expect(decoded(res)).toBe(FILES[ENTRY_JS]);
  });

  it('sends gzip when only gzip is accepted, or when br is refused', async () => {
    for (const accept of ['gzip', 'br;q=0, gzip']) {
      const res = await get(`/${ENTRY_CSS}`, accept);
      expect(res.headers['content-encoding'], accept).toBe('gzip');
      expect(res.headers['content-type'], accept).toMatch(/^text\/css/);
      expect(varyOnEncoding(res), accept).toBe(true);
      expect(decoded(res), accept).toBe(FILES[ENTRY_CSS]);
    }
  });

  it('sends the file itself without an accepted encoding, still varying on Accept-Encoding', async () => {
    for (const accept of [undefined, 'identity', 'deflate']) {
      const res = await get(`/${ENTRY_JS}`, accept);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding'], String(accept)).toBeUndefined();
      expect(varyOnEncoding(res), String(accept)).toBe(true);
      expect(res.body, String(accept)).toBe(FILES[ENTRY_JS]);
    }
  });

  it('sends a file without variants as it is, never compressed on the fly', async () => {
    const res = await get(`/${TINY_JS}`, 'br, gzip');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body).toBe(FILES[TINY_JS]);
  });

  it('caches hashed files for good, other files of the build for an hour', async () => {
    for (const file of [ENTRY_JS, VENDOR_JS, ENTRY_CSS, TINY_JS]) {
      for (const accept of ['br', 'gzip', undefined]) {
        expect((await get(`/${file}`, accept)).headers['cache-control'], `${file} ${accept}`).toBe('public, max-age=31536000, immutable');
      }
    }
    const favicon = await get('/favicon.svg', 'br');
    expect(favicon.headers['content-encoding']).toBe('br');
    expect(favicon.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(favicon.headers['cache-control']).toBe('public, max-age=3600');
  });

  it('serves neither the variants by name nor the build manifest: those paths get the index page', async () => {
    for (const url of [`/${ENTRY_JS}.br`, `/${ENTRY_JS}.gz`, '/.vite/manifest.json']) {
      const res = await get(url, 'br');
      expect(res.headers['content-type'], url).toMatch(/^text\/html/);
      expect(decoded(res), url).toBe(INDEX_HTML);
    }
  });
});

describe('the index page', () => {
  const link = `</${ENTRY_CSS}>; rel=preload; as=style; crossorigin, </${VENDOR_JS}>; rel=modulepreload; crossorigin, </${ENTRY_JS}>; rel=modulepreload; crossorigin`;

  it('at /index.html, at / and at any path of the app: no-cache, compressed, with the preload Link header', async () => {
    for (const url of ['/index.html', '/', '/house/detail?id=12', '/record/list/deep/path']) {
      for (const [accept, encoding] of [['br, gzip', 'br'], ['gzip', 'gzip'], [undefined, undefined]] as const) {
        const res = await get(url, accept);
        const what = `${url} ${accept}`;
        expect(res.statusCode, what).toBe(200);
        expect(res.headers['content-type'], what).toMatch(/^text\/html/);
        expect(res.headers['cache-control'], what).toBe('no-cache');
        expect(res.headers['content-encoding'], what).toBe(encoding);
        expect(varyOnEncoding(res), what).toBe(true);
        expect(res.headers.link, what).toBe(link);
        expect(decoded(res), what).toBe(INDEX_HTML);
      }
    }
  });

  it('keeps the security headers on pages and files', async () => {
    for (const url of ['/', '/index.html', `/${ENTRY_JS}`, '/api/health']) {
      const res = await get(url, 'br');
      expect(res.headers['content-security-policy'], url).toContain("script-src 'self'");
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
      expect(res.headers['x-frame-options'], url).toBe('SAMEORIGIN');
      expect(res.headers['cross-origin-opener-policy'], url).toBe('same-origin');
    }
  });

  it('answers an unknown API path with the 404 envelope, not the page', async () => {
    const res = await get('/api/no-such-thing', 'br');
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe(404);
  });
});

describe('API answers', () => {
  it('compresses an answer above the threshold with br or gzip; it decodes to the same JSON', async () => {
    const call = (accept?: string) =>
      t.call({ method: 'POST', url: '/api/index/get-house-list?page=1&pageSize=20', payload: {}, headers: accept ? { 'accept-encoding': accept } : {} });
    const plain = await call();
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(COMPRESSION_THRESHOLD);
    for (const [accept, encoding] of [['gzip, deflate, br', 'br'], ['gzip', 'gzip'], ['deflate', undefined]] as const) {
      const res = await call(accept);
      expect(res.statusCode, accept).toBe(200);
      expect(res.headers['content-encoding'], accept).toBe(encoding);
      expect(varyOnEncoding(res) || encoding === undefined, accept).toBe(true);
      expect(JSON.parse(decoded(res)), accept).toEqual(plain.json());
      if (encoding) expect(res.rawPayload.length, accept).toBeLessThan(plain.rawPayload.length / 2);
    }
  });

  it('sends a small answer as it is', async () => {
    const res = await get('/api/health', 'br, gzip');
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.length).toBeLessThan(COMPRESSION_THRESHOLD);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.json().data.status).toBe('up');
  });

  it('sends uploaded pictures as they are, with their own cache headers', async () => {
    const token = await t.login('13800000003');
    const body = multipartFile(TINY_PNG, 'a.png', 'image/png');
    const uploaded = await t.call({ method: 'POST', url: '/api/upload/index?purpose=avatar', token, payload: body.payload, headers: body.headers });
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    const url = new URL(uploaded.json().data.url as string, 'http://localhost').pathname;
    const plain = await get(url);
    const res = await get(url, 'br, gzip');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.rawPayload.equals(plain.rawPayload)).toBe(true);
  });

  it('compresses the demo SVGs on the fly and leaves their JPEGs alone, cached for a day', async () => {
    const svg = await get('/assets/demo/banner-haikou-1.svg', 'br');
    expect(svg.statusCode).toBe(200);
    expect(svg.headers['content-encoding']).toBe('br');
    expect(svg.headers['cache-control']).toBe(CACHE.demo);
    expect(decoded(svg)).toContain('<svg');
    const jpeg = await get('/assets/demo/video-demo.jpg', 'br, gzip');
    expect(jpeg.headers['content-encoding']).toBeUndefined();
    expect(jpeg.headers['cache-control']).toBe(CACHE.demo);
  });
});

describe('cache rules and the Link header, alone', () => {
  it('tells hashed files from the others', () => {
    expect(webCacheControl('index.html')).toBe(CACHE.index);
    expect(webCacheControl('static/rolldown-runtime-vfrPO-fZ.js')).toBe(CACHE.hashed);
    expect(webCacheControl('static/antd-mobile-BniupIa4.css')).toBe(CACHE.hashed);
    expect(webCacheControl('static/unhashed.js')).toBe(CACHE.unhashed);
    expect(webCacheControl('favicon.svg')).toBe(CACHE.unhashed);
    expect(webCacheControl('manifest.webmanifest')).toBe(CACHE.unhashed);
  });

  it('has no Link header without a manifest or when it names a missing file', () => {
    const empty = mkdtempSync(path.join(tmpdir(), 'baobei-webdist-empty-'));
    try {
      expect(preloadLinkHeader(empty)).toBeNull();
      mkdirSync(path.join(empty, '.vite'));
      writeFileSync(path.join(empty, '.vite/manifest.json'), JSON.stringify({ 'index.html': { file: 'static/gone-Ab3_x-9Z.js', isEntry: true } }));
      expect(preloadLinkHeader(empty)).toBeNull();
      writeFileSync(path.join(empty, '.vite/manifest.json'), '{ not json');
      expect(preloadLinkHeader(empty)).toBeNull();
    } finally {
      rmSync(empty, { recursive: true, force: true });
    }
  });
});
