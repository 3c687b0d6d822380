import { APP_ROUTES, type RouteName } from '@baobei/shared/routes';
import type { ComponentType } from 'react';
import { createBrowserRouter, redirect, type RouteObject } from 'react-router';
import { SplashScreen } from '../components/splash-screen';
import { registerNavigator } from '../lib/navigation';
import type { RouteHandle } from '../lib/route-handle';
import { PageFailed, RouteError } from './route-error';
import { RouteShell } from './route-shell';

/** Part 1, section 9: chunk load timeout 120 s; then the failure page offers a retry. */
const CHUNK_TIMEOUT_MS = 120_000;

type PageModule = { Component: ComponentType };
type PageLoader = () => Promise<PageModule>;

function withTimeout<T>(promise: Promise<T>): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('page chunk timed out')), CHUNK_TIMEOUT_MS);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}

/**
 * A lazy page whose chunk fails to load resolves to the failure page (with its retry) rather
 * than rejecting: react-router keeps showing the hydration fallback when the first page's
 * `lazy` rejects, so the error boundary would never appear on a first load.
 */
function lazyPage<M>(load: () => Promise<M>, pick: (module: M) => ComponentType): PageLoader {
  return () =>
    withTimeout(load()).then(
      (module) => ({ Component: pick(module) }),
      (error: unknown) => {
        console.error(error);
        return { Component: PageFailed };
      },
    );
}

const notFound = lazyPage(() => import('./pages/not-found-page'), (m) => m.NotFoundPage);

/**
 * Route name → lazy page module. Names of the shared table that are not built yet open the
 * 404 page; each later issue adds its pages here.
 */
const pages: Partial<Record<RouteName, PageLoader>> = {
  home: lazyPage(() => import('../features/home/pages/home-page'), (m) => m.HomePage),
  login: lazyPage(() => import('../features/auth/pages/login-page'), (m) => m.LoginPage),
  retrievePassword: lazyPage(
    () => import('../features/auth/pages/retrieve-password-page'),
    (m) => m.RetrievePasswordPage,
  ),
  changePassword: lazyPage(
    () => import('../features/user/pages/change-password-page'),
    (m) => m.ChangePasswordPage,
  ),
};

const routeError = <RouteError />;

/** `/` only redirects (its loader); this renders nothing in between. */
function RedirectingToHome() {
  return null;
}

const tableRoutes: RouteObject[] = APP_ROUTES.map((route) => ({
  id: route.name,
  path: route.path,
  handle: { appRoute: route } satisfies RouteHandle,
  lazy: pages[route.name] ?? notFound,
  errorElement: routeError,
}));

export const router = createBrowserRouter([
  {
    id: 'root',
    element: <RouteShell />,
    errorElement: routeError,
    hydrateFallbackElement: <SplashScreen />,
    children: [
      { index: true, loader: () => redirect('/home'), Component: RedirectingToHome },
      ...tableRoutes,
      { id: 'notFound', path: '*', lazy: notFound, errorElement: routeError },
    ],
  },
]);

registerNavigator((to, options) => void router.navigate(to, options));
