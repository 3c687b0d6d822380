import type { RouteOptions } from 'fastify';

/**
 * Tenant and session checks apply to our API routes only: not to the web app's files,
 * not to the OpenAPI pages, and not to unmatched paths (which answer 404 as they are).
 * The plugins add their hooks at start to the routes whose path this accepts.
 */
export function isApiRoutePath(url: string): boolean {
  return url.startsWith('/api/') && !url.startsWith('/api/docs');
}

type HookName = 'onRequest' | 'preValidation' | 'preHandler' | 'onSend';

/**
 * Adds a hook to one route, ahead of the route's own hooks of that kind (as a plugin's app-wide
 * hook registered before the routes ran ahead of them): plugins whose hook concerns only some
 * routes add it to those at start (an `onRoute` hook) instead of running on every request to
 * find out whether it concerns the route.
 */
export function addRouteHook(route: RouteOptions, name: HookName, hook: unknown): void {
  const own = route[name] as unknown;
  route[name] = [hook, ...(own === undefined ? [] : Array.isArray(own) ? own : [own])] as never;
}
