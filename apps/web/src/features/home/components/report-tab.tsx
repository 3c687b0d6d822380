import { messages } from '@baobei/shared/messages';
import { findRoute, type RouteName } from '@baobei/shared/routes';
import { Avatar, Toast } from 'antd-mobile';
import {
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
import { ShortcutGrid, type Shortcut } from './shortcut-grid';
import styles from './report-tab.module.css';

function routeShortcut(name: RouteName, icon: ReactNode): Shortcut {
  const route = findRoute(name);
  return { key: name, title: route.title, icon, to: route.path };
}

const REPORT_TOOLS: Shortcut[] = [
  routeShortcut('rapidRecord', <FillinOutline />),
  routeShortcut('recordList', <UnorderedListOutline />),
  routeShortcut('customerList', <UserContactOutline />),
];

/** Part 1, section 2: shop managers also see these; company customers is shown disabled. */
const MANAGER_TOOLS: Shortcut[] = [
  routeShortcut('subDistributorRecordList', <ReceiptOutline />),
  { key: 'companyCustomers', title: messages.home.companyCustomers, icon: <FileOutline />, disabled: true },
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

  return (
    <div className={styles.tab} data-testid="home-fky">
      <header className={styles.head}>
        <h1 className={styles.heading}>{messages.home.tabReport}</h1>
      </header>

      {/* Decorative: the micro-shop is not built; its counts are zero and a tap says so. */}
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

      <SectionCard title={messages.home.reportTools} testId="fky-report-tools">
        <ShortcutGrid items={REPORT_TOOLS} columns={4} />
      </SectionCard>

      {role === 'DIANZHANG' && (
        <SectionCard title={messages.home.managerTools} testId="fky-manager-tools">
          <ShortcutGrid items={MANAGER_TOOLS} columns={4} />
        </SectionCard>
      )}
    </div>
  );
}
