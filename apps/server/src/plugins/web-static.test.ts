import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipartFile, TINY_PNG } from '../test/multipart';
import { createTestApp, HOSTS, type TestApp } from '../test/test-app';
import { COMPRESSION_THRESHOLD } from './compression';
import { BOOT_SCRIPT_PATH, deferAppStart, escapeHtml, FIRST_SCREEN_ID, headerGradient, homeFirstScreen } from './first-screen';
import { firstGalleryPicture, houseDetailScreen, houseListScreen, loginScreen, recordListScreen } from './page-screens';
import {
  CACHE,
  pageEncoding,
  preloadLinkHeader,
  renderIndexPage,
  routeNameOfPath,
  opensHomeIndex,
  scriptSafeJson,
  START_DATA_ID,
  webCacheControl,
} from './web-static';

/** A tiny web build, as apps/web's build lays it out (docs/decisions/031), in a folder of its own. */
const ENTRY_JS = 'static/index-Ab3_x-9Z.js';
const VENDOR_JS = 'static/react-Qw12Er34.js';
const ENTRY_CSS = 'static/index-Zx98Cv76.css';
const TINY_JS = 'static/is-wechat-Tn1_Yy2z.js';
const HOME_JS = 'static/home-page-Hm12Pg34.js';
const HOME_CSS = 'static/home-page-Hc56Ss78.css';
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
  [HOME_JS]: 'export const HomePage = () => null;',
  [HOME_CSS]: '.home { color: #333; }',
  'favicon.svg': `<svg xmlns="http://www.w3.org/2000/svg">${'<rect width="1" height="1"/>'.repeat(60)}</svg>`,
  '.vite/manifest.json': JSON.stringify({
    _react: { file: VENDOR_JS, name: 'react' },
    'index.html': { file: ENTRY_JS, src: 'index.html', isEntry: true, imports: ['_react'], css: [ENTRY_CSS] },
  }),
  // apps/web/vite-plugin-route-preloads.ts: a route's own files; the one naming a missing file is dropped.
  '.vite/route-preloads.json': JSON.stringify({
    home: { js: [HOME_JS], css: [HOME_CSS] },
    houseList: { js: ['static/gone-Gg00Nn11.js'], css: [] },
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

/** The built page's way of starting the app (its entry and module preloads), or the boot script's. */
const withoutAppStart = (html: string) =>
  html
    .replace(/<script type="module"[^>]*><\/script>\n?/, '')
    .replace(/<link rel="modulepreload"[^>]*>\n?/g, '')
    .replace(/<script defer src="\/static\/first-screen-boot-[^>]*><\/script>\n?/, '');

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
      const page = decoded(res);
      expect(page.startsWith(INDEX_HTML.slice(0, INDEX_HTML.indexOf('</head>'))), url).toBe(true);
      expect(page, url).not.toContain('"file"');
    }
  });
});

