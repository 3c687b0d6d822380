import { messages } from '@baobei/shared/messages';
import { useSyncExternalStore } from 'react';
import { createRoot } from 'react-dom/client';
import { create } from 'zustand';
import styles from './offline-banner.module.css';

const text = messages.offline;

/** 刷新 of the 有新版本 prompt: set when a new service worker waits (service-worker.ts). */
const useNewVersion = create<{ apply: (() => void) | null; dismissed: boolean }>()(() => ({ apply: null, dismissed: false }));

export function showNewVersion(apply: () => void): void {
  useNewVersion.setState({ apply, dismissed: false });
}

function subscribeOnline(notify: () => void): () => void {
  window.addEventListener('online', notify);
  window.addEventListener('offline', notify);
  return () => {
    window.removeEventListener('online', notify);
    window.removeEventListener('offline', notify);
  };
}

/** The 离线 banner while the browser has no network, and the 有新版本 prompt (docs/decisions/094). */
function OfflineBar() {
  const online = useSyncExternalStore(subscribeOnline, () => navigator.onLine);
  const { apply, dismissed } = useNewVersion();
  return (
    <>
      {!online && (
        <div className={styles.offline} role="status" data-testid="offline-banner">
          {text.banner}
        </div>
      )}
      {apply && !dismissed && (
        <div className={styles.update} role="alert" data-testid="new-version">
          <span className={styles.updateText}>
            <strong>{text.newVersion}</strong> {text.newVersionHint}
          </span>
          <button type="button" className={styles.later} onClick={() => useNewVersion.setState({ dismissed: true })}>
            {text.later}
          </button>
          <button type="button" className={styles.reload} onClick={apply} data-testid="new-version-reload">
            {text.reload}
          </button>
        </div>
      )}
    </>
  );
}

/** A root of its own before the app: it shows on every page, the error pages included. */
export function mountOfflineBanner(): void {
  const host = document.createElement('div');
  document.body.prepend(host);
  createRoot(host).render(<OfflineBar />);
}
