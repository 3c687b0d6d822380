import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { messages } from '@baobei/shared/messages';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { envelope } from '../lib/envelope';
import { buildFilesOptions, CACHE, pageEncoding } from './web-static';

/**
 * The operator console's build (apps/admin/dist) at /admin/ (docs/decisions/040), served as the
 * web build is (docs/decisions/031): the files found at start, their `.br`/`.gz` written by the
 * build (scripts/vite-plugin-precompress.ts) sent by Accept-Encoding, hashed files under
 * `static/` cached for a year, the index page `no-cache`. Register it before
 * plugins/compression.ts, as the web build is, so nothing is compressed twice.
 *
 * The console routes in the browser (react-router, basename /admin): `/admin` and every
 * `/admin/*` path that is not a file answer the index page, except a path under `static/` or
 * naming a file (`.js`, `.png`...): a missing asset is a 404, never HTML the browser would try
 * to run as a script.
 *
 * Without a build the server still starts and /admin answers 404 (rather than the mobile app's
 * index page, which the not-found handler gives any other path).
 */

export const CONSOLE_PREFIX = '/admin/';

/** A path below /admin/ that names an asset, not a page of the console's router. */
const ASSET_PATH = /^static\/|\.[a-z0-9]+$/i;

interface IndexVariant {
  body: Buffer;
  encoding: 'br' | 'gzip' | null;
}

function readVariants(dist: string): Record<'br' | 'gzip' | 'identity', IndexVariant | null> {
  const file = path.join(dist, 'index.html');
  const variant = (suffix: string, encoding: 'br' | 'gzip'): IndexVariant | null =>
    existsSync(`${file}${suffix}`) ? { body: readFileSync(`${file}${suffix}`), encoding } : null;
  return { br: variant('.br', 'br'), gzip: variant('.gz', 'gzip'), identity: { body: readFileSync(file), encoding: null } };
}

/** Answers true when the console's build is served, false when `dist` holds none. */
export async function registerConsoleApp(app: FastifyInstance, dist: string): Promise<boolean> {
  const notFound = (_request: FastifyRequest, reply: FastifyReply) =>
    reply.status(404).send(envelope(404, null, messages.common.notFound));

  if (!existsSync(path.join(dist, 'index.html'))) {
    app.get('/admin', notFound);
    app.get('/admin/*', notFound);
    return false;
  }

  const variants = readVariants(dist);
  // One ETag for every encoding of the same page (weak, as the web index page's).
  const etag = `W/"${createHash('sha1').update(variants.identity!.body).digest('base64url')}"`;

  await app.register(fastifyStatic, {
    ...buildFilesOptions(dist, CONSOLE_PREFIX),
    // The web build's registration decorates the reply already.
    decorateReply: false,
  });

  const sendIndex = (request: FastifyRequest, reply: FastifyReply) => {
    reply.header('cache-control', CACHE.index).header('etag', etag).header('vary', 'Accept-Encoding').type('text/html; charset=utf-8');
    const known = (request.headers['if-none-match'] ?? '').split(',').map((tag) => tag.trim());
    if (known.includes(etag)) return reply.code(304).send();
    const wanted = pageEncoding(request.headers['accept-encoding']);
    const variant = (wanted && variants[wanted]) || variants.identity!;
    if (variant.encoding) reply.header('content-encoding', variant.encoding);
    return reply.send(variant.body);
  };

  app.get('/admin', sendIndex);
  app.get('/admin/*', (request: FastifyRequest<{ Params: { '*': string } }>, reply) =>
    ASSET_PATH.test(request.params['*']) ? notFound(request, reply) : sendIndex(request, reply),
  );
  return true;
}
