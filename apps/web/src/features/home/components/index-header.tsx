import { messages } from '@baobei/shared/messages';
import { DownFill, EnvironmentOutline, SearchOutline } from 'antd-mobile-icons';
import styles from './index-header.module.css';

export interface IndexHeaderProps {
  logo: string;
  title: string;
  cityName: string;
  onSelectCity: () => void;
  onSearch: () => void;
  /** Leave room for the banner that overlaps the head's bottom. */
  overlap: boolean;
}

/** The index head: company logo and title, the current-city selector, the search entry. */
export function IndexHeader({ logo, title, cityName, onSelectCity, onSearch, overlap }: IndexHeaderProps) {
  return (
    <header className={`${styles.head} ${overlap ? styles.overlap : ''}`}>
      <div className={styles.row}>
        <div className={styles.brand}>
          {logo ? <img className={styles.logo} src={logo} alt="" /> : null}
          <span className={styles.title}>{title}</span>
        </div>
        <button
          type="button"
          className={styles.city}
          onClick={onSelectCity}
          aria-label={cityName ? `${cityName}，${messages.index.selectCity}` : undefined}
          data-testid="home-city"
        >
          <EnvironmentOutline className={styles.cityIcon} />
          <span className={styles.cityName}>{cityName || messages.index.selectCity}</span>
          <DownFill className={styles.cityArrow} />
        </button>
      </div>
      <button type="button" className={styles.search} onClick={onSearch} data-testid="home-search">
        <SearchOutline className={styles.searchIcon} />
        <span>{messages.home.searchPlaceholder}</span>
      </button>
    </header>
  );
}