describe('the index page', () => {
  const link = `</${ENTRY_CSS}>; rel=preload; as=style; crossorigin, </${VENDOR_JS}>; rel=modulepreload; crossorigin, </${ENTRY_JS}>; rel=modulepreload; crossorigin`;
  const homeLink = `${link}, </${HOME_CSS}>; rel=preload; as=style; crossorigin, </${HOME_JS}>; rel=modulepreload; crossorigin`;

  /** The start data script's JSON, as the web app reads it. */
  function startDataOf(page: string): {
    company?: { companyId: number; title: string };
    init?: { kefPhone: string; cityList: unknown[] };
    index?: { city: { text: string; value: number }; banners: { image: string; title: string }[] };
  } {
    const match = new RegExp(`<script id="${START_DATA_ID}" type="application/json">([^<]*)</script>`).exec(page);
    expect(match, 'the start data script').not.toBeNull();
    return JSON.parse(match![1]!) as ReturnType<typeof startDataOf>;
  }

  it('at /index.html: the built file as it is, precompressed, no-cache, with the preload Link header', async () => {
    for (const [accept, encoding] of [['br, gzip', 'br'], ['gzip', 'gzip'], [undefined, undefined]] as const) {
      const res = await get('/index.html', accept);
      expect(res.statusCode, String(accept)).toBe(200);
      expect(res.headers['cache-control'], String(accept)).toBe('no-cache');
      expect(res.headers['content-encoding'], String(accept)).toBe(encoding);
      expect(varyOnEncoding(res), String(accept)).toBe(true);
      expect(res.headers.link, String(accept)).toBe(link);
      expect(decoded(res), String(accept)).toBe(INDEX_HTML);
    }
  });

  it('at / and at any path of the app: made per request, no-cache, compressed on the fly, with the start data', async () => {
    for (const url of ['/', '/home', '/house/detail?id=12', '/record/list/deep/path']) {
      for (const [accept, encoding] of [['br, gzip', 'br'], ['gzip', 'gzip'], ['br;q=0, gzip', 'gzip'], [undefined, undefined]] as const) {
        const res = await get(url, accept);
        const what = `${url} ${accept}`;
        expect(res.statusCode, what).toBe(200);
        expect(res.headers['content-type'], what).toMatch(/^text\/html/);
        expect(res.headers['cache-control'], what).toBe('no-cache');
        expect(res.headers['content-encoding'], what).toBe(encoding);
        expect(varyOnEncoding(res), what).toBe(true);
        // The built page around it, unchanged (home's banner preload and first screen aside, and
        // with a first screen the app started by the boot script).
        const body = decoded(res);
        const started = body.includes(BOOT_SCRIPT_PATH);
        const page = (started ? withoutAppStart(body) : body)
          .replace(/\n<link rel="preload" as="image"[^>]*>/, '')
          .replace(new RegExp(`<div id="${FIRST_SCREEN_ID}".*?(?=<div id="root")`), '');
        const built = started ? withoutAppStart(INDEX_HTML) : INDEX_HTML;
        expect(page.startsWith(built.slice(0, built.indexOf('</head>'))), what).toBe(true);
        expect(page.endsWith(built.slice(built.indexOf('</head>'))), what).toBe(true);
        const data = startDataOf(page);
        expect(data.company?.companyId, what).toBe(await t.companyIdOf(HOSTS.localhost));
        expect(data.init?.cityList.length, what).toBeGreaterThan(0);
      }
    }
  });

  it("carries the company of the request's host and that company's init data, each host its own", async () => {
    const pages = new Map<string, ReturnType<typeof startDataOf>>();
    for (const host of [HOSTS.localhost, HOSTS.second, `${HOSTS.localhost}:3000`]) {
      const res = await t.app.inject({ method: 'GET', url: '/house/list', headers: { host } });
      expect(res.statusCode, host).toBe(200);
      pages.set(host, startDataOf(res.body));
    }
    const first = pages.get(HOSTS.localhost)!;
    const second = pages.get(HOSTS.second)!;
    expect(first.company?.companyId).toBe(await t.companyIdOf(HOSTS.localhost));
    expect(second.company?.companyId).toBe(await t.companyIdOf(HOSTS.second));
    expect(second.company?.companyId).not.toBe(first.company?.companyId);
    // The same answers the app would fetch.
    const company = await t.app.inject({ method: 'GET', url: `/api/index/get-company?host=${HOSTS.second}` });
    expect(second.company).toEqual(company.json().data);
    const init = await t.call({ method: 'GET', url: '/api/index/get-common-init-config', host: HOSTS.second });
    expect(second.init).toEqual(init.json().data);
    expect(pages.get(`${HOSTS.localhost}:3000`)).toEqual(first);
  });

  it("on home's index: that host's index data of its default city, its first banner preloaded and drawn in the first screen", async () => {
    for (const host of [HOSTS.localhost, HOSTS.second]) {
      const indexAnswer = (await t.call({ method: 'GET', url: '/api/index/get-index-data', host })).json().data as {
        city: { text: string; value: number };
        banners: { image: string; title: string }[];
      };
      expect(indexAnswer.banners.length, host).toBeGreaterThan(0);
      for (const url of ['/', '/home', '/home?active=index']) {
        const page = (await t.app.inject({ method: 'GET', url, headers: { host } })).body;
        const what = `${host} ${url}`;
        expect(startDataOf(page).index, what).toEqual(indexAnswer);
        const banner = escapeHtml(indexAnswer.banners[0]!.image);
        // Preloaded ahead of the page's own scripts and styles.
        const preload = page.indexOf(`<link rel="preload" as="image" fetchpriority="high" href="${banner}">`);
        expect(preload, what).toBeGreaterThan(-1);
        expect(preload, what).toBeLessThan(page.indexOf('<script'));
        // The first screen opens the body: the company's title, the city, the same picture.
        const body = page.slice(page.indexOf('<body>') + '<body>'.length);
        expect(body.startsWith(`<div id="${FIRST_SCREEN_ID}" data-route="home" data-city="${indexAnswer.city.value}" aria-hidden="true"`), what).toBe(true);
        expect(body, what).toContain(`<span class="fs-title">${escapeHtml(startDataOf(page).company!.title)}</span>`);
        expect(body, what).toContain(`<span class="fs-city-name">${escapeHtml(indexAnswer.city.text)}</span>`);
        expect(body, what).toContain(`<img src="${banner}" alt="${escapeHtml(indexAnswer.banners[0]!.title)}" width="750" height="375" fetchpriority="high">`);
        // Nothing to tab to or read twice while it is shown.
        const layer = body.slice(0, body.indexOf('<div id="root"'));
        expect(layer, what).not.toMatch(/<(?:button|a|input|h1|header|main|nav)\b/);
        // The app starts after the first screen is painted: no script or module preload ahead of it.
        expect(page, what).not.toContain('<script type="module"');
        expect(page, what).not.toContain('rel="modulepreload"');
        expect(page, what).toContain(`<script defer src="${BOOT_SCRIPT_PATH}" data-entry="/${ENTRY_JS}" data-js="/${VENDOR_JS} /${HOME_JS}" data-css="/${HOME_CSS}"></script>\n</body>`);
      }
    }
  });

  it('leaves the index data and the first screen out of every other page and of home on another tab', async () => {
    for (const url of ['/home?active=my', '/home?active=fky', '/house/list/x', '/record/detail/1', '/user/info']) {
      const page = (await get(url)).body;
      expect(startDataOf(page).index, url).toBeUndefined();
      expect(page, url).not.toContain(FIRST_SCREEN_ID);
      expect(page, url).not.toContain('as="image"');
      expect(page, url).not.toContain(BOOT_SCRIPT_PATH);
    }
    for (const url of ['/login', '/house/list', '/record/list']) {
      const page = (await get(url)).body;
      expect(startDataOf(page).index, url).toBeUndefined();
      expect(page, url).not.toContain('data-route="home"');
    }
    expect(opensHomeIndex('home', new URLSearchParams(''))).toBe(true);
    expect(opensHomeIndex('home', new URLSearchParams('active=index'))).toBe(true);
    expect(opensHomeIndex('home', new URLSearchParams('active=my'))).toBe(false);
    expect(opensHomeIndex('login', new URLSearchParams(''))).toBe(false);
  });

  it('leaves the start data out for a host no company has (the app asks and shows its failure)', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/home', headers: { host: 'nobody.example' } });
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain(START_DATA_ID);
  });

  it("names the route's own chunk and CSS beside the entry's, in the page and the Link header", async () => {
    // Home on another tab: no first screen, so the page names its files itself.
    const res = await get('/home?active=my', 'br');
    expect(res.headers.link).toBe(homeLink);
    const page = decoded(res);
    expect(page).toContain(`<link rel="preload" as="style" crossorigin href="/${HOME_CSS}">`);
    expect(page).toContain(`<link rel="modulepreload" crossorigin href="/${HOME_JS}">`);
    expect(page.indexOf(HOME_JS)).toBeLessThan(page.indexOf('</head>'));
    // A route whose files are not in the build, and paths of no route: the entry's alone.
    for (const url of ['/house/list/x', '/no/such/page', '/house/detail?id=12']) {
      const other = await get(url, 'br');
      expect(other.headers.link, url).toBe(link);
      expect(decoded(other), url).not.toContain('home-page-');
    }
  });

  it('answers 304 to its own ETag, and a new page when the data changes', async () => {
    const first = await get('/home', 'br');
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^W\/"[\w-]+"$/);
    const again = await t.app.inject({ method: 'GET', url: '/home', headers: { 'accept-encoding': 'br', 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
    const otherHost = await t.app.inject({ method: 'GET', url: '/home', headers: { host: HOSTS.second, 'if-none-match': etag } });
    expect(otherHost.statusCode).toBe(200);
    expect(otherHost.headers.etag).not.toBe(etag);
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
    expect(webCacheControl('sw.js')).toBe(CACHE.worker);
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

describe('the start data and the route preloads, alone', () => {
  it('writes JSON no value can break out of, read back unchanged', () => {
    const hostile = { title: '</script><script>alert(1)</script><!-- & \u2028 \u2029 >' };
    const text = scriptSafeJson(hostile);
    expect(text).not.toMatch(/[<>&\u2028\u2029]/);
    expect(JSON.parse(text)).toEqual(hostile);
    const page = renderIndexPage('<html><head></head><body></body></html>', undefined, { company: hostile });
    // One script element, closed where the page closes it.
    expect(page.match(/<\/script>/g)).toHaveLength(1);
    expect(page.match(/<script/g)).toHaveLength(1);
  });

  it("is a data block, never run, so the CSP's script-src 'self' (no inline scripts) stands", async () => {
    const page = renderIndexPage('<html><head></head><body></body></html>', undefined, { init: { kefPhone: '400' } });
    expect(page).toContain(`<script id="${START_DATA_ID}" type="application/json">{"init":{"kefPhone":"400"}}</script>`);
    const res = await get('/home', 'br');
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain('unsafe-inline\'; script');
    expect(csp.split(';').find((directive) => directive.startsWith('script-src '))).toBe("script-src 'self'");
    // Every script of the page is the entry or the boot script (files of 'self') or the data block.
    for (const url of ['/home', '/home?active=my', '/login']) {
      for (const [tag] of decoded(await get(url, 'br')).matchAll(/<script[^>]*>/g)) {
        const file = tag === `<script type="module" crossorigin src="/${ENTRY_JS}">` || tag.startsWith(`<script defer src="${BOOT_SCRIPT_PATH}" `);
        expect(file || tag.includes('type="application/json"'), `${url} ${tag}`).toBe(true);
      }
    }
    // The boot script: JavaScript of the page's own origin, named by its content, cached for good.
    const boot = await get(BOOT_SCRIPT_PATH);
    expect(boot.statusCode).toBe(200);
    expect(boot.headers['content-type']).toMatch(/^text\/javascript/);
    expect(boot.headers['cache-control']).toBe(CACHE.hashed);
    expect(boot.body).toContain("add({ type: 'module', crossorigin: '', src: data.entry }, 'script')");
  });

  it("draws home's first screen with every value escaped, only hex colours in its style, none without a banner", () => {
    const company = { title: '<b>海口</b>"&', logo: '/logo.svg" onerror="alert(1)', color: 'red;}</style><script>', gradientColor: '#4fc3f7' };
    const index = {
      city: { text: '<i>三亚</i>', value: 5 },
      banners: [{ image: '/b.svg"><script>alert(1)</script>', title: '"x"' }],
      navs: [{ title: '<b>热门</b>' }, { title: '学区房' }],
      columns: [{ title: '<i>热销</i>', description: '<b>d</b>' }],
    };
    const html = homeFirstScreen({ company, index })!;
    expect(html).not.toMatch(/<(?:b|i|script)>/);
    // Below the banner: the grid's titles, the first column's heading, the tab bar; no pictures.
    expect(html).toContain('<span class="fs-nav"><span class="fs-nav-icon"></span>&lt;b&gt;热门&lt;/b&gt;</span>');
    expect(html).toContain('<span class="fs-column-title">&lt;i&gt;热销&lt;/i&gt;</span><span class="fs-column-desc">&lt;b&gt;d&lt;/b&gt;</span>');
    expect(html).toContain('<span class="fs-tab fs-tab-on">首页</span><span class="fs-tab">报备</span><span class="fs-tab">我的</span>');
    expect(html.match(/<img/g)).toHaveLength(2);
    expect(html).toContain('<span class="fs-title">&lt;b&gt;海口&lt;/b&gt;&quot;&amp;</span>');
    expect(html).toContain('src="/logo.svg&quot; onerror=&quot;alert(1)"');
    expect(html).toContain('src="/b.svg&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;" alt="&quot;x&quot;"');
    expect(html).toContain('data-city="5"');
    expect(headerGradient(company)).toBe('linear-gradient(135deg, #1677ff 0%, #4fc3f7 100%)');
    expect(headerGradient({ color: '#abc' })).toBe('linear-gradient(135deg, #abc 0%, #abc 100%)');
    expect(homeFirstScreen({ company, index: { ...index, banners: [] } })).toBeNull();
    // In a page: the layer right after <body>, its style in the head, the preload escaped too.
    const page = renderIndexPage('<html><head><title>报备</title></head><body><div id="root"></div></body></html>', undefined, { company, index });
    expect(page).toContain(`<body>${html}<div id="root">`);
    expect(page).toContain('<link rel="preload" as="image" fetchpriority="high" href="/b.svg&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;">');
    expect(page.indexOf(`#${FIRST_SCREEN_ID}{`)).toBeLessThan(page.indexOf('</head>'));
  });

  it('leaves the page as built with nothing to add', () => {
    const template = '<html><head></head><body></body></html>';
    expect(renderIndexPage(template, undefined, {})).toBe(template);
    expect(renderIndexPage(template, { js: [], css: [] }, { company: undefined })).toBe(template);
  });

  it('finds the route of a path as the web router does', () => {
    expect(routeNameOfPath('/')).toBe('home');
    expect(routeNameOfPath('/home')).toBe('home');
    expect(routeNameOfPath('/house/detail/12')).toBe('houseDetail');
    expect(routeNameOfPath('/house/detail/12/7')).toBe('houseShareDetail');
    expect(routeNameOfPath('/house/record/select/house')).toBe('selectHouse');
    expect(routeNameOfPath('/house/record/3')).toBe('houseRecord');
    expect(routeNameOfPath('/record/list/')).toBe('recordList');
    expect(routeNameOfPath('/house/detail')).toBeNull();
    expect(routeNameOfPath('/no/such/page')).toBeNull();
  });

  it('picks br or gzip by Accept-Encoding', () => {
    expect(pageEncoding('gzip, deflate, br')).toBe('br');
    expect(pageEncoding('gzip')).toBe('gzip');
    expect(pageEncoding('br;q=0.5, gzip;q=0.8')).toBe('gzip');
    expect(pageEncoding('br;q=0, gzip;q=0')).toBeNull();
    expect(pageEncoding('*')).toBe('br');
    expect(pageEncoding('identity')).toBeNull();
    expect(pageEncoding(undefined)).toBeNull();
  });
});

describe('the first screens of login, the house list, a house detail and the report list', () => {
  const layerOf = (page: string) => {
    const body = page.slice(page.indexOf('<body>') + '<body>'.length);
    return body.slice(0, body.indexOf('<div id="root"'));
  };

  it('draws each from what the server has of its content, presentational, and starts the app after it', async () => {
    const company = (await t.app.inject({ method: 'GET', url: `/api/index/get-company?host=${HOSTS.localhost}` })).json().data as { title: string };
    const houses = (await t.call({ method: 'POST', url: '/api/index/get-house-list?pageSize=8', payload: {} })).json().data as {
      list: { id: number; name: string; buildingDiagram: string }[];
    };
    const first = houses.list[0]!;
    const detail = (await t.call({ method: 'POST', url: '/api/index/get-house-data', payload: { id: first.id } })).json().data as Parameters<
      typeof firstGalleryPicture
    >[0];
    const picture = firstGalleryPicture(detail)!;
    const expected: [string, string, string[], string | null][] = [
      ['/login', 'login', ['欢迎登录', escapeHtml(company.title), '密码登录', '请输入手机号'], null],
      ['/house/list', 'houseList', ['楼盘列表', '请输入楼盘名称', '区域', escapeHtml(first.name)], first.buildingDiagram],
      [`/house/detail/${first.id}`, 'houseDetail', ['楼盘详情', escapeHtml(first.name)], picture],
      ['/record/list', 'recordList', ['我的订单', '搜索客户姓名、手机号或楼盘', '时间'], null],
    ];
    for (const [url, route, words, image] of expected) {
      const res = await get(url);
      const page = res.body;
      const layer = layerOf(page);
      expect(layer.startsWith(`<div id="${FIRST_SCREEN_ID}" data-route="${route}" aria-hidden="true"`), url).toBe(true);
      for (const word of words) expect(layer, `${url} ${word}`).toContain(word);
      expect(layer, url).not.toMatch(/<(?:button|a|input|h1|h2|header|main|nav)\b/);
      if (image) {
        expect(layer, url).toContain(`<img src="${escapeHtml(image)}" alt="" fetchpriority="high">`);
        const preload = page.indexOf(`<link rel="preload" as="image" fetchpriority="high" href="${escapeHtml(image)}">`);
        expect(preload, url).toBeGreaterThan(-1);
        expect(preload, url).toBeLessThan(page.indexOf('<link rel="stylesheet"'));
      } else {
        expect(page, url).not.toContain('as="image"');
      }
      // No script, module preload or Link header ahead of the first screen's paint.
      expect(page, url).not.toContain('<script type="module"');
      expect(page, url).not.toContain('rel="modulepreload"');
      expect(res.headers.link, url).toBeUndefined();
      expect(page, url).toContain(`<script defer src="${BOOT_SCRIPT_PATH}" data-entry="/${ENTRY_JS}" data-js="/${VENDOR_JS}" data-css=""></script>`);
    }
    // A listing that does not exist: no first screen, the page as before.
    const missing = await get('/house/detail/99999999');
    expect(missing.body).not.toContain(FIRST_SCREEN_ID);
    expect(missing.body).toContain(`<script type="module" crossorigin src="/${ENTRY_JS}">`);
  });

  it('escapes every value and keeps the gallery order of the web', () => {
    const hostile = '<script>alert(1)</script>"';
    const login = loginScreen({ title: hostile, logo: '/l.svg" onerror="x' });
    expect(login.html).not.toContain('<script>');
    expect(login.html).toContain('src="/l.svg&quot; onerror=&quot;x"');
    expect(loginScreen({ title: '海口' }).html).toContain('<span class="fs-logo">海</span>');
    expect(recordListScreen(hostile).html).toContain('&lt;script&gt;');
    const list = houseListScreen([{ name: hostile, buildingDiagram: '/a.svg"><x', themeName: [hostile], showPrice: { price: hostile, unit: hostile } }])!;
    expect(list.html).not.toContain('<script>');
    expect(list.image).toBe('/a.svg"><x');
    expect(list.html).toContain('src="/a.svg&quot;&gt;&lt;x" alt="" fetchpriority="high"');
    expect(houseListScreen([{ name: 'x' }])).toBeNull();
    expect(houseListScreen([])).toBeNull();
    // house/model/gallery.ts: unit types by their index first, the detail album last, else the cover.
    const albums = [
      { name: '楼盘详情', picType: 'DETAIL', typeIndex: 0, list: [{ picUrl: '/detail.svg' }] },
      { name: '两室', picType: 'UNIT', typeIndex: 2, list: [{ picUrl: '/two.svg' }] },
      { name: '一室', picType: 'UNIT', typeIndex: 1, list: [{ picUrl: '/one.svg' }] },
      { name: '空', picType: 'UNIT', typeIndex: 0, list: [] },
    ];
    expect(firstGalleryPicture({ albums })).toBe('/one.svg');
    expect(firstGalleryPicture({ albums: albums.slice(0, 1) })).toBe('/detail.svg');
    expect(firstGalleryPicture({ albums: [], buildingDiagram: '/cover.svg' })).toBe('/cover.svg');
    expect(houseDetailScreen({ albums: [] })).toBeNull();
    expect(houseDetailScreen({ name: hostile, albums })!.html).not.toContain('<script>');
  });

  it('takes the entry and module preloads out of the page for the boot script, with the route files', () => {
    const page = deferAppStart(INDEX_HTML, ['static/a.js'], ['static/a.css']);
    expect(page).not.toContain('<script type="module"');
    expect(page).not.toContain('modulepreload');
    expect(page).toContain(`<script defer src="${BOOT_SCRIPT_PATH}" data-entry="/${ENTRY_JS}" data-js="/${VENDOR_JS} /static/a.js" data-css="/static/a.css"></script>\n</body>`);
    expect(deferAppStart('<html><body></body></html>', [], [])).toBe('<html><body></body></html>');
  });
});
