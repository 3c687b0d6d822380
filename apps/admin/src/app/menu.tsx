import { AppstoreOutlined, AuditOutlined, BankOutlined, DashboardOutlined, FileExcelOutlined, FileSearchOutlined, HomeOutlined, ShopOutlined, SkinOutlined, TeamOutlined } from '@ant-design/icons';
import { AccountBookOutlined, DatabaseOutlined, HistoryOutlined, MessageOutlined, ScheduleOutlined } from '@ant-design/icons';
import { statementMessages } from '@baobei/shared/messages/statement';
import type { ReactNode } from 'react';
import { adminAccountMessages } from '@baobei/shared/messages/admin';
import { adminAuditLogMessages, adminFeedbackMessages } from '@baobei/shared/messages/admin';
import { adminExportMessages } from '@baobei/shared/messages/admin';
import { adminJobMessages } from '@baobei/shared/messages/admin-job';
import { PATHS } from '../lib/navigation';
import { adminRecordMessages } from '@baobei/shared/messages/admin';
import { adminBaseDataMessages, adminConsoleMessages as texts, adminDistributorMessages, adminHomeContentMessages } from '@baobei/shared/messages/admin';

export interface MenuEntry {
  path: string;
  name: string;
  icon: ReactNode;
  /** Shown to the platform administrator only (the server refuses the page's calls to others). */
  platformOnly?: boolean;
}

/** The side menu: one entry per page that exists (listings, home content and people come later). */
export const MENU: readonly MenuEntry[] = [
  { path: PATHS.overview, name: texts.menuOverview, icon: <DashboardOutlined /> },
  { path: PATHS.houses, name: texts.menuHouses, icon: <HomeOutlined /> },
  { path: PATHS.records, name: adminRecordMessages.menu, icon: <FileSearchOutlined /> },
  { path: PATHS.homeContent, name: adminHomeContentMessages.menu, icon: <AppstoreOutlined /> },
  { path: PATHS.baseData, name: adminBaseDataMessages.menu, icon: <DatabaseOutlined /> },
  { path: PATHS.distributors, name: adminDistributorMessages.menuList, icon: <ShopOutlined /> },
  { path: PATHS.registrations, name: adminDistributorMessages.menuReview, icon: <AuditOutlined /> },
  { path: PATHS.accounts, name: adminAccountMessages.menu, icon: <TeamOutlined /> },
  // 对账单 (docs/decisions/082), beside the exports.
  { path: PATHS.statements, name: statementMessages.menu, icon: <AccountBookOutlined /> },
  { path: PATHS.exports, name: adminExportMessages.menu, icon: <FileExcelOutlined /> },
  { path: PATHS.feedback, name: adminFeedbackMessages.menu, icon: <MessageOutlined /> },
  { path: PATHS.auditLog, name: adminAuditLogMessages.menu, icon: <HistoryOutlined /> },
  { path: PATHS.jobs, name: adminJobMessages.menu, icon: <ScheduleOutlined /> },
  { path: PATHS.brand, name: texts.menuBrand, icon: <SkinOutlined /> },
  { path: PATHS.companies, name: texts.menuCompanies, icon: <BankOutlined />, platformOnly: true },
];
