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
 * Route name → lazy page module: a full Record over the shared route table, so the compiler
 * refuses a route without a page.
 */
const pages: Record<RouteName, PageLoader> = {
  home: lazyPage(() => import('../features/home/pages/home-page'), (m) => m.HomePage),
  login: lazyPage(() => import('../features/account/pages/login-page'), (m) => m.LoginPage),
  retrievePassword: lazyPage(
    () => import('../features/account/pages/retrieve-password-page'),
    (m) => m.RetrievePasswordPage,
  ),
  authorization: lazyPage(() => import('../features/account/pages/authorization-page'), (m) => m.AuthorizationPage),
  changePassword: lazyPage(
    () => import('../features/account/pages/change-password-page'),
    (m) => m.ChangePasswordPage,
  ),
  userInfo: lazyPage(() => import('../features/account/pages/user-info-page'), (m) => m.UserInfoPage),
  userInfoSet: lazyPage(() => import('../features/account/pages/user-info-set-page'), (m) => m.UserInfoSetPage),
  selectCity: lazyPage(() => import('../features/city/pages/select-city-page'), (m) => m.SelectCityPage),
  houseList: lazyPage(() => import('../features/house/pages/house-list-page'), (m) => m.HouseListPage),
  help: lazyPage(() => import('../features/info/pages/help-page'), (m) => m.HelpPage),
  outbox: lazyPage(() => import('../features/outbox/pages/outbox-page'), (m) => m.OutboxPage),
  aboutUs: lazyPage(() => import('../features/info/pages/about-us-page'), (m) => m.AboutUsPage),
  userAgreement: lazyPage(() => import('../features/info/pages/user-agreement-page'), (m) => m.UserAgreementPage),
  privacyPolicy: lazyPage(() => import('../features/info/pages/privacy-policy-page'), (m) => m.PrivacyPolicyPage),
  calculator: lazyPage(() => import('../features/info/pages/calculator-page'), (m) => m.CalculatorPage),
  houseNavigation: lazyPage(
    () => import('../features/info/pages/house-navigation-page'),
    (m) => m.HouseNavigationPage,
  ),
  houseDetail: lazyPage(() => import('../features/house/pages/house-detail-page'), (m) => m.HouseDetailPage),
  houseShareDetail: lazyPage(() => import('../features/house/pages/house-detail-page'), (m) => m.HouseDetailPage),
  houseVr: lazyPage(() => import('../features/house/pages/house-vr-page'), (m) => m.HouseVrPage),
  favorite: lazyPage(() => import('../features/house/pages/favorite-page'), (m) => m.FavoritePage),
  myShare: lazyPage(() => import('../features/share/pages/my-share-page'), (m) => m.MySharePage),
  myCommission: lazyPage(() => import('../features/deal/pages/my-commission-page'), (m) => m.MyCommissionPage),
  messageList: lazyPage(() => import('../features/message/pages/message-list-page'), (m) => m.MessageListPage),
  messageSettings: lazyPage(
    () => import('../features/message/pages/message-settings-page'),
    (m) => m.MessageSettingsPage,
  ),
  customerList: lazyPage(() => import('../features/customer/pages/customer-list-page'), (m) => m.CustomerListPage),
  companyCustomers: lazyPage(() => import('../features/customer/pages/company-customer-page'), (m) => m.CompanyCustomerPage),
  customerDetail: lazyPage(() => import('../features/customer/pages/customer-detail-page'), (m) => m.CustomerDetailPage),
  selectHouse: lazyPage(() => import('../features/report/pages/select-house-page'), (m) => m.SelectHousePage),
  selectCustomer: lazyPage(
    () => import('../features/report/pages/select-customer-page'),
    (m) => m.SelectCustomerPage,
  ),
  selectStaff: lazyPage(() => import('../features/report/pages/select-staff-page'), (m) => m.SelectStaffPage),
  houseRecord: lazyPage(() => import('../features/report/pages/report-form-page'), (m) => m.HouseRecordPage),
  rapidRecord: lazyPage(() => import('../features/report/pages/report-form-page'), (m) => m.RapidRecordPage),
  recordDetail: lazyPage(() => import('./pages/record-detail-page'), (m) => m.RecordDetailPage),
  recordAudit: lazyPage(() => import('./pages/record-audit-page'), (m) => m.RecordAuditPage),
  recordList: lazyPage(() => import('../features/tracking/pages/record-list-page'), (m) => m.RecordListPage),
  subDistributorRecordList: lazyPage(
    () => import('../features/tracking/pages/record-list-page'),
    (m) => m.SubDistributorRecordListPage,
  ),
  statement: lazyPage(() => import('../features/statement/pages/statement-page'), (m) => m.StatementPage),
  statistics: lazyPage(() => import('../features/statistics/pages/statistics-page'), (m) => m.StatisticsPage),
  channelStatistics: lazyPage(() => import('../features/statistics/pages/channel-statistics-page'), (m) => m.ChannelStatisticsPage),
  statisticsDetail: lazyPage(
    () => import('../features/statistics/pages/statistics-detail-page'),
    (m) => m.StatisticsDetailPage,
  ),
  staffList: lazyPage(() => import('../features/staff/pages/staff-list-page'), (m) => m.StaffListPage),
  staffBatchList: lazyPage(() => import('../features/staff/pages/staff-batch-list-page'), (m) => m.StaffBatchListPage),
  externalRecordList: lazyPage(
    () => import('../features/tracking/pages/external-record-page'),
    (m) => m.ExternalRecordPage,
  ),
  register: lazyPage(() => import('../features/account/pages/register-page'), (m) => m.RegisterPage),
  registerSelectCompany: lazyPage(
    () => import('../features/account/pages/select-company-page'),
    (m) => m.SelectCompanyPage,
  ),
  registerSelectChannel: lazyPage(
    () => import('../features/account/pages/select-channel-page'),
    (m) => m.SelectChannelPage,
  ),
  registerReview: lazyPage(
    () => import('../features/account/pages/register-review-page'),
    (m) => m.RegisterReviewPage,
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
  lazy: pages[route.name],
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
