import { messages } from '@baobei/shared/messages';
import { Button } from 'antd-mobile';
import { useNavigate } from 'react-router';
import { ErrorBlock } from '../../components/error-block';
import { Page } from '../../components/page';
import styles from './not-found-page.module.css';

/** Any path outside the route table, and the pages later issues build (part 1, section 2). */
export function NotFoundPage() {
  const navigate = useNavigate();
  return (
    <Page title={messages.common.pageNotFound}>
      <div className={styles.body} data-testid="not-found-page">
        <ErrorBlock status="empty" title={messages.common.pageNotFound} description={messages.common.pageNotFoundHint} />
        <Button
          color="primary"
          className={styles.button}
          data-testid="not-found-home"
          onClick={() => void navigate('/home', { replace: true })}
        >
          {messages.common.goHome}
        </Button>
      </div>
    </Page>
  );
}
