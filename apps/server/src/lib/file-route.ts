import type { FastifyInstance, FastifyReply, RouteOptions } from 'fastify';
import type { Endpoint } from '@baobei/shared/contract/endpoint';
import type { EndpointRequest } from './endpoint-route';

/** A file endpoint's handler: it sends the file itself (headers, a stream) and answers the reply. */
export type FileHandler<E extends Endpoint> = (request: EndpointRequest<E>, reply: FastifyReply) => Promise<FastifyReply>;

/**
 * Registers a contract endpoint whose success is a file (`file: true`, docs/decisions/049):
 * method, path, validation, OpenAPI and the access policy from the contract as `routeFrom`
 * does, but no envelope schema for the 200, which is the file. Refusals (validation, roles,
 * the service's errors thrown before the first byte) still go through the one error handler,
 * so they answer the envelope with a Chinese `msg`. Not compressed: an .xlsx is a zip already.
 */
export function fileRouteFrom<E extends Endpoint & { file: true }>(app: FastifyInstance, endpoint: E, handler: FileHandler<E>): void {
  app.route({
    method: endpoint.method,
    url: endpoint.path,
    config: { access: endpoint.access },
    compress: false,
    schema: {
      tags: [...endpoint.tags],
      summary: endpoint.summary,
      ...(endpoint.body ? { body: endpoint.body } : {}),
      ...(endpoint.query ? { querystring: endpoint.query } : {}),
      produces: ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'application/json'],
    },
    handler: handler as unknown as RouteOptions['handler'],
  });
}
