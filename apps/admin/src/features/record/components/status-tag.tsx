import { RECORD_STATUS_TEXT, type RecordStatus } from '@baobei/shared/rules/record-status';
import { Tag } from 'antd';

/** The statuses' colours: waiting blue, on the way cyan/green, deals gold, closed grey or red. */
export const RECORD_STATUS_COLORS: Record<RecordStatus, string> = {
  RECORDSTART: 'blue',
  RECORDSTANDBY: 'processing',
  RECORDCOMPLETE: 'cyan',
  RECORDCLOSE: 'default',
  UNVISIT: 'orange',
  VISIT: 'green',
  MAKEBARGAIN: 'gold',
  MAKEBARGAINCOMPLETE: 'success',
  MAKEBARGAINCLOSE: 'red',
};

export function RecordStatusTag({ status }: { status: RecordStatus }) {
  return (
    <Tag color={RECORD_STATUS_COLORS[status]} style={{ marginInlineEnd: 0 }}>
      {RECORD_STATUS_TEXT[status]}
    </Tag>
  );
}
