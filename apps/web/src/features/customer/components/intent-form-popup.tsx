import { messages } from '@baobei/shared/messages';
import { CUSTOMER_PAGE_LIMITS, INTENT_LEVEL_TEXT, INTENT_LEVELS, intentTagProblem, type IntentLevel } from '@baobei/shared/rules/customer-page';
import type { CustomerIntent, CustomerIntentInput } from '@baobei/shared/schemas/customer-page';
import { Button, Form, Input, Selector, Tag, Toast } from 'antd-mobile';
import { useState } from 'react';
import { FormPopup } from '../../../components/form-popup';
import popup from '../../../components/form-popup.module.css';
import styles from './customer-page.module.css';

const pageText = messages.customerPage;

export interface IntentFormPopupProps {
  visible: boolean;
  intent: CustomerIntent;
  onClose: () => void;
  /** Resolves when saved; a rejection keeps the form open (the caller says why). */
  onSubmit: (intent: Omit<CustomerIntentInput, 'id'>) => Promise<unknown>;
}

/** The intention form: level (tap again to clear), budget, area, layout, and tags added one by one. */
export function IntentFormPopup({ visible, intent, onClose, onSubmit }: IntentFormPopupProps) {
  const [draft, setDraft] = useState(intent);
  const [tag, setTag] = useState('');
  const [opened, setOpened] = useState(false);
  const [saving, setSaving] = useState(false);
  // Each opening starts from the intention shown.
  if (visible !== opened) {
    setOpened(visible);
    if (visible) {
      setDraft(intent);
      setTag('');
    }
  }
  const set = (patch: Partial<CustomerIntent>) => setDraft((d) => ({ ...d, ...patch }));

  const addTag = () => {
    const problem = intentTagProblem(draft.tags, tag);
    if (problem) {
      Toast.show({ content: problem });
      return;
    }
    set({ tags: [...draft.tags, tag.trim()] });
    setTag('');
  };

  const save = async () => {
    setSaving(true);
    try {
      await onSubmit({ level: draft.level ?? '', budget: draft.budget, area: draft.area, layout: draft.layout, tags: draft.tags });
      onClose();
    } catch {
      // The caller showed the failure; the form stays as typed.
    } finally {
      setSaving(false);
    }
  };

  return (
    <FormPopup visible={visible} title={pageText.intentTitle} onClose={onClose} testId="intent-form">
      <Form layout="horizontal" className={popup.form}>
        <Form.Item label={pageText.intentLevel}>
          <Selector
            columns={3}
            options={INTENT_LEVELS.map((level) => ({ label: INTENT_LEVEL_TEXT[level], value: level }))}
            value={draft.level ? [draft.level] : []}
            onChange={(values: IntentLevel[]) => set({ level: values[0] ?? null })}
            data-testid="intent-level"
          />
        </Form.Item>
        <Form.Item label={pageText.budget}>
          <Input value={draft.budget} onChange={(budget) => set({ budget })} placeholder={pageText.budgetPlaceholder} maxLength={CUSTOMER_PAGE_LIMITS.budget} clearable data-testid="intent-budget" />
        </Form.Item>
        <Form.Item label={pageText.area}>
          <Input value={draft.area} onChange={(area) => set({ area })} placeholder={pageText.areaPlaceholder} maxLength={CUSTOMER_PAGE_LIMITS.area} clearable data-testid="intent-area" />
        </Form.Item>
        <Form.Item label={pageText.layout}>
          <Input value={draft.layout} onChange={(layout) => set({ layout })} placeholder={pageText.layoutPlaceholder} maxLength={CUSTOMER_PAGE_LIMITS.layout} clearable data-testid="intent-layout" />
        </Form.Item>
        <Form.Item label={pageText.tags}>
          <div className={styles.tagInput}>
            <Input value={tag} onChange={setTag} onEnterPress={addTag} placeholder={pageText.tagPlaceholder} data-testid="intent-tag-input" />
            <Button size="mini" color="primary" fill="outline" onClick={addTag} data-testid="intent-tag-add">
              {pageText.tagAdd}
            </Button>
          </div>
          {draft.tags.length > 0 && (
            <div className={styles.tags}>
              {draft.tags.map((t) => (
                <Tag key={t} color="primary" fill="outline" round onClick={() => set({ tags: draft.tags.filter((x) => x !== t) })} data-testid="intent-form-tag">
                  {t} ×
                </Tag>
              ))}
            </div>
          )}
        </Form.Item>
      </Form>
      <div className={popup.actions}>
        <Button block color="primary" loading={saving} onClick={() => void save()} data-testid="intent-save">
          {pageText.intentSave}
        </Button>
      </div>
    </FormPopup>
  );
}
