import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

export const REQUEST_ID_HEADER = 'x-request-id';

/**
 * A caller's id is kept when it is a plain token (a UUID, a proxy's trace id): it goes into
 * every log line and back in the answer's header, so nothing else may pass.
 */
const SAFE_REQUEST_ID = /^[A-Za-z0-9._:-]{8,64}$/;

/**
 * The request id of the log lines (`reqId`) and of the `X-Request-Id` answer header: the
 * caller's `X-Request-Id` when it is safe, else a new UUID, unique across instances.
 */
export function requestIdOf(request: IncomingMessage): string {
  const given = request.headers[REQUEST_ID_HEADER];
  return typeof given === 'string' && SAFE_REQUEST_ID.test(given) ? given : randomUUID();
}
