import { messages } from '@baobei/shared/messages';
import { findRoute, type RouteName } from '@baobei/shared/routes';
import {
  AppstoreOutline,
  CalculatorOutline,
  EnvironmentOutline,
  FillinOutline,
  PhoneFill,
  QuestionCircleOutline,
  SearchOutline,
  StarOutline,
  UnorderedListOutline,
  UserAddOutline,
} from 'antd-mobile-icons';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { SectionCard } from '../../../components/section-card';
import { useCompanyStore } from '../../../lib/company-store';
import { useSessionStore } from '../../../lib/session/session-store';
import { ShortcutGrid, type Shortcut } from './shortcut-grid';
import styles from './index-tab.module.css';

/** Pages of the route table a visitor of the index reaches most; titles come from the table. */
const QUICK_LINKS: { name: RouteName; icon: ReactNode }[] = [
  { name: 'houseList', icon: <AppstoreOutline /> },
  { name: 'rapidRecord', icon: <FillinOutline /> },
  { name: 'recordList', icon: <UnorderedListOutline /> },
  { name: 'favorite', icon: <StarOutline /> },
  { name: 'calculator', icon: <CalculatorOutline /> },
  { name: 'selectCity', icon: <EnvironmentOutline /> },
  { name: 'register', icon: <UserAddOutline /> },
  { name: 'help', icon: <QuestionCircleOutline /> },
];

const shortcuts: Shortcut[] = QUICK_LINKS.map(({ name, icon }) => {
  const route = findRoute(name);
  return { key: name, title: route.title, icon, to: route.path };
});

/**
 * The index tab, for now: the company's head, the search entry and the quick links. The
 * city's banners, navigation and columns (part 1, section 2) come with the listings issue.
 */
export function IndexTab() {
  const navigate = useNavigate();
  const company = useCompanyStore((s) => s.company);
  const kefPhone = useSessionStore((s) => s.config?.kefPhone ?? '');

  return (
    <div className={styles.tab} data-testid="home-index">
      <header className={styles.head}>
        <div className={styles.brand}>
          {company?.logo ? <img className={styles.logo} src={company.logo} alt="" /> : null}
          <span className={styles.title}>{company?.title}</span>
        </div>
        <button
          type="button"
          className={styles.search}
          onClick={() => void navigate('/house/list?focus=1')}
          data-testid="home-search"
        >
          <SearchOutline className={styles.searchIcon} />
          <span>{messages.home.searchPlaceholder}</span>
        </button>
      </header>

      <SectionCard title={messages.home.quickLinks} className={styles.overlap} testId="home-quick-links">
        <ShortcutGrid items={shortcuts} />
      </SectionCard>

      {kefPhone && (
        <SectionCard>
          <a className={styles.hotline} href={`tel:${kefPhone}`} data-testid="home-hotline">
            <PhoneFill className={styles.hotlineIcon} />
            <span className={styles.hotlineLabel}>{messages.home.serviceHotline}</span>
            <span className={styles.hotlineNumber}>{kefPhone}</span>
          </a>
        </SectionCard>
      )}
    </div>
  );
}
