import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';

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
} as const;

const COMPRESSED_SUFFIX = /\.(?:br|gz)$/;

/** Cache-Control of a file of the build, by its path relative to the build folder. */
export function webCacheControl(relativePath: string): string {
  const file = relativePath.split(path.sep).join('/');
  if (file === 'index.html') return CACHE.index;
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

export interface WebApp {
  /** The index page for a path of the app's history routing (the not-found handler's answer). */
  sendIndex(reply: FastifyReply): FastifyReply;
}

/**
 * Serves the web build at `/` when `webDist` holds one: the files found at start (no directory
 * reads per request), their precompressed variants by Accept-Encoding, and Cache-Control by
 * `webCacheControl`. Returns null without a build (the API alone, as in most tests).
 */
export async function registerWebApp(app: FastifyInstance, webDist: string): Promise<WebApp | null> {
  if (!existsSync(path.join(webDist, 'index.html'))) return null;
  const link = preloadLinkHeader(webDist);
  await app.register(fastifyStatic, {
    root: webDist,
    prefix: '/',
    wildcard: false,
    index: false,
    // The variants are found by the file's route, never asked for by name.
    globIgnore: ['**/*.br', '**/*.gz'],
    preCompressed: true,
    cacheControl: false,
    setHeaders(reply, filePath) {
      const relative = path.relative(webDist, filePath).replace(COMPRESSED_SUFFIX, '');
      const cacheControl = webCacheControl(relative);
      reply.header('cache-control', cacheControl);
      if (cacheControl === CACHE.index && link) reply.header('link', link);
    },
  });
  return { sendIndex: (reply) => reply.sendFile('index.html', webDist) };
}

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
