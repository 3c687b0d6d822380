import { APP_ROUTES, type AppRoute } from '@baobei/shared/routes';
import { matchRoutes } from 'react-router';

const routeObjects = APP_ROUTES.map((route) => ({ path: route.path, route: route as AppRoute }));

/** The route of the shared table that a pathname opens (ranked as the router ranks), or null for the 404 page. */
export function matchAppRoute(pathname: string): AppRoute | null {
  const matches = matchRoutes(routeObjects, pathname);
  return matches?.at(-1)?.route.route ?? null;
}
