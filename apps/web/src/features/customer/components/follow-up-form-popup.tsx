import { messages } from '@baobei/shared/messages';
import { CUSTOMER_PAGE_LIMITS, FOLLOW_UP_EARLIEST, FOLLOW_UP_KIND_TEXT, FOLLOW_UP_KINDS, followUpProblem, type FollowUpKind } from '@baobei/shared/rules/customer-page';
import { parseShanghaiMinute } from '@baobei/shared/rules/shanghai-time';
import type { AddFollowUpInput } from '@baobei/shared/schemas/customer-page';
import { Button, Form, Selector, TextArea, Toast } from 'antd-mobile';
import { useState } from 'react';
import { FormPopup } from '../../../components/form-popup';
import popup from '../../../components/form-popup.module.css';
import { DatePicker } from '../../../components/lazy-overlays';
import { pickerLabel, pickerToText, shanghaiToPicker } from '../../../lib/audit-visit-time';
import styles from './customer-page.module.css';

const pageText = messages.customerPage;

export interface FollowUpFormPopupProps {
  visible: boolean;
  onClose: () => void;
  /** Resolves when logged; a rejection keeps the form open (the caller says why). */
  onSubmit: (followUp: Omit<AddFollowUpInput, 'id'>) => Promise<unknown>;
}

interface Draft {
  kind: FollowUpKind | '';
  note: string;
  /** 'YYYY-MM-DD HH:mm' (Shanghai); '' is now. */
  happenedAt: string;
}

const EMPTY: Draft = { kind: 'PHONE', note: '', happenedAt: '' };

/** 写跟进: the kind (电话 by default), the note, and when (now unless picked, never later). */
export function FollowUpFormPopup({ visible, onClose, onSubmit }: FollowUpFormPopupProps) {
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [opened, setOpened] = useState(false);
  const [pickerAt, setPickerAt] = useState<Date | null>(null);
  const [saving, setSaving] = useState(false);
  if (visible !== opened) {
    setOpened(visible);
    if (visible) setDraft(EMPTY);
  }
  const set = (patch: Partial<Draft>) => setDraft((d) => ({ ...d, ...patch }));

  const save = async () => {
    const problem = followUpProblem(draft, new Date());
    if (problem) {
      Toast.show({ content: problem });
      return;
    }
    setSaving(true);
    try {
      await onSubmit({ kind: draft.kind, note: draft.note.trim(), happenedAt: draft.happenedAt });
      onClose();
    } catch {
      // The caller showed the failure; the form stays as typed.
    } finally {
      setSaving(false);
    }
  };

  return (
    <FormPopup visible={visible} title={pageText.followUpAdd} onClose={onClose} testId="follow-up-form">
      <Form layout="horizontal" className={popup.form}>
        <Form.Item label={pageText.followUpKind} layout="vertical">
          <Selector
            columns={4}
            options={FOLLOW_UP_KINDS.map((kind) => ({ label: FOLLOW_UP_KIND_TEXT[kind], value: kind }))}
            value={draft.kind ? [draft.kind] : []}
            onChange={(values: FollowUpKind[]) => set({ kind: values[0] ?? '' })}
            data-testid="follow-up-kind"
          />
        </Form.Item>
        <Form.Item label={pageText.followUpTime} clickable onClick={() => setPickerAt(new Date())} data-testid="follow-up-time">
          <span className={draft.happenedAt ? undefined : styles.weak}>{draft.happenedAt || pageText.followUpNow}</span>
        </Form.Item>
        <Form.Item label={pageText.followUpNote} layout="vertical">
          <TextArea
            value={draft.note}
            onChange={(note) => set({ note })}
            placeholder={pageText.followUpNotePlaceholder}
            maxLength={CUSTOMER_PAGE_LIMITS.note}
            showCount
            autoSize={{ minRows: 3, maxRows: 6 }}
            data-testid="follow-up-note-input"
          />
        </Form.Item>
      </Form>
      <div className={popup.actions}>
        <Button block color="primary" loading={saving} onClick={() => void save()} data-testid="follow-up-submit">
          {messages.common.confirm}
        </Button>
      </div>
      <DatePicker
        visible={pickerAt !== null}
        title={pageText.followUpTime}
        precision="minute"
        renderLabel={pickerLabel}
        min={shanghaiToPicker(parseShanghaiMinute(FOLLOW_UP_EARLIEST)!)}
        max={shanghaiToPicker(pickerAt ?? new Date())}
        defaultValue={shanghaiToPicker(pickerAt ?? new Date())}
        confirmText={messages.common.confirm}
        cancelText={messages.common.cancel}
        onClose={() => setPickerAt(null)}
        onConfirm={(value) => set({ happenedAt: pickerToText(value) })}
      />
    </FormPopup>
  );
}
