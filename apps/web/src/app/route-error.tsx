import { messages } from '@baobei/shared/messages';
import { Button } from 'antd-mobile';
import { useRouteError } from 'react-router';
import { ErrorBlock } from '../components/error-block';
import styles from './route-error.module.css';

/**
 * A page that failed. Retry loads the app again: that fixes a missing page chunk (a new
 * deployment, a lost connection, the 120 s chunk timeout of part 1, section 9) as well as a
 * page that broke while rendering.
 */
export function PageFailed() {
  return (
    <div className={styles.screen} data-testid="route-error">
      <ErrorBlock
        status="default"
        title={messages.common.pageLoadFailed}
        description={messages.common.pageLoadFailedHint}
        fullPage
      >
        <Button
          color="primary"
          className={styles.button}
          onClick={() => window.location.reload()}
          data-testid="route-error-retry"
        >
          {messages.common.retry}
        </Button>
        {/* A full load, so it works even when the router itself is what failed. */}
        <a className={styles.home} href="/home">
          {messages.common.goHome}
        </a>
      </ErrorBlock>
    </div>
  );
}

/** The route-level error boundary (STYLE.md). */
export function RouteError() {
  const error = useRouteError();
  if (import.meta.env.DEV) console.error(error);
  return <PageFailed />;
}
