import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import fastifyStatic from '@fastify/static';
import { api } from '@baobei/shared/contract';
import { APP_ROUTES } from '@baobei/shared/routes';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  BOOT_SCRIPT,
  BOOT_SCRIPT_PATH,
  deferAppStart,
  escapeHtml,
  FIRST_SCREEN_CSS,
  firstBannerImage,
  homeFirstScreen,
  type HomeScreenData,
} from './first-screen';
import { houseDetailScreen, houseListScreen, loginScreen, recordListScreen, type PageScreen } from './page-screens';

/**
 * The built web app and the demo media (docs/decisions/031).
 *
 * The web build writes `.br` and `.gz` next to each text file (apps/web/vite-plugin-precompress.ts);
 * they are sent as they are by Accept-Encoding (br, then gzip, then the file itself), always
 * with `Vary: Accept-Encoding`. Register this before @fastify/compress (plugins/compression.ts):
 * its onRoute hook sees only later routes, so these files are never compressed a second time
 * and a tiny file without a variant is sent as it is.
 */

/** Vite's `build.assetsDir` (apps/web/vite.config.ts): every file it writes there is content-hashed. */
const HASHED_DIR = 'static/';
/** `<name>-<hash>.<ext>`: Rolldown's 8-character base64url hash. */
const HASHED_NAME = /-[\w-]{8}\.[a-z0-9]+$/i;

export const CACHE = {
  /** A hashed file never changes under its name. */
  hashed: 'public, max-age=31536000, immutable',
  /** The index page names the current hashed files: always revalidated (cheap with its ETag). */
  index: 'no-cache',
  /** Other unhashed files of the build (favicon, manifest): may change with a deploy. */
  unhashed: 'public, max-age=3600',
  /** Demo media: fixed files of the seed data. */
  demo: 'public, max-age=86400',
  /** The service worker: always revalidated, so a deploy's worker is found at the next check (decision 094). */
  worker: 'no-cache',
} as const;

const COMPRESSED_SUFFIX = /\.(?:br|gz)$/;

/** Cache-Control of a file of the build, by its path relative to the build folder. */
export function webCacheControl(relativePath: string): string {
  const file = relativePath.split(path.sep).join('/');
  if (file === 'index.html') return CACHE.index;
  if (file === 'sw.js') return CACHE.worker;
  if (file.startsWith(HASHED_DIR) && HASHED_NAME.test(file)) return CACHE.hashed;
  return CACHE.unhashed;
}

interface ManifestChunk {
  file: string;
  css?: string[];
  imports?: string[];
  isEntry?: boolean;
}

/**
 * The index page's `Link` header from Vite's build manifest: the entry's CSS (render-blocking,
 * so first), then the entry chunk and its static imports as module preloads, each `crossorigin`
 * as in the page's own tags so the browser reuses the fetch. The same files the page names in
 * its head; as a header they can start before the page is parsed and a proxy can turn them into
 * 103 Early Hints. Null without a manifest (an older build) or with a file missing.
 */
export function preloadLinkHeader(webDist: string): string | null {
  const manifestPath = path.join(webDist, '.vite', 'manifest.json');
  if (!existsSync(manifestPath)) return null;
  let manifest: Record<string, ManifestChunk>;
  try {
    manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Record<string, ManifestChunk>;
  } catch {
    return null;
  }
  const entry = manifest['index.html'];
  if (!entry?.isEntry) return null;
  const scripts: string[] = [];
  const styles: string[] = [];
  const seen = new Set<string>();
  // Depth first, imports before the chunk itself, as Vite orders the page's own preloads.
  const visit = (key: string, chunk: ManifestChunk) => {
    if (seen.has(key)) return;
    seen.add(key);
    for (const imported of chunk.imports ?? []) {
      const next = manifest[imported];
      if (next) visit(imported, next);
    }
    scripts.push(chunk.file);
    for (const css of chunk.css ?? []) if (!styles.includes(css)) styles.push(css);
  };
  visit('index.html', entry);
  const files = [...styles, ...scripts];
  if (files.some((file) => !existsSync(path.join(webDist, file)))) return null;
  return [
    ...styles.map((file) => `</${file}>; rel=preload; as=style; crossorigin`),
    ...scripts.map((file) => `</${file}>; rel=modulepreload; crossorigin`),
  ].join(', ');
}

