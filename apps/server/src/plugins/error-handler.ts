import type { FastifyError, FastifyInstance } from 'fastify';
import { isConsolePath } from '@baobei/shared/contract/access';
import { messages } from '@baobei/shared/messages';
import { AppError } from '../lib/errors';
import { envelope } from '../lib/envelope';

const HAS_CHINESE = /[\u4e00-\u9fff]/;

/** Zod's own texts are English; a rule of ours always speaks Chinese. */
function firstValidationMessage(error: FastifyError): string {
  const first = error.validation?.[0]?.message;
  return first && HAS_CHINESE.test(first) ? first : messages.common.invalidInput;
}

/**
 * docs/decisions/039: the console's forms show a refusal under its field, so a console call's
 * 400 names the first failed field (`{ field: 'color' }`); the app's calls keep `data: null`.
 */
function consoleField(error: FastifyError, url: string): { field: string } | null {
  if (!isConsolePath(url)) return null;
  const path = error.validation?.[0]?.instancePath ?? '';
  const field = path.split('/').filter(Boolean)[0];
  return field ? { field } : null;
}

/** An error chain as classes, SQLSTATE codes and stack frames: nothing a user or a query supplied. */
export function describeError(error: unknown): { class: string; code?: string; frames: string[] }[] {
  const chain: { class: string; code?: string; frames: string[] }[] = [];
  for (let e: unknown = error; e && typeof e === 'object' && chain.length < 4; e = (e as { cause?: unknown }).cause) {
    const code = (e as { code?: unknown }).code;
    const stack = typeof (e as { stack?: unknown }).stack === 'string' ? ((e as { stack: string }).stack) : '';
    chain.push({
      class: (e as object).constructor?.name ?? 'Object',
      ...(typeof code === 'string' && /^[A-Z0-9_]{1,40}$/.test(code) ? { code } : {}),
      // Only the "at …" lines: the first line of a stack repeats the message.
      frames: stack.split('\n').filter((line) => /^\s+at /.test(line)).slice(0, 8).map((line) => line.trim()),
    });
  }
  return chain;
}

/**
 * A multipart body the parser cannot read (no boundary, cut short): the parser throws plain
 * errors without a status, which are the client's fault, not the server's.
 */
const MALFORMED_MULTIPART = /^Multipart: |unexpected end of multipart data/i;
function isMalformedMultipart(error: FastifyError, request: { isMultipart?: () => boolean }): boolean {
  return error.statusCode === undefined && request.isMultipart?.() === true && MALFORMED_MULTIPART.test(error.message ?? '');
}

/**
 * The one error handler: every failure leaves as the envelope with status === code.
 * 500s never carry internals; they are logged with the request id instead.
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      return reply.status(error.statusCode).send(envelope(error.statusCode, error.data, error.msg, error.msgTitle));
    }
    if (error.validation) {
      return reply.status(400).send(envelope(400, consoleField(error, request.url), firstValidationMessage(error)));
    }
    if (isMalformedMultipart(error, request)) {
      return reply.status(400).send(envelope(400, null, messages.common.invalidInput));
    }
    const status = error.statusCode ?? 500;
    if (status === 413) return reply.status(413).send(envelope(413, null, messages.common.tooLarge));
    if (status === 429) return reply.status(429).send(envelope(429, null, messages.common.tooManyRequests));
    if (status === 404) return reply.status(404).send(envelope(404, null, messages.common.notFound));
    if (status >= 400 && status < 500) {
      return reply.status(400).send(envelope(400, null, messages.common.invalidInput));
    }
    // The request id comes with request.log. Never the error's message or the error itself: a
    // driver's message carries the SQL parameters (phones, password hashes).
    request.log.error(
      { route: request.routeOptions.url ?? null, method: request.method, error: describeError(error) },
      'unhandled error',
    );
    return reply.status(500).send(envelope(500, null, messages.common.serverError));
  });

}
