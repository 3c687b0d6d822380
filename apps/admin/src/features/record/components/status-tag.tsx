import { adminRecordMessages as text } from '@baobei/shared/messages/admin';
import { RECORD_STATUS_TEXT, type RecordStatus } from '@baobei/shared/rules/record-status';
import type { ProtectionState } from '@baobei/shared/rules/record-view';
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

/** 保护期 (issue 28, item 4): protected green, expiring orange, expired red (the customer is free). */
const PROTECTION_COLORS: Record<ProtectionState, string> = { PROTECTED: 'green', EXPIRING: 'orange', EXPIRED: 'red' };

/** The state over its time: 至 … while it runs, … 到期 once the job ended it; a dash when time never ends it. */
export function ProtectionCell({ protection }: { protection: { state: ProtectionState; until: string } | null }) {
  if (!protection) return <span data-testid="protection-none">{text.protectionNone}</span>;
  return (
    <span style={{ whiteSpace: 'nowrap', lineHeight: 1.4, display: 'inline-block' }} data-testid="protection-cell" data-state={protection.state}>
      <Tag color={PROTECTION_COLORS[protection.state]} style={{ marginInlineEnd: 0 }}>
        {text.protectionState[protection.state]}
      </Tag>
      <br />
      <span style={{ fontSize: 12, color: 'rgba(0, 0, 0, 0.45)' }}>
        {protection.state === 'EXPIRED' ? text.protectionExpiredAt(protection.until) : text.protectionUntil(protection.until)}
      </span>
    </span>
  );
}
