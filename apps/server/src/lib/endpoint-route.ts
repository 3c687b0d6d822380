import type { FastifyContextConfig, FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import type { BodyOf, DataOf, Endpoint, QueryOf } from '@baobei/shared/contract/endpoint';
import { envelopeSchema, type Envelope } from '@baobei/shared/schemas/envelope';

/** A request to an endpoint of the contract: its body and query as its schemas output them. */
export type EndpointRequest<E extends Endpoint> = FastifyRequest & { body: BodyOf<E>; query: QueryOf<E> };

/** A handler answers the endpoint's envelope; the compiler checks `data` against the contract. */
export type EndpointHandler<E extends Endpoint> = (request: EndpointRequest<E>, reply: FastifyReply) => Promise<Envelope<DataOf<E>>>;

/**
 * What a module may add to what the contract says: an upload's body limit, a hook, and the
 * server-side behaviours of the idempotency and forced-password-change plugins.
 */
export type EndpointRouteOptions<E extends Endpoint = Endpoint> = Pick<RouteOptions, 'preHandler' | 'bodyLimit'> & {
  config?: Pick<FastifyContextConfig, 'idempotency' | 'allowWhileMustChange'>;
  /**
   * Runs after the handler and before the answer leaves, in the same request, with the data
   * as the handler returned it: the access log of full phone numbers (docs/decisions/092).
   * When it fails the request fails: an answer that could not be logged is not sent.
   */
  onAnswer?: (request: FastifyRequest, data: DataOf<E>) => Promise<void>;
};

/**
 * Registers the route of one endpoint of the contract (docs/decisions/027): method, path,
 * validation, the OpenAPI description and the access policy all come from the contract.
 */
export function routeFrom<E extends Endpoint>(
  app: FastifyInstance,
  endpoint: E,
  handler: EndpointHandler<E>,
  options: EndpointRouteOptions<E> = {},
): void {
  const { config, onAnswer, ...rest } = options;
  const answer: EndpointHandler<E> = onAnswer
    ? async (request, reply) => {
        const envelope = await handler(request, reply);
        await onAnswer(request, envelope.data);
        return envelope;
      }
    : handler;
  app.route({
    ...rest,
    method: endpoint.method,
    url: endpoint.path,
    config: { ...config, access: endpoint.access },
    schema: {
      tags: [...endpoint.tags],
      summary: endpoint.summary,
      ...(endpoint.body ? { body: endpoint.body } : {}),
      ...(endpoint.query ? { querystring: endpoint.query } : {}),
      ...(endpoint.multipart ? { consumes: ['multipart/form-data'] } : {}),
      response: { 200: envelopeSchema(endpoint.data) },
    },
    handler: answer as unknown as RouteOptions['handler'],
  });
}
