import { messages } from '@baobei/shared/messages';
import { Button } from 'antd-mobile';
import { useState } from 'react';
import { ActionSheet } from '../../../components/lazy-overlays';
import styles from './record-detail.module.css';

const recordText = messages.recordTrack;

export interface DetailActionsProps {
  /** permission=1: the label of the action menu (审核 / 查看 / 报备单操作); null: only 添加客户动态. */
  menuLabel: string | null;
  /** 更改报备单状态 in the menu (RECORDEDIT or approval, and the status allows it). */
  canChangeStatus: boolean;
  canReReport: boolean;
  canMarkVisit: boolean;
  busy: boolean;
  onChangeStatus: () => void;
  onAddDynamic: () => void;
  onReReport: () => void;
  onMarkUnvisit: () => void;
  onMarkVisit: () => void;
}

/** The detail's bottom bar (part 2, sections 2 and 6). */
export function DetailActions(props: DetailActionsProps) {
  const [menuOpen, setMenuOpen] = useState(false);
  const { menuLabel, canChangeStatus, busy } = props;
  const actions = [
    ...(canChangeStatus ? [{ key: 'status', text: recordText.actionChangeStatus, onClick: props.onChangeStatus }] : []),
    { key: 'dynamic', text: recordText.actionAddDynamic, onClick: props.onAddDynamic },
  ];
  return (
    <div className={styles.actions} data-testid="record-actions">
      {props.canReReport && (
        <Button color="primary" fill="outline" onClick={props.onReReport} disabled={busy} data-testid="record-re-report">
          {recordText.reReport}
        </Button>
      )}
      {props.canMarkVisit && (
        <>
          <Button color="warning" fill="outline" onClick={props.onMarkUnvisit} disabled={busy} data-testid="record-mark-unvisit">
            {recordText.markUnvisit}
          </Button>
          <Button color="success" fill="outline" onClick={props.onMarkVisit} disabled={busy} data-testid="record-mark-visit">
            {recordText.markVisit}
          </Button>
        </>
      )}
      {menuLabel === null ? (
        <Button color="primary" onClick={props.onAddDynamic} data-testid="record-add-dynamic">
          {recordText.actionAddDynamic}
        </Button>
      ) : (
        <Button color="primary" onClick={() => setMenuOpen(true)} data-testid="record-action-menu">
          {menuLabel}
        </Button>
      )}
      <ActionSheet
        visible={menuOpen}
        actions={actions}
        cancelText={messages.common.cancel}
        closeOnAction
        onClose={() => setMenuOpen(false)}
      />
    </div>
  );
}
