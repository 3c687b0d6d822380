import type { AppRoute } from '@baobei/shared/routes';
import { useMatches } from 'react-router';

/** What the router attaches to each route of the shared table (`handle`). */
export interface RouteHandle {
  appRoute: AppRoute;
}

function isRouteHandle(handle: unknown): handle is RouteHandle {
  return typeof handle === 'object' && handle !== null && 'appRoute' in handle;
}

/** The shared-table route of the current page, or null on the 404 page. */
export function useCurrentAppRoute(): AppRoute | null {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i -= 1) {
    const handle = matches[i]?.handle;
    if (isRouteHandle(handle)) return handle.appRoute;
  }
  return null;
}
