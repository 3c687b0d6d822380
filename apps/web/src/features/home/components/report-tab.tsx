import { messages } from '@baobei/shared/messages';
import { canOpenRoute, findRoute, type RouteName } from '@baobei/shared/routes';
import { Avatar, Toast } from 'antd-mobile';
import {
  CheckShieldOutline,
  FileOutline,
  FillinOutline,
  HistogramOutline,
  ReceiptOutline,
  TeamOutline,
  UnorderedListOutline,
  UserContactOutline,
} from 'antd-mobile-icons';
import type { ReactNode } from 'react';
import { PageLoading } from '../../../components/page-loading';
import { SectionCard } from '../../../components/section-card';
import { selectLoggedIn, selectRole, useSessionStore } from '../../../lib/session/session-store';
import { canUseTool, type ToolShortcut } from '../report-tools';
import { ShortcutGrid } from './shortcut-grid';
import styles from './report-tab.module.css';

function routeShortcut(name: RouteName, icon: ReactNode): ToolShortcut {
  const route = findRoute(name);
  return { key: name, title: route.title, icon, to: route.path, route: name };
}

const REPORT_TOOLS: ToolShortcut[] = [
  routeShortcut('rapidRecord', <FillinOutline />),
  routeShortcut('recordList', <UnorderedListOutline />),
  routeShortcut('customerList', <UserContactOutline />),
  // The auditor admin reviews distributor registrations; the route table keeps it theirs.
  routeShortcut('registerReview', <CheckShieldOutline />),
  // Issue 31: the channel roles' 数据统计 (the route table keeps it theirs).
  routeShortcut('channelStatistics', <HistogramOutline />),
];

/**
 * Part 1, section 2: shop managers (and the general account) also see these. 公司客户 lists
 * the customers of their brokers, read-only (docs/decisions/024).
 */
const MANAGER_TOOLS: ToolShortcut[] = [
  routeShortcut('subDistributorRecordList', <ReceiptOutline />),
  routeShortcut('companyCustomers', <FileOutline />),
  routeShortcut('statistics', <HistogramOutline />),
  routeShortcut('staffList', <TeamOutline />),
];

const MICRO_SHOP_COUNTS = [
  messages.home.microShopVisitors,
  messages.home.microShopViews,
  messages.home.microShopShares,
] as const;

/** The report tab (报备). Without a session the home page sends the user to login. */
export function ReportTab() {
  const loggedIn = useSessionStore(selectLoggedIn);
  const role = useSessionStore(selectRole);
  const userInfo = useSessionStore((s) => s.userInfo);

  if (!loggedIn || !userInfo) return <PageLoading />;

  const preparing = () => Toast.show({ content: messages.common.featurePreparing });
  // By the shared route table (the guard's own rule): auditors keep only 我的订单, channel roles
  // 我的订单 and their 数据统计; the micro-shop goes with the report form, the manager tools with their pages.
  const reportTools = REPORT_TOOLS.filter((tool) => canUseTool(tool, role));
  const managerTools = MANAGER_TOOLS.filter((tool) => canUseTool(tool, role));
  const shopRole = canOpenRoute(findRoute('rapidRecord'), role);
  const showManagerTools = managerTools.some((tool) => tool.route);

  return (
    <div className={styles.tab} data-testid="home-fky">
      <header className={styles.head}>
        <h1 className={styles.heading}>{messages.home.tabReport}</h1>
      </header>

      {/* Decorative: the micro-shop is not built; its counts are zero and a tap says so. */}
      {shopRole && (
        <button type="button" className={styles.shop} onClick={preparing} data-testid="micro-shop">
          <div className={styles.shopHead}>
            <Avatar src={userInfo.avatar} className={styles.shopAvatar} />
            <div className={styles.shopText}>
              <strong>{messages.home.microShop}</strong>
              <span>{messages.home.microShopHint}</span>
            </div>
          </div>
          <div className={styles.shopCounts}>
            {MICRO_SHOP_COUNTS.map((label) => (
              <div key={label} className={styles.shopCount}>
                <b>0</b>
                <span>{label}</span>
              </div>
            ))}
          </div>
        </button>
      )}

      <div className={shopRole ? undefined : styles.toolsOnly}>
        <SectionCard title={messages.home.reportTools} testId="fky-report-tools">
          <ShortcutGrid items={reportTools} columns={4} />
        </SectionCard>
      </div>

      {showManagerTools && (
        <SectionCard title={messages.home.managerTools} testId="fky-manager-tools">
          <ShortcutGrid items={managerTools} columns={4} />
        </SectionCard>
      )}
    </div>
  );
}
