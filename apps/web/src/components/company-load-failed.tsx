import { messages } from '@baobei/shared/messages';
import { Button } from 'antd-mobile';
import { ExclamationCircleFill } from 'antd-mobile-icons';
import styles from './company-load-failed.module.css';

/** Part 1, section 8: the company failure replaces the whole app. */
export function CompanyLoadFailed() {
  return (
    <div className={styles.screen} role="alert" data-testid="company-load-failed">
      <ExclamationCircleFill className={styles.icon} />
      <p className={styles.text}>{messages.common.companyLoadFailed}</p>
      <Button className={styles.button} color="primary" fill="outline" onClick={() => window.location.reload()}>
        {messages.common.refresh}
      </Button>
    </div>
  );
}
