import { AppstoreOutlined, AuditOutlined, BankOutlined, DashboardOutlined, FileExcelOutlined, FileSearchOutlined, HomeOutlined, ShopOutlined, SkinOutlined, TeamOutlined } from '@ant-design/icons';
import { AccountBookOutlined, DatabaseOutlined, EyeOutlined, FundOutlined, HistoryOutlined, MessageOutlined, ScheduleOutlined, SafetyOutlined } from '@ant-design/icons';
import { adminPrivacyMessages } from '@baobei/shared/messages/admin/privacy';
import { dashboardMessages } from '@baobei/shared/messages/dashboard';
import { statementMessages } from '@baobei/shared/messages/statement';
import type { ReactNode } from 'react';
import { isPlatformAdmin } from '@baobei/shared/rules/access';
import { scopeAllows, type ConsoleArea, type ConsoleScope } from '@baobei/shared/rules/console-scopes';
import { adminAccountMessages } from '@baobei/shared/messages/admin';
import { adminAccessLogMessages, adminAuditLogMessages, adminFeedbackMessages } from '@baobei/shared/messages/admin';
import { adminExportMessages } from '@baobei/shared/messages/admin';
import { adminJobMessages } from '@baobei/shared/messages/admin-job';
import { PATHS } from '../lib/navigation';
import { adminRecordMessages } from '@baobei/shared/messages/admin';
import { adminBaseDataMessages, adminConsoleMessages as texts, adminDistributorMessages, adminHomeContentMessages } from '@baobei/shared/messages/admin';

export interface MenuEntry {
  path: string;
  name: string;
  icon: ReactNode;
  /** The console area the page reads (docs/decisions/081): shown when the account's scope may read it. */
  area: ConsoleArea;
  /** Shown to the platform administrator only (the server refuses the page's calls to others). */
  platformOnly?: boolean;
}

/** The side menu: one entry per page that exists (listings, home content and people come later). */
export const MENU: readonly MenuEntry[] = [
  { path: PATHS.overview, name: texts.menuOverview, area: 'overview', icon: <DashboardOutlined /> },
  // 数据驾驶舱 (issue 31, docs/decisions/087): every scope reads the overview area.
  { path: PATHS.dashboard, name: dashboardMessages.menu, area: 'overview', icon: <FundOutlined /> },
  { path: PATHS.houses, name: texts.menuHouses, area: 'houses', icon: <HomeOutlined /> },
  { path: PATHS.records, name: adminRecordMessages.menu, area: 'reports', icon: <FileSearchOutlined /> },
  { path: PATHS.homeContent, name: adminHomeContentMessages.menu, area: 'home', icon: <AppstoreOutlined /> },
  { path: PATHS.baseData, name: adminBaseDataMessages.menu, area: 'base', icon: <DatabaseOutlined /> },
  { path: PATHS.distributors, name: adminDistributorMessages.menuList, area: 'distributors', icon: <ShopOutlined /> },
  { path: PATHS.registrations, name: adminDistributorMessages.menuReview, area: 'distributors', icon: <AuditOutlined /> },
  { path: PATHS.accounts, name: adminAccountMessages.menu, area: 'accounts', icon: <TeamOutlined /> },
  // 对账单 (docs/decisions/082), beside the exports.
  { path: PATHS.statements, name: statementMessages.menu, area: 'statements', icon: <AccountBookOutlined /> },
  { path: PATHS.exports, name: adminExportMessages.menu, area: 'exports', icon: <FileExcelOutlined /> },
  { path: PATHS.feedback, name: adminFeedbackMessages.menu, area: 'feedback', icon: <MessageOutlined /> },
  { path: PATHS.auditLog, name: adminAuditLogMessages.menu, area: 'audit', icon: <HistoryOutlined /> },
  { path: PATHS.jobs, name: adminJobMessages.menu, area: 'audit', icon: <ScheduleOutlined /> },
  // 访问日志 (docs/decisions/092): who saw a customer's full number.
  { path: PATHS.accessLog, name: adminAccessLogMessages.menu, area: 'audit', icon: <EyeOutlined /> },
  // 个人信息请求 (docs/decisions/093): the 运营管理员's only.
  { path: PATHS.privacy, name: adminPrivacyMessages.menu, area: 'privacy', icon: <SafetyOutlined /> },
  { path: PATHS.brand, name: texts.menuBrand, area: 'company', icon: <SkinOutlined /> },
  { path: PATHS.companies, name: texts.menuCompanies, area: 'company', icon: <BankOutlined />, platformOnly: true },
];

/** The pages below a menu entry that only change things: they need the area's write grant. */
const WRITE_PAGES: readonly { pattern: RegExp; area: ConsoleArea }[] = [{ pattern: /^\/houses\/(new|\d+\/edit)\/?$/, area: 'houses' }];

/** Whether the account may see the entry: the platform administrator's pages, and the scope's areas (docs/decisions/081). */
export function showsEntry(entry: MenuEntry, account: { role: string; consoleScope: ConsoleScope } | undefined): boolean {
  if (!account) return false;
  if (entry.platformOnly && !isPlatformAdmin(account.role)) return false;
  return scopeAllows(account.consoleScope, entry.area, false);
}

/**
 * Whether the account's scope opens a console path: the area of the entry it is (or is below,
 * /houses/new under /houses), and a write page's write grant. Paths of no entry are open (the
 * not-found page); the platform administrator's pages say their own 403.
 */
export function opensPath(pathname: string, account: { consoleScope: ConsoleScope } | undefined): boolean {
  if (!account) return false;
  const write = WRITE_PAGES.find((page) => page.pattern.test(pathname));
  if (write && !scopeAllows(account.consoleScope, write.area, true)) return false;
  const entry = MENU.find((e) => (e.path === PATHS.overview ? pathname === e.path : pathname === e.path || pathname.startsWith(`${e.path}/`)));
  return !entry || scopeAllows(account.consoleScope, entry.area, false);
}
