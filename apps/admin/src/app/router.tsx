import { createBrowserRouter } from 'react-router';
import { FullPageLoading } from '../components/full-page-state';
import { setNavigator } from '../lib/navigation';
import { RouteError } from './route-error';
import { NotFoundPage } from './not-found-page';
import { RequireSession } from './require-session';

/**
 * The console's pages under /admin (the server's console-static plugin answers the index page
 * for each). Pages load with their route, so the sign-in page does not wait for ProLayout.
 * Only pages that exist have a route and a menu entry (app/menu.ts).
 */
export const router = createBrowserRouter(
  [
    {
      path: '/login',
      errorElement: <RouteError />,
      // While a page's chunk loads on the first visit.
      hydrateFallbackElement: <FullPageLoading />,
      lazy: async () => ({ Component: (await import('../features/auth/pages/login-page')).LoginPage }),
    },
    {
      path: '/change-password',
      errorElement: <RouteError />,
      hydrateFallbackElement: <FullPageLoading />,
      element: <RequireSession allowMustChange />,
      children: [{ index: true, lazy: async () => ({ Component: (await import('../features/auth/pages/change-password-page')).ChangePasswordPage }) }],
    },
    {
      path: '/',
      errorElement: <RouteError />,
      hydrateFallbackElement: <FullPageLoading />,
      element: <RequireSession />,
      children: [
        {
          lazy: async () => ({ Component: (await import('./console-layout')).ConsoleLayout }),
          errorElement: <RouteError />,
          children: [
            { index: true, lazy: async () => ({ Component: (await import('../features/overview/pages/overview-page')).OverviewPage }) },
            { path: 'brand', lazy: async () => ({ Component: (await import('../features/company/pages/brand-page')).BrandPage }) },
            { path: 'houses', lazy: async () => ({ Component: (await import('../features/house/pages/houses-page')).HousesPage }) },
            { path: 'houses/new', lazy: async () => ({ Component: (await import('../features/house/pages/house-edit-page')).HouseEditPage }) },
            { path: 'houses/:id/edit', lazy: async () => ({ Component: (await import('../features/house/pages/house-edit-page')).HouseEditPage }) },
            { path: 'records', lazy: async () => ({ Component: (await import('../features/record/pages/records-page')).RecordsPage }) },
            { path: 'home-content', lazy: async () => ({ Component: (await import('../features/home/pages/home-content-page')).HomeContentPage }) },
            { path: 'base-data', lazy: async () => ({ Component: (await import('../features/base-data/pages/base-data-page')).BaseDataPage }) },
            { path: 'distributors', lazy: async () => ({ Component: (await import('../features/distributor/pages/distributors-page')).DistributorsPage }) },
            { path: 'registrations', lazy: async () => ({ Component: (await import('../features/distributor/pages/registrations-page')).RegistrationsPage }) },
            { path: 'accounts', lazy: async () => ({ Component: (await import('../features/account/pages/accounts-page')).AccountsPage }) },
            { path: 'dashboard', lazy: async () => ({ Component: (await import('../features/dashboard/pages/dashboard-page')).DashboardPage }) },
            { path: 'statements', lazy: async () => ({ Component: (await import('../features/statement/pages/statements-page')).StatementsPage }) },
            { path: 'exports', lazy: async () => ({ Component: (await import('../features/export/pages/export-page')).ExportPage }) },
            { path: 'feedback', lazy: async () => ({ Component: (await import('../features/feedback/pages/feedback-page')).FeedbackPage }) },
            { path: 'access-log', lazy: async () => ({ Component: (await import('../features/access-log/pages/access-log-page')).AccessLogPage }) },
            { path: 'audit-log', lazy: async () => ({ Component: (await import('../features/audit-log/pages/audit-log-page')).AuditLogPage }) },
            { path: 'privacy', lazy: async () => ({ Component: (await import('../features/privacy/pages/privacy-page')).PrivacyPage }) },
            { path: 'jobs', lazy: async () => ({ Component: (await import('../features/job/pages/job-failures-page')).JobFailuresPage }) },
            { path: 'companies', lazy: async () => ({ Component: (await import('../features/company/pages/companies-page')).CompaniesPage }) },
            { path: '*', element: <NotFoundPage /> },
          ],
        },
      ],
    },
  ],
  { basename: '/admin' },
);

setNavigator((to, options) => void router.navigate(to, options));
