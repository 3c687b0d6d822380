import { DashboardOutlined, SkinOutlined } from '@ant-design/icons';
import type { ReactNode } from 'react';
import { PATHS } from '../lib/navigation';
import { texts } from '../lib/texts';

export interface MenuEntry {
  path: string;
  name: string;
  icon: ReactNode;
}

/** The side menu: one entry per page that exists (listings, home content and people come later). */
export const MENU: readonly MenuEntry[] = [
  { path: PATHS.overview, name: texts.menuOverview, icon: <DashboardOutlined /> },
  { path: PATHS.brand, name: texts.menuBrand, icon: <SkinOutlined /> },
];
