import type { IndexData } from '@baobei/shared/schemas/house';
import styles from './nav-grid.module.css';

type Nav = IndexData['navs'][number];

/** The navigation grid: each entry opens the house list by its feature. */
export function NavGrid({ navs, onOpen }: { navs: Nav[]; onOpen: (nav: Nav) => void }) {
  if (navs.length === 0) return null;
  return (
    <nav className={styles.grid} data-testid="home-navs">
      {navs.map((nav) => (
        <button key={nav.id} type="button" className={styles.item} onClick={() => onOpen(nav)} data-testid="home-nav">
          {nav.icon ? <img className={styles.icon} src={nav.icon} alt="" /> : <span className={styles.icon} />}
          <span className={styles.title}>{nav.title}</span>
        </button>
      ))}
    </nav>
  );
}
