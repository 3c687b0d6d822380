import type { FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { messages } from '@baobei/shared/messages';
import { ConflictError, ValidationError } from '../lib/errors';
import { IN_PROGRESS, type IdempotencyRepository } from '../modules/idempotency/idempotency-repository';
import { addRouteHook, isApiRoutePath } from './route-scope';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * ARCHITECTURE.md, API: creating calls accept an `Idempotency-Key`; the same key from
     * the same caller (user, or a visitor's address) to the same call replays the first answer
     * instead of creating twice. The value names the call (e.g. 'record-submit').
     */
    idempotency?: string;
  }
  interface FastifyRequest {
    idempotencyClaim: { scope: string; key: string } | null;
  }
}

const KEY_PATTERN = /^[\w-]{8,128}$/;

/**
 * Whose key it is (docs/decisions/061): the route's name and the caller, a signed-in user by
 * id, a visitor by address (`request.clientKey`: an IPv6 client by its /64). Another caller
 * sending the same key is in another scope: its call runs as a new request and never gets the
 * first caller's answer (a visitor's licence upload answers a signed URL of a private picture).
 */
export function idempotencyScope(name: string, request: Pick<FastifyRequest, 'user' | 'clientKey'>): string {
  return request.user ? `${name}:${request.user.id}` : `${name}:anonymous:${request.clientKey}`;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/**
 * The replay of the creating calls that declare `idempotency`: their hooks are added to those
 * routes at start, and no other route runs them (docs/decisions/032).
 */
export const idempotencyPlugin = fp<{ keys: IdempotencyRepository }>(async (app, { keys }) => {
  app.decorateRequest('idempotencyClaim', null);

  function claimHook(name: string) {
    // After authentication (the session check is a preValidation hook, and preHandler hooks come after).
    return async function claimIdempotencyKey(request: FastifyRequest, reply: FastifyReply) {
      const header = request.headers['idempotency-key'];
      if (header === undefined) return;
      if (typeof header !== 'string' || !KEY_PATTERN.test(header)) {
        throw new ValidationError(messages.common.invalidIdempotencyKey);
      }
      const scope = idempotencyScope(name, request);
      const companyId = request.company.id;
      if (await keys.claim(companyId, scope, header)) {
        request.idempotencyClaim = { scope, key: header };
        return;
      }
      const earlier = await keys.find(companyId, scope, header);
      if (!earlier || earlier.statusCode === IN_PROGRESS) throw new ConflictError(messages.common.requestInProgress);
      return reply.status(earlier.statusCode).header('idempotent-replayed', 'true').send(earlier.response);
    };
  }

  async function recordAnswer(request: FastifyRequest, reply: FastifyReply, payload: unknown) {
    const claim = request.idempotencyClaim;
    if (!claim) return payload;
    request.idempotencyClaim = null;
    // A server failure is not an answer worth replaying: the client may try again.
    const body = reply.statusCode < 500 && typeof payload === 'string' ? parseJson(payload) : undefined;
    if (body === undefined) await keys.release(request.company.id, claim.scope, claim.key);
    else await keys.complete(request.company.id, claim.scope, claim.key, reply.statusCode, body);
    return payload;
  }

  app.addHook('onRoute', (route: RouteOptions) => {
    const name = route.config?.idempotency;
    if (!name || !isApiRoutePath(route.url)) return;
    addRouteHook(route, 'preHandler', claimHook(name));
    addRouteHook(route, 'onSend', recordAnswer);
  });
});
