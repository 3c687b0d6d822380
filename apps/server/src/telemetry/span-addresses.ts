import type { RequestOptions } from 'node:http';
import { redactUrl } from '../lib/log-redaction';

/**
 * The address an outgoing call's span records (docs/decisions/099): scheme, host, port and path
 * with its query, every sensitive parameter's value redacted as the logs redact it (an SMS
 * provider's AccessKeyId and Signature, WeChat's secret and access_token).
 */
export function outgoingAddress(request: Pick<RequestOptions, 'protocol' | 'hostname' | 'host' | 'port' | 'path'>): string {
  const host = request.hostname ?? request.host ?? 'localhost';
  const port = request.port ? `:${request.port}` : '';
  return redactUrl(`${request.protocol ?? 'http:'}//${host}${port}${request.path ?? '/'}`);
}

/**
 * An incoming request's path and query as its spans record them (docs/decisions/099): the path
 * as it is, the query with every sensitive parameter's value redacted (a share link's token, a
 * signed picture's sig, a WeChat code), as the request log writes it.
 */
export function incomingAddress(url: string): { path: string; query: string | undefined } {
  const redacted = redactUrl(url);
  const q = redacted.indexOf('?');
  return q < 0 ? { path: redacted, query: undefined } : { path: redacted.slice(0, q), query: redacted.slice(q + 1) };
}
