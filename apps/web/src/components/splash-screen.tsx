import { SpinLoading } from 'antd-mobile';
import styles from './splash-screen.module.css';

/** The neutral screen while the company loads: no brand yet, so no colour and no name. */
export function SplashScreen() {
  return (
    <div className={styles.splash} aria-busy="true" data-testid="app-splash">
      <SpinLoading color="#9aa1ad" style={{ '--size': '32px' }} />
    </div>
  );
}
