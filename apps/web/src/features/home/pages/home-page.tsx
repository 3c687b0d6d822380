import { messages } from '@baobei/shared/messages';
import { TabBar } from 'antd-mobile';
import { AppOutline, FillinOutline, UserOutline } from 'antd-mobile-icons';
import { lazy, Suspense, useEffect, useLayoutEffect, type ReactNode } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { Page } from '../../../components/page';
import { removeFirstScreen } from '../../../lib/first-screen';
import { PageLoading } from '../../../components/page-loading';
import { loginPath } from '../../../lib/return-path';
import { selectLoggedIn, useSessionStore } from '../../../lib/session/session-store';
import { IndexTab } from '../components/index-tab';
import { homeTabPath, parseHomeTab, type HomeTab } from '../home-tabs';
import styles from './home-page.module.css';

/** 报备 and 我的 load on their first tap: the index is what a first visit shows (decision 033). */
const ReportTab = lazy(() => import('../components/report-tab').then((m) => ({ default: m.ReportTab })));
const MyTab = lazy(() => import('../components/my-tab').then((m) => ({ default: m.MyTab })));

const TAB_ITEMS: { key: HomeTab; title: string; icon: ReactNode }[] = [
  { key: 'index', title: messages.home.tabIndex, icon: <AppOutline /> },
  { key: 'fky', title: messages.home.tabReport, icon: <FillinOutline /> },
  { key: 'my', title: messages.home.tabMy, icon: <UserOutline /> },
];

function stateTab(state: unknown): HomeTab | null {
  return typeof state === 'object' && state !== null && 'active' in state ? parseHomeTab(state.active) : null;
}

/** /home: the three tabs 首页, 报备, 我的 (part 1, section 2). */
export function HomePage() {
  const [params, setParams] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const active = parseHomeTab(params.get('active')) ?? stateTab(location.state) ?? 'index';
  const ready = useSessionStore((s) => s.ready);
  const loggedIn = useSessionStore(selectLoggedIn);

  // The server's first screen is the index tab's (index-tab.tsx removes it then).
  useLayoutEffect(() => {
    if (active !== 'index') removeFirstScreen();
  }, [active]);

  // Opened on the report tab without a session (a link, a reload, an expired token): log in, then come back here.
  useEffect(() => {
    if (active === 'fky' && ready && !loggedIn) void navigate(loginPath(homeTabPath('fky')), { replace: true });
  }, [active, ready, loggedIn, navigate]);

  const onChange = (key: string) => {
    const tab = parseHomeTab(key) ?? 'index';
    if (tab === active) return;
    // "Opening this tab while not logged in sends the user to login and returns to the previous tab."
    if (tab === 'fky' && ready && !loggedIn) {
      void navigate(loginPath(homeTabPath(active)));
      return;
    }
    setParams({ active: tab }, { replace: true });
  };

  return (
    <Page
      tone="none"
      className={styles.page}
      footer={
        <TabBar activeKey={active} onChange={onChange} className={styles.tabBar}>
          {TAB_ITEMS.map((item) => (
            <TabBar.Item key={item.key} icon={item.icon} title={item.title} data-testid={`home-tab-${item.key}`} />
          ))}
        </TabBar>
      }
    >
      {active === 'index' && <IndexTab />}
      <Suspense fallback={<PageLoading />}>
        {active === 'fky' && <ReportTab />}
        {active === 'my' && <MyTab />}
      </Suspense>
    </Page>
  );
}