/** A route's own first-load files beyond the entry's (apps/web/vite-plugin-route-preloads.ts). */
export interface RouteFiles {
  js: string[];
  css: string[];
}

/** Route name → its files, written by the web build next to the manifest; empty for an older build. */
export function readRoutePreloads(webDist: string): Map<string, RouteFiles> {
  const routes = new Map<string, RouteFiles>();
  let parsed: Record<string, RouteFiles>;
  try {
    parsed = JSON.parse(readFileSync(path.join(webDist, '.vite', 'route-preloads.json'), 'utf8')) as Record<string, RouteFiles>;
  } catch {
    return routes;
  }
  for (const [name, files] of Object.entries(parsed)) {
    // A file the build does not hold would be a failed fetch on every first load.
    if ([...files.js, ...files.css].every((file) => existsSync(path.join(webDist, file)))) routes.set(name, files);
  }
  return routes;
}

const ROUTE_PATTERNS = APP_ROUTES.map((route) => ({ name: route.name, segments: route.path.split('/').filter(Boolean) }));

/**
 * The shared route table's route a path opens, as the web router matches it: same number of
 * segments, static segments equal, a `:param` any segment; the most static one wins. `/`
 * redirects to home. Null for any other path (the not-found page).
 */
export function routeNameOfPath(pathname: string): string | null {
  const segments = pathname.split('/').filter(Boolean);
  if (segments.length === 0) return 'home';
  let best: { name: string; statics: number } | null = null;
  for (const route of ROUTE_PATTERNS) {
    if (route.segments.length !== segments.length) continue;
    let statics = 0;
    const matches = route.segments.every((part, i) => {
      if (part.startsWith(':')) return true;
      statics += 1;
      return part === segments[i];
    });
    if (matches && (!best || statics > best.statics)) best = { name: route.name, statics };
  }
  return best?.name ?? null;
}

/** What the web app's start-up would otherwise fetch first (apps/web/src/app/start-data.ts). */
export interface StartData {
  /** The branding of the page host's company (GET /api/index/get-company). */
  company?: unknown;
  /** The anonymous init data of that company (GET /api/index/get-common-init-config). */
  init?: unknown;
  /**
   * Home's index data of the server's default city (GET /api/index/get-index-data without a
   * city), on the home index only; it names its city (`city.value`), and the app uses it only
   * for that city.
   */
  index?: unknown;
}

/** Home opened on its index tab (home-page.tsx: no `active`, or `active=index`). */
export function opensHomeIndex(routeName: string | null, search: URLSearchParams): boolean {
  const active = search.get('active');
  return routeName === 'home' && (active === null || active === 'index');
}

/** The id of the index page's start data script; the web app reads it by this id. */
export const START_DATA_ID = 'baobei-start';

/**
 * JSON as the text of a `<script>` element: `<`, `>` and `&` as `\u` escapes, so nothing in a
 * value (a company title, a city name) can close the element or open a comment; U+2028/2029
 * too, for any reader that treats the text as script. JSON.parse reads them back unchanged.
 */
