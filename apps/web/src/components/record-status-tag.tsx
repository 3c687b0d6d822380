import { messages } from '@baobei/shared/messages';
import type { RecordStatus } from '@baobei/shared/rules/record-status';
import { Tag } from 'antd-mobile';

/**
 * antd's warning orange (#ff8f1f) as outline text is 2.3:1 on white; this darker orange reads
 * at 4.5:1 (decision 033).
 */
const READABLE_WARNING = '#b06315';

/** Colour per status family: waiting, moving on, arrived or dealt, closed. */
const COLOR: Record<RecordStatus, string> = {
  RECORDSTART: READABLE_WARNING,
  RECORDSTANDBY: 'primary',
  RECORDCOMPLETE: 'primary',
  UNVISIT: 'default',
  VISIT: 'success',
  MAKEBARGAIN: 'success',
  MAKEBARGAINCOMPLETE: 'success',
  RECORDCLOSE: 'danger',
  MAKEBARGAINCLOSE: 'danger',
};

export interface RecordStatusTagProps {
  status: RecordStatus;
  /** The server's recordStatusList text (RECORDSTANDBY shows 处理中). */
  text: string;
  expired?: boolean;
}

/** A report's status as every list and detail shows it, with the expired mark of DECISIONS.md. */
export function RecordStatusTag({ status, text, expired = false }: RecordStatusTagProps) {
  return (
    <span data-testid="record-status" data-status={status}>
      <Tag color={COLOR[status]} fill="outline">
        {text}
      </Tag>
      {expired ? (
        <Tag color="default" fill="solid" style={{ marginLeft: 4 }} data-testid="record-expired">
          {messages.recordTrack.expired}
        </Tag>
      ) : null}
    </span>
  );
}
