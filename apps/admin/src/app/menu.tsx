import { AppstoreOutlined, BankOutlined, DashboardOutlined, HomeOutlined, SkinOutlined } from '@ant-design/icons';
import type { ReactNode } from 'react';
import { PATHS } from '../lib/navigation';
import { adminConsoleMessages as texts, adminHomeContentMessages } from '@baobei/shared/messages/admin';

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
  { path: PATHS.homeContent, name: adminHomeContentMessages.menu, icon: <AppstoreOutlined /> },
  { path: PATHS.brand, name: texts.menuBrand, icon: <SkinOutlined /> },
  { path: PATHS.companies, name: texts.menuCompanies, icon: <BankOutlined />, platformOnly: true },
];
