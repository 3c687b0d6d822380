import { messages } from '@baobei/shared/messages';
import { DotLoading } from 'antd-mobile';
import styles from './page-loading.module.css';

/** A page body waiting for data or for the session. */
export function PageLoading({ text = messages.common.loading }: { text?: string }) {
  return (
    <div className={styles.loading} aria-busy="true">
      <DotLoading color="primary" />
      <span>{text}</span>
    </div>
  );
}
