import { messages } from '@baobei/shared/messages';
import { Button } from 'antd-mobile';
import styles from './select.module.css';

/** The bottom bar of a multi-select screen: '已选 N 个' and 确定. */
export function SelectFooter({
  count,
  max,
  loading,
  onConfirm,
}: {
  count: number;
  max: number;
  loading?: boolean;
  onConfirm: () => void;
}) {
  return (
    <div className={styles.footer}>
      <span className={styles.count} data-testid="select-count">
        {messages.reportSelect.selectedCount(count)}
        <small className={styles.max}>/{max}</small>
      </span>
      <Button color="primary" className={styles.confirm} loading={loading} onClick={onConfirm} data-testid="select-confirm">
        {messages.reportSelect.confirm}
      </Button>
    </div>
  );
}