export function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value).replace(/[<>&\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/**
 * The index page of one request: the built page with, before `</head>`, the route's own chunks
 * and CSS as preloads (the page's chunk starts beside the entry instead of after the router
 * runs), the start data as a JSON data block and, with home's index data, its first banner as
 * a high-priority image preload and home's first screen at the start of `<body>`
 * (first-screen.ts). A `type="application/json"` script is never executed, so the CSP's
 * `script-src 'self'` has nothing to allow (decision 033).
 */
export function renderIndexPage(template: string, route: RouteFiles | undefined, startData: StartData, screen: PageScreen | null = null): string {
  const home = screen ? null : homeScreenData(startData);
  const firstScreen = screen ? screen.html : home ? homeFirstScreen(home) : null;
  const banner = screen ? screen.image : home ? firstBannerImage(home.index) : null;
  // With a first screen the app starts after it is painted (first-screen.ts, deferAppStart):
  // the route's files go to the boot script instead of the head.
  const tags = firstScreen
    ? []
    : [
        ...(route?.css ?? []).map((file) => `<link rel="preload" as="style" crossorigin href="/${file}">`),
        ...(route?.js ?? []).map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`),
      ];
  if (startData.company !== undefined || startData.init !== undefined || startData.index !== undefined) {
    tags.push(`<script id="${START_DATA_ID}" type="application/json">${scriptSafeJson(startData)}</script>`);
  }
  if (firstScreen) tags.push(`<style>${screen ? screen.css : FIRST_SCREEN_CSS}</style>`);
  if (tags.length === 0 && !banner) return template;
  const at = template.lastIndexOf('</head>');
  const insertAt = at === -1 ? 0 : at;
  let page = `${template.slice(0, insertAt)}${tags.join('\n')}\n${template.slice(insertAt)}`;
  if (banner) {
    // Ahead of the built page's scripts and styles: on HTTP/1.1's six connections the picture
    // would otherwise queue behind the ~30 script and style files of the first load.
    const title = page.indexOf('</title>');
    const bannerAt = title === -1 ? page.indexOf('<head>') + '<head>'.length : title + '</title>'.length;
    page = `${page.slice(0, bannerAt)}\n<link rel="preload" as="image" fetchpriority="high" href="${escapeHtml(banner)}">${page.slice(bannerAt)}`;
  }
  if (firstScreen) {
    const body = /<body[^>]*>/.exec(page);
    if (body) page = `${page.slice(0, body.index + body[0].length)}${firstScreen}${page.slice(body.index + body[0].length)}`;
    page = deferAppStart(page, route?.js ?? [], route?.css ?? []);
  }
  return page;
}

/** Whether a page made by `renderIndexPage` starts its app by the boot script (no script tags). */
export function startsAfterFirstScreen(page: string): boolean {
  return page.includes(BOOT_SCRIPT_PATH);
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

/** The company and home's index data when the start data holds both. */
function homeScreenData(startData: StartData): HomeScreenData | null {
  if (!isObject(startData.company) || !isObject(startData.index)) return null;
  return { company: startData.company, index: startData.index };
}

function routeLinkHeader(route: RouteFiles): string {
  return [
    ...route.css.map((file) => `</${file}>; rel=preload; as=style; crossorigin`),
    ...route.js.map((file) => `</${file}>; rel=modulepreload; crossorigin`),
  ].join(', ');
}

/**
 * The start data of a request's host, from the two start-up endpoints themselves (in process,
 * `inject`), so the page carries exactly what the app would fetch: the same tenant rule (the
 * host; decision 001), the same answers. A call that fails is left out. Home's index data
 * only when asked (`homeIndex`).
 */
export function startDataFromApi(app: FastifyInstance): StartDataSource {
  const dataOf = async (url: string, host: string): Promise<unknown> => {
    const res = await app.inject({ method: 'GET', url, headers: { host } });
    if (res.statusCode !== 200) return undefined;
    const body = res.json<{ code?: number; data?: unknown }>();
    return body.code === 200 ? body.data : undefined;
  };
  return async (request, options) => {
    const [company, init, index] = await Promise.all([
      dataOf(`${api.home.getCompany.path}?host=${encodeURIComponent(request.hostname)}`, request.host),
      dataOf(api.auth.getCommonInitConfig.path, request.host),
      options.homeIndex ? dataOf(api.home.getIndexData.path, request.host) : undefined,
    ]);
    return { company, init, index };
  };
}

/**
 * br or gzip by Accept-Encoding (its q-values; br on a tie), or null for the page as it is.
 * The index page is made per request and answered by the not-found handler, which
 * @fastify/compress does not reach (it hooks routes), so it is compressed here, as
 * plugins/compression.ts would: brotli quality 5, gzip level 6.
 */
export function pageEncoding(acceptEncoding: string | undefined): 'br' | 'gzip' | null {
  const weights = new Map<string, number>();
  for (const part of (acceptEncoding ?? '').toLowerCase().split(',')) {
    const [name = '', ...params] = part.split(';').map((piece) => piece.trim());
    const q = params.find((param) => param.startsWith('q='));
    if (name) weights.set(name, q ? Number(q.slice(2)) || 0 : 1);
  }
  const weightOf = (name: string) => weights.get(name) ?? weights.get('*') ?? 0;
  const br = weightOf('br');
  const gzip = weightOf('gzip');
  if (br > 0 && br >= gzip) return 'br';
  return gzip > 0 ? 'gzip' : null;
}

function encodePage(page: string, encoding: 'br' | 'gzip'): Buffer {
  return encoding === 'br'
    ? brotliCompressSync(page, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 5, [zlibConstants.BROTLI_PARAM_MODE]: zlibConstants.BROTLI_MODE_TEXT } })
    : gzipSync(page, { level: 6 });
}

export interface WebApp {
  /** The index page for a path of the app's history routing (the not-found handler's answer). */
  sendIndex(reply: FastifyReply): Promise<FastifyReply>;
}

/** The start data of a request's host; `homeIndex`: the page opens home's index tab. */
export type StartDataSource = (request: FastifyRequest, options: { homeIndex: boolean }) => Promise<StartData>;

export interface WebAppOptions {
  /**
   * The start data of a request's host; a part it cannot give is left out (the app fetches
   * it). By default `startDataFromApi`.
   */
  startData?: StartDataSource;
}

/**
 * @fastify/static's options for a Vite build (the web app's and the console's): files by their
 * exact name only (the pages are answered by their own routes), the precompressed variant
 * chosen by Accept-Encoding (never asked for by name), each file's cache header
 * (webCacheControl), then `moreHeaders` for what one build adds.
 */
export function buildFilesOptions(
  root: string,
  prefix: string,
  moreHeaders?: (reply: { header(name: string, value: string): unknown }, cacheControl: string) => void,
) {
  return {
    root,
    prefix,
    wildcard: false,
    index: false as const,
    globIgnore: ['**/*.br', '**/*.gz'],
    preCompressed: true,
    cacheControl: false,
    setHeaders(reply: { header(name: string, value: string): unknown }, filePath: string) {
      const cacheControl = webCacheControl(path.relative(root, filePath).replace(COMPRESSED_SUFFIX, ''));
      reply.header('cache-control', cacheControl);
      moreHeaders?.(reply, cacheControl);
    },
  };
}

/**
 * Serves the web build at `/` when `webDist` holds one: the files found at start (no directory
 * reads per request), their precompressed variants by Accept-Encoding, and Cache-Control by
 * `webCacheControl`. Returns null without a build (the API alone, as in most tests).
 *
 * The index page of an app path is made per request (`renderIndexPage`): it carries the host's
 * company and init data, so it differs by host and in time; it stays `no-cache`, with an ETag
 * of its content, and is compressed on the fly (registered later, it falls under
 * plugins/compression.ts). `/index.html` itself is the built file, without start data.
 */
export async function registerWebApp(app: FastifyInstance, webDist: string, options: WebAppOptions = {}): Promise<WebApp | null> {
  if (!existsSync(path.join(webDist, 'index.html'))) return null;
  const template = readFileSync(path.join(webDist, 'index.html'), 'utf8');
  const link = preloadLinkHeader(webDist);
  const routes = link ? readRoutePreloads(webDist) : new Map<string, RouteFiles>();
  const startDataOf = options.startData ?? startDataFromApi(app);
  await app.register(fastifyStatic, {
    ...buildFilesOptions(webDist, '/', (reply, cacheControl) => {
      if (cacheControl === CACHE.index && link) reply.header('link', link);
    }),
  });
  app.get(BOOT_SCRIPT_PATH, (_request, reply) =>
    reply.header('cache-control', CACHE.hashed).type('text/javascript; charset=utf-8').send(BOOT_SCRIPT),
  );
  return {
    async sendIndex(reply) {
      const { request } = reply;
      const url = new URL(request.url, 'http://x');
      const routeName = routeNameOfPath(url.pathname);
      const route = routeName ? routes.get(routeName) : undefined;
      const startData = await startDataOf(request, { homeIndex: opensHomeIndex(routeName, url.searchParams) });
      const screen = await pageScreenOf(app, request, routeName, url.pathname, startData);
      const page = renderIndexPage(template, route, startData, screen);
      // Weak: the same page is sent br, gzip or as it is.
      const etag = `W/"${createHash('sha1').update(page).digest('base64url')}"`;
      reply.header('cache-control', CACHE.index).header('etag', etag).type('text/html; charset=utf-8');
      // A page whose app starts after its first screen preloads nothing ahead of that paint.
      const links = startsAfterFirstScreen(page) ? '' : [link, route && routeLinkHeader(route)].filter(Boolean).join(', ');
      if (links) reply.header('link', links);
      reply.header('vary', 'Accept-Encoding');
      const known = (request.headers['if-none-match'] ?? '').split(',').map((tag) => tag.trim());
      if (known.includes(etag)) return reply.code(304).send();
      const encoding = pageEncoding(request.headers['accept-encoding']);
      if (!encoding) return reply.send(page);
      return reply.header('content-encoding', encoding).send(encodePage(page, encoding));
    },
  };
}

/**
 * The first screen of login, the house list, a house detail or the report list (page-screens.ts),
 * with what the server has of its content: the company for login, the first page of the house
 * list and the listing's detail as an anonymous visitor asks them (in process, the request's
 * host). Null for any other route or when the data is missing: the page is then as before.
 */
async function pageScreenOf(
  app: FastifyInstance,
  request: FastifyRequest,
  routeName: string | null,
  pathname: string,
  startData: StartData,
): Promise<PageScreen | null> {
  const dataOf = async (url: string, body: unknown): Promise<unknown> => {
    const res = await app.inject({ method: 'POST', url, headers: { host: request.host, 'content-type': 'application/json' }, payload: JSON.stringify(body) });
    if (res.statusCode !== 200) return undefined;
    const answer = res.json<{ code?: number; data?: unknown }>();
    return answer.code === 200 ? answer.data : undefined;
  };
  switch (routeName) {
    case 'login':
      return isObject(startData.company) ? loginScreen(startData.company) : null;
    case 'recordList':
      return recordListScreen(APP_ROUTES.find((route) => route.name === 'recordList')?.title ?? '');
    case 'houseList': {
      const data = await dataOf(`${api.house.getHouseList.path}?pageSize=${HOUSE_LIST_FIRST_PAGE}`, {});
      return isObject(data) && Array.isArray(data.list) ? houseListScreen(data.list as Parameters<typeof houseListScreen>[0]) : null;
    }
    case 'houseDetail': {
      const id = Number(pathname.split('/').filter(Boolean)[2]);
      if (!Number.isSafeInteger(id) || id <= 0) return null;
      const data = await dataOf(api.house.getHouseData.path, { id });
      return isObject(data) ? houseDetailScreen(data) : null;
    }
    default:
      return null;
  }
}

/** The web's HOUSE_LIST_PAGE_SIZE: the first page as the app asks it. */
const HOUSE_LIST_FIRST_PAGE = 8;

/** The demo's media (apps/server/assets/demo) at /assets/demo/, when the folder exists. */
export async function registerDemoAssets(app: FastifyInstance, dir: string): Promise<void> {
  if (!existsSync(dir)) return;
  await app.register(fastifyStatic, {
    root: dir,
    prefix: '/assets/demo/',
    decorateReply: false,
    cacheControl: false,
    setHeaders: (reply) => void reply.header('cache-control', CACHE.demo),
  });
}
