import type { FastifyRequest } from 'fastify';

/**
 * Tenant and session checks apply to our API routes only: not to the web app's files,
 * not to the OpenAPI pages, and not to unmatched paths (which answer 404 as they are).
 */
export function isApiRoute(request: FastifyRequest): boolean {
  const route = request.routeOptions.url;
  return route !== undefined && route.startsWith('/api/') && !route.startsWith('/api/docs');
}
