import { messages } from '@baobei/shared/messages';
import type { CustomerInput } from '@baobei/shared/schemas/record';
import { Dialog, Toast } from 'antd-mobile';
import { useMemo, useRef, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { isApiError } from '../../../lib/api-error';
import { newIdempotencyKey } from '../../../lib/idempotency-key';
import { flushOutboxSoon } from '../../../lib/outbox/outbox-send';
import { addToOutbox } from '../../../lib/outbox/outbox-store';
import { findRoute } from '@baobei/shared/routes';
import { updateDraft, clearDraft, draftToSubmit, type ReportDraft } from '../../../lib/report-draft';
import { recognizeMessage, submitRecord } from '../api/report-form-api';
import { lines } from '../components/dialog-lines';
import { useMaxCustomersPerReport } from '../model/max-customers';
import { customerToFix, maxLeadMinutes, mergeRecognized, updateCustomer, validateDraft, visitPickerBounds } from '../model/report-form';

const formText = messages.reportForm;
const reportText = messages.record;

/** Part 1, section 9: the submit button says so after 5 s of waiting. */
const SLOW_SUBMIT_MS = 5_000;
const SELECT = '/house/record/select';
const OUTBOX = findRoute('outbox').path;

/** Keeps the report in the outbox with the key it was sent with, and says so; false without a user. */
async function keepInOutbox(draft: ReportDraft, key: string): Promise<boolean> {
  if (!(await addToOutbox({ kind: 'report', key, draft, body: draftToSubmit(draft) }))) return false;
  flushOutboxSoon();
  void Dialog.alert({ title: messages.outbox.savedTitle, content: messages.outbox.saved(messages.outbox.kind.report), confirmText: messages.common.confirm });
  return true;
}

let localKey = 0;
const newKey = () => `local-${Date.now()}-${(localKey += 1)}`;

/** The selection screens the form opens (/house/record/select/house, /customer, /staff). */
export type SelectScreen = 'house' | 'customer' | 'staff';

/**
 * The report form's state and actions (part 1, sections 3 to 9) over the one draft: the
 * customer popup (adding, or editing a row by key), the visit-time picker, smart
 * recognition and the submit with its idempotency key, its slow hint and its failure
 * dialogs. The draft itself is edited through lib/report-draft.
 */
export function useReportForm(draft: ReportDraft) {
  const navigate = useNavigate();
  const [adding, setAdding] = useState(false);
  // The customer row being edited in the same popup, by key.
  const [editingKey, setEditingKey] = useState<string | null>(null);
  const [pickerOpen, setPickerOpen] = useState(false);
  const [pickerNow, setPickerNow] = useState(() => new Date());
  const [recognizeText, setRecognizeText] = useState('');
  const [recognizing, setRecognizing] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const [slow, setSlow] = useState(false);
  // One key per attempt; kept only for a retry after a network failure.
  const idempotencyKey = useRef<string | null>(null);
  const keyDraft = useRef<ReportDraft | null>(null);

  const bounds = useMemo(() => visitPickerBounds(pickerNow, maxLeadMinutes(draft.houses)), [pickerNow, draft.houses]);
  const editing = editingKey === null ? null : (draft.customers.find((c) => c.key === editingKey) ?? null);
  const popupOpen = adding || editing !== null;
  const maxCustomers = useMaxCustomersPerReport();
  const overLimit = draft.customers.length > maxCustomers;

  const openPicker = () => {
    setPickerNow(new Date());
    setPickerOpen(true);
  };

  const addCustomer = (customer: CustomerInput) => {
    if (draft.customers.length >= maxCustomers) {
      Toast.show({ content: reportText.tooManyCustomers(maxCustomers, draft.customers.length) });
      return Promise.reject(new Error('too many customers'));
    }
    return updateDraft((d) => ({ ...d, customers: [...d.customers, { ...customer, key: newKey() }] }));
  };

  const saveCustomer = (customer: CustomerInput) => {
    if (editingKey === null) return addCustomer(customer);
    const key = editingKey;
    return updateDraft((d) => updateCustomer(d, key, customer));
  };

  const closePopup = () => {
    setAdding(false);
    setEditingKey(null);
  };

  /** The gender and proof dialogs lead straight to the first customer they name. */
  const showCustomerDialog = (title: string, content: ReactNode, kind: string | undefined) => {
    const target = customerToFix(draft, kind);
    void Dialog.alert({
      title,
      content,
      confirmText: messages.common.confirm,
      onConfirm: () => {
        if (target) setEditingKey(target.key);
      },
    });
  };

  const recognize = async () => {
    const message = recognizeText.trim();
    if (!message) {
      Toast.show({ content: reportText.recognizeEmpty });
      return;
    }
    setRecognizing(true);
    try {
      const result = await recognizeMessage(message);
      let summary: Pick<ReturnType<typeof mergeRecognized>, 'added' | 'skipped'> = { added: 0, skipped: { onForm: 0, overLimit: 0, noPhone: 0 } };
      await updateDraft((d) => {
        const merged = mergeRecognized(d, result, () => newKey(), maxCustomers);
        summary = merged;
        return merged.draft;
      });
      Toast.show({ content: formText.recognized(summary.added, summary.skipped, maxCustomers) });
      setRecognizeText('');
    } catch (error) {
      if (isApiError(error) && error.handled) return;
      void Dialog.alert({
        title: reportText.recognizeFailedTitle,
        content: lines(isApiError(error) && error.msg ? error.msg : messages.common.requestException),
        confirmText: messages.common.confirm,
      });
    } finally {
      setRecognizing(false);
    }
  };

  const submit = async () => {
    const failure = validateDraft(draft, maxCustomers);
    if (failure) {
      if (failure.kind === 'message') Toast.show({ content: failure.message });
      else showCustomerDialog(failure.title, failure.message, failure.kind);
      return;
    }
    if (!idempotencyKey.current || keyDraft.current !== draft) {
      idempotencyKey.current = newIdempotencyKey();
      keyDraft.current = draft;
    }
    const key = idempotencyKey.current;
    setSubmitting(true);
    const timer = setTimeout(() => setSlow(true), SLOW_SUBMIT_MS);
    try {
      const answer = await submitRecord(draft, key);
      idempotencyKey.current = null;
      await Dialog.alert({
        title: answer.msgTitle ?? messages.recordServer.submitSuccessTitle,
        content: lines(answer.msg || messages.recordServer.submitSuccess),
        confirmText: messages.common.confirm,
      });
      await clearDraft();
      void navigate('/home?active=fky', { replace: true });
    } catch (error) {
      const network = !isApiError(error) || error.code === 0 || error.msg === messages.common.requestException;
      if (network && isApiError(error) && error.code === 0 && (await keepInOutbox(draft, key))) {
        // No answer at all: the outbox sends it when the network returns, with this key (decision 094).
        idempotencyKey.current = null;
        await clearDraft();
        void navigate(OUTBOX, { replace: true });
        return;
      }
      if (network) {
        void Dialog.alert({ title: reportText.submitExceptionTitle, content: reportText.submitException, confirmText: messages.common.confirm });
        return;
      }
      idempotencyKey.current = null;
      if (error.handled) return;
      const kind = (error.data as { kind?: string } | null)?.kind;
      const titled = kind === 'genderDialog' || kind === 'proofDialog';
      if (titled) {
        showCustomerDialog(error.msgTitle || reportText.submitFailedTitle, lines(error.msg || reportText.submitFailed), kind);
        return;
      }
      void Dialog.alert({
        title: reportText.submitFailedTitle,
        content: lines(error.msg || reportText.submitFailed),
        confirmText: messages.common.confirm,
      });
    } finally {
      clearTimeout(timer);
      setSubmitting(false);
      setSlow(false);
    }
  };

  return {
    maxCustomers,
    overLimit,
    /** The customer popup: open to add, or on the row being edited. */
    popupOpen,
    editing,
    startAdding: () => setAdding(true),
    startEditing: (key: string) => setEditingKey(key),
    closePopup,
    saveCustomer,
    /** The visit-time picker: its bounds are taken when it opens. */
    bounds,
    pickerOpen,
    openPicker,
    closePicker: () => setPickerOpen(false),
    recognizeText,
    setRecognizeText,
    recognizing,
    recognize,
    submitting,
    slow,
    submit,
    openSelect: (screen: SelectScreen) => void navigate(`${SELECT}/${screen}`),
  };
}
