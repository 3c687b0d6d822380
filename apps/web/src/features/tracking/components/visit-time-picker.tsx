import { messages } from '@baobei/shared/messages';
import { Toast } from 'antd-mobile';
import { useMemo } from 'react';
import { DatePicker } from '../../../components/lazy-overlays';
import { auditVisitBounds, pickerLabel, pickerToText } from '../../../lib/audit-visit-time';

const recordText = messages.recordTrack;

export interface VisitTimePickerProps {
  /** When the picker opened (null: closed); its bounds run from 2020-01-01 to that minute. */
  openedAt: Date | null;
  onClose: () => void;
  /** The chosen time as 'YYYY-MM-DD HH:mm'. */
  onPick: (visitTime: string) => void;
}

/** 已到访's visit time (part 2, section 4): required, so cancelling says 请选择到访时间. */
export function VisitTimePicker({ openedAt, onClose, onPick }: VisitTimePickerProps) {
  const bounds = useMemo(() => auditVisitBounds(openedAt ?? new Date()), [openedAt]);
  return (
    <DatePicker
      visible={openedAt !== null}
      title={recordText.fieldVisitTime}
      precision="minute"
      renderLabel={pickerLabel}
      min={bounds.min}
      max={bounds.max}
      defaultValue={bounds.max}
      confirmText={messages.common.confirm}
      cancelText={messages.common.cancel}
      onClose={onClose}
      onCancel={() => Toast.show({ content: recordText.visitTimeRequired })}
      onConfirm={(value) => onPick(pickerToText(value))}
    />
  );
}
