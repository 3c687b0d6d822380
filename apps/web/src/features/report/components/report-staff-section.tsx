import { messages } from '@baobei/shared/messages';
import { Form, Input, TextArea } from 'antd-mobile';
import { updateDraft, type ReportDraft } from '../../../lib/report-draft';
import styles from './report-form.module.css';

const formText = messages.reportForm;

/** 带看人: the viewing person's name (or 选择带看人) and phone, the reception and the remark. */
export function ReportStaffSection({
  draft,
  onSelect,
}: {
  draft: Pick<ReportDraft, 'dkStaffName' | 'dkStaffPhone' | 'reception' | 'remark'>;
  onSelect: () => void;
}) {
  return (
    <Form layout="horizontal" className={styles.section}>
      <Form.Header>{formText.dkStaff}</Form.Header>
      <Form.Item
        label={formText.dkStaffName}
        extra={
          <button type="button" className={styles.link} onClick={onSelect} data-testid="report-select-staff">
            {formText.selectStaff}
          </button>
        }
      >
        <Input
          value={draft.dkStaffName}
          onChange={(dkStaffName) => void updateDraft((d) => ({ ...d, dkStaffName }))}
          placeholder={formText.dkStaffNamePlaceholder}
          maxLength={30}
          clearable
          data-testid="report-dk-name"
        />
      </Form.Item>
      <Form.Item label={formText.dkStaffPhone}>
        <Input
          value={draft.dkStaffPhone}
          onChange={(dkStaffPhone) => void updateDraft((d) => ({ ...d, dkStaffPhone }))}
          placeholder={formText.dkStaffPhonePlaceholder}
          type="tel"
          maxLength={11}
          clearable
          data-testid="report-dk-phone"
        />
      </Form.Item>
      <Form.Item label={formText.reception}>
        <Input
          value={draft.reception}
          onChange={(reception) => void updateDraft((d) => ({ ...d, reception }))}
          placeholder={formText.receptionPlaceholder}
          maxLength={30}
          clearable
          data-testid="report-reception"
        />
      </Form.Item>
      <Form.Item label={formText.remark} layout="vertical">
        <TextArea
          value={draft.remark}
          onChange={(remark) => void updateDraft((d) => ({ ...d, remark }))}
          placeholder={formText.remarkPlaceholder}
          rows={3}
          maxLength={200}
          showCount
          data-testid="report-remark"
        />
      </Form.Item>
    </Form>
  );
}
