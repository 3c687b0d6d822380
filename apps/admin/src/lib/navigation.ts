/**
 * Navigation from outside React (the API client's 401 and must-change answers): the router
 * registers itself at start, so lib/ never imports app/.
 */
type Navigate = (to: string, options?: { replace?: boolean }) => void;

let navigator: Navigate | null = null;

export function setNavigator(navigate: Navigate): void {
  navigator = navigate;
}

export function navigateTo(to: string): void {
  if (navigator) navigator(to, { replace: true });
}

/** Console paths below the router's basename (/admin). */
export const PATHS = {
  login: '/login',
  changePassword: '/change-password',
  overview: '/',
  dashboard: '/dashboard',
  brand: '/brand',
  companies: '/companies',
  homeContent: '/home-content',
  baseData: '/base-data',
  houses: '/houses',
  records: '/records',
  accounts: '/accounts',
  distributors: '/distributors',
  registrations: '/registrations',
  feedback: '/feedback',
  auditLog: '/audit-log',
  accessLog: '/access-log',
  jobs: '/jobs',
  privacy: '/privacy',
  exports: '/exports',
  statements: '/statements',
} as const;
