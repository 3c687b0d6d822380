import { messages } from '@baobei/shared/messages';
import { DatePicker } from '../../../components/lazy-overlays';
import { updateDraft } from '../../../lib/report-draft';
import { pickerDefault, pickerToText } from '../model/report-form';

const formText = messages.reportForm;

/** 到访时间's picker, to the minute within the bounds taken when it opened; the choice goes into the draft. */
export function ReportVisitPicker({
  visible,
  onClose,
  bounds,
  visitingTime,
}: {
  visible: boolean;
  onClose: () => void;
  bounds: { min: Date; max: Date };
  visitingTime: string;
}) {
  return (
    <DatePicker
      visible={visible}
      onClose={onClose}
      precision="minute"
      min={bounds.min}
      max={bounds.max}
      defaultValue={pickerDefault(visitingTime, bounds)}
      renderLabel={(type, value) => `${String(value).padStart(type === 'year' ? 4 : 2, '0')}${formText.pickerUnits[type as keyof typeof formText.pickerUnits] ?? ''}`}
      onConfirm={(value) => void updateDraft((d) => ({ ...d, visitingTime: pickerToText(value) }))}
      confirmText={messages.common.confirm}
      cancelText={messages.common.cancel}
      title={formText.visitTime}
      destroyOnClose
    />
  );
}
