import { constants } from 'node:zlib';
import compress, { type FastifyCompressOptions } from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/** Answers smaller than this go as they are: the saving would not pay for the work. */
export const COMPRESSION_THRESHOLD = 1024;

/**
 * On-the-fly compression of the answers of every route registered after it (docs/decisions/031):
 * the API's JSON, the OpenAPI document and its UI, the demo SVGs.
 * - Brotli at quality 5 or gzip at level 6, whichever the client prefers, br on a tie; no deflate
 *   or zstd. Quality 5 costs about what gzip 6 does on our answers (a fraction of a millisecond
 *   for a 13 kB house list page) and is 13-15% smaller than quality 4, the plugin's default, which
 *   loses to gzip there; quality 11 costs tens of times more.
 * - Text types only (the plugin's test: text/* but event streams, JSON, XML): uploaded pictures,
 *   the demo video and JPEGs are never touched, nor is a partial (206) answer.
 * - Request bodies are not decompressed: no client sends them compressed, and it would be one
 *   more way to inflate a body.
 */
export const COMPRESSION_OPTIONS: FastifyCompressOptions = {
  globalCompression: true,
  globalDecompression: false,
  encodings: ['br', 'gzip'],
  threshold: COMPRESSION_THRESHOLD,
  brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } },
  zlibOptions: { level: 6 },
};

/** Registers @fastify/compress for the routes that follow (the web build is registered before it). */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(compress, COMPRESSION_OPTIONS);
}
