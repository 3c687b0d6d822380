import { messages } from '@baobei/shared/messages';
import { formatFenGrouped } from '@baobei/shared/rules/commission';
import { shanghaiDay } from '@baobei/shared/rules/shanghai-time';
import { INVOICE_NO_MAX, type CommissionPayment, type Deal } from '@baobei/shared/schemas/record-deal';
import { Button, Dialog, Form, Input, TextArea } from 'antd-mobile';
import { useRef, useState } from 'react';
import popup from '../../../components/form-popup.module.css';
import { FormPopup } from '../../../components/form-popup';
import { DatePicker } from '../../../components/lazy-overlays';
import { createIdempotencyKeeper } from '../../../lib/idempotency-key';
import { pickerLabel } from '../../../lib/audit-visit-time';
import { dealInput, EMPTY_DEAL, type DealDraft } from '../../../lib/deal-form';
import { adjustInput, editDraftOf, editInput, paymentInput, reverseInput, type AdjustDraft, type EditInput, type PaymentDraft } from '../model/commission-forms';
import { DealFormCard } from '../../../components/deal-form-card';
import styles from './deal-card.module.css';

const text = messages.deal;
const yuan = (fen: number) => text.card.yuan(formatFenGrouped(fen));

/** The form's answer: null when it was taken (the form closes), else the message it shows (or null after a reload). */
export type FormSubmit<T> = (value: T) => Promise<{ ok: true } | { ok: false; message: string | null }>;

/** Sends once at a time (a double tap sends once); shows the refusal under the fields. */
function useSubmitOnce() {
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const running = useRef(false);
  const run = async (task: () => Promise<{ ok: true } | { ok: false; message: string | null }>, onDone: () => void) => {
    if (running.current) return;
    running.current = true;
    setBusy(true);
    try {
      const answer = await task();
      if (answer.ok) onDone();
      else setError(answer.message);
    } finally {
      running.current = false;
      setBusy(false);
    }
  };
  return { error, setError, busy, run };
}

function FormError({ message }: { message: string | null }) {
  return message ? (
    <div className={styles.formError} role="alert" data-testid="deal-form-error">
      {message}
    </div>
  ) : null;
}

export interface AdjustPopupProps {
  visible: boolean;
  deal: Deal;
  onClose: () => void;
  onSubmit: FormSubmit<ReturnType<typeof adjustInput>['input'] & object>;
}

/** 调整佣金 (AUDITORADMIN): the new amount and a reason, at the version the card shows. */
export function AdjustCommissionPopup(props: AdjustPopupProps) {
  return (
    <FormPopup visible={props.visible} title={text.adjustForm.title} onClose={props.onClose} testId="deal-adjust-form">
      <AdjustForm {...props} />
    </FormPopup>
  );
}

function AdjustForm({ deal, onClose, onSubmit }: AdjustPopupProps) {
  const [draft, setDraft] = useState<AdjustDraft>({ amount: '', reason: '' });
  const { error, setError, busy, run } = useSubmitOnce();
  const submit = () =>
    run(async () => {
      const checked = adjustInput(deal, draft);
      if (!checked.input) return { ok: false, message: checked.problem };
      return onSubmit(checked.input);
    }, onClose);
  return (
    <>
      <div className={styles.formHint}>
        {text.adjustForm.current} {yuan(deal.commissionFen)} · {text.adjustForm.paid} {yuan(deal.paidFen)}
      </div>
      <Form layout="horizontal" className={`${popup.form} ${styles.wideLabels}`}>
        <Form.Item label={text.adjustForm.amount}>
          <Input
            value={draft.amount}
            onChange={(amount) => {
              setDraft((d) => ({ ...d, amount }));
              setError(null);
            }}
            placeholder={text.form.placeholder}
            inputMode="decimal"
            maxLength={16}
            clearable
            data-testid="deal-adjust-amount"
          />
        </Form.Item>
        <ReasonItem
          label={text.adjustForm.reason}
          placeholder={text.adjustForm.reasonPlaceholder}
          value={draft.reason}
          onChange={(reason) => {
            setDraft((d) => ({ ...d, reason }));
            setError(null);
          }}
          testId="deal-adjust-reason-input"
        />
      </Form>
      <FormError message={error} />
      <div className={popup.actions}>
        <Button block color="primary" loading={busy} onClick={() => void submit()} data-testid="deal-adjust-submit">
          {text.adjustForm.submit}
        </Button>
      </div>
    </>
  );
}

/** YYYY-MM-DD as a local calendar day (the picker's fields). */
const dayToDate = (day: string) => {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(y, m - 1, d);
};
const dateToDay = (value: Date) =>
  `${value.getFullYear()}-${String(value.getMonth() + 1).padStart(2, '0')}-${String(value.getDate()).padStart(2, '0')}`;

export interface PaymentPopupProps {
  visible: boolean;
  deal: Deal;
  onClose: () => void;
  /** `key`: the open form's Idempotency-Key for this payload. */
  onSubmit: FormSubmit<{ body: ReturnType<typeof paymentInput>['input'] & object; key: string }>;
}

/** 登记结佣 (AUDITORADMIN): amount, day (signing day to today, today by default), reference and 发票号. */
export function CommissionPaymentPopup(props: PaymentPopupProps) {
  return (
    <FormPopup visible={props.visible} title={text.payForm.title} onClose={props.onClose} testId="deal-pay-form">
      <PaymentForm {...props} />
    </FormPopup>
  );
}

function PaymentForm({ deal, onClose, onSubmit }: PaymentPopupProps) {
  const today = shanghaiDay(new Date());
  const [draft, setDraft] = useState<PaymentDraft>({ amount: '', paidOn: today, reference: '', invoiceNo: '' });
  const [dateOpen, setDateOpen] = useState(false);
  // One key per open form and payload: a retry of the same payment replays, a changed one is new.
  const keyFor = useRef(createIdempotencyKeeper()).current;
  const { error, setError, busy, run } = useSubmitOnce();
  const set = (patch: Partial<PaymentDraft>) => {
    setDraft((d) => ({ ...d, ...patch }));
    setError(null);
  };
  const submit = () =>
    run(async () => {
      const checked = paymentInput(deal, draft);
      if (!checked.input) return { ok: false, message: checked.problem };
      return onSubmit({ body: checked.input, key: keyFor(checked.input) });
    }, onClose);
  return (
    <>
      <div className={styles.formHint} data-testid="deal-pay-left">
        {text.payForm.left} {yuan(deal.leftFen)}
      </div>
      <Form layout="horizontal" className={`${popup.form} ${styles.wideLabels}`}>
        <Form.Item label={text.payForm.amount}>
          <Input
            value={draft.amount}
            onChange={(amount) => set({ amount })}
            placeholder={text.form.placeholder}
            inputMode="decimal"
            maxLength={16}
            clearable
            data-testid="deal-pay-amount"
          />
        </Form.Item>
        <Form.Item label={text.payForm.paidOn} clickable onClick={() => setDateOpen(true)} data-testid="deal-pay-paidOn">
          {draft.paidOn || <span className={styles.muted}>{text.form.choose}</span>}
        </Form.Item>
        <Form.Item label={text.payForm.reference}>
          <Input
            value={draft.reference}
            onChange={(reference) => set({ reference })}
            placeholder={text.payForm.referencePlaceholder}
            maxLength={100}
            clearable
            data-testid="deal-pay-reference"
          />
        </Form.Item>
        <Form.Item label={text.payForm.invoiceNo}>
          <Input
            value={draft.invoiceNo}
            onChange={(invoiceNo) => set({ invoiceNo })}
            placeholder={text.payForm.invoiceNoPlaceholder}
            maxLength={INVOICE_NO_MAX}
            clearable
            data-testid="deal-pay-invoice"
          />
        </Form.Item>
      </Form>
      <FormError message={error} />
      <div className={popup.actions}>
        <Button block color="primary" loading={busy} onClick={() => void submit()} data-testid="deal-pay-submit">
          {text.payForm.submit}
        </Button>
      </div>
      <DatePicker
        visible={dateOpen}
        title={text.payForm.paidOn}
        precision="day"
        min={dayToDate(deal.signedOn)}
        max={dayToDate(today)}
        defaultValue={dayToDate(draft.paidOn || today)}
        renderLabel={pickerLabel}
        confirmText={messages.common.confirm}
        cancelText={messages.common.cancel}
        onClose={() => setDateOpen(false)}
        onConfirm={(day) => set({ paidOn: dateToDay(day) })}
      />
    </>
  );
}

export interface RecordDealPopupProps {
  visible: boolean;
  onClose: () => void;
  onSubmit: FormSubmit<{ deal: NonNullable<ReturnType<typeof dealInput>['input']>; key: string }>;
}

/** 录入成交: the audit page's deal form (DealFormCard) for a report already at 成交 or 确认成交. */
export function RecordDealPopup(props: RecordDealPopupProps) {
  return (
    <FormPopup visible={props.visible} title={text.recordForm.title} onClose={props.onClose} testId="deal-record-form">
      <RecordDealForm {...props} />
    </FormPopup>
  );
}

function RecordDealForm({ onClose, onSubmit }: RecordDealPopupProps) {
  const [draft, setDraft] = useState<DealDraft>(EMPTY_DEAL);
  const [uploading, setUploading] = useState(false);
  const keyFor = useRef(createIdempotencyKeeper()).current;
  const { error, setError, busy, run } = useSubmitOnce();
  const submit = () =>
    run(async () => {
      if (uploading) return { ok: false, message: text.form.uploading };
      const checked = dealInput(draft);
      if (!checked.input) return { ok: false, message: checked.problem };
      return onSubmit({ deal: checked.input, key: keyFor(checked.input) });
    }, onClose);
  return (
    <>
      <DealFormCard
        value={draft}
        onChange={(next) => {
          setDraft(next);
          setError(null);
        }}
        onUploadingChange={setUploading}
      />
      <FormError message={error} />
      <div className={popup.actions}>
        <Button block color="primary" loading={busy} onClick={() => void submit()} data-testid="deal-record-submit">
          {text.recordForm.submit}
        </Button>
      </div>
    </>
  );
}

export interface EditDealPopupProps {
  visible: boolean;
  deal: Deal;
  onClose: () => void;
  onSubmit: FormSubmit<EditInput>;
}

/**
 * 修改成交 (the auditor admin; decision 080): the deal's fields as they are, the contract
 * replaceable by an upload of one's own (the phone's proof upload), and a required reason.
 */
export function EditDealPopup(props: EditDealPopupProps) {
  return (
    <FormPopup visible={props.visible} title={text.editForm.title} onClose={props.onClose} testId="deal-edit-form">
      <EditDealForm {...props} />
    </FormPopup>
  );
}

function EditDealForm({ deal, onClose, onSubmit }: EditDealPopupProps) {
  const [draft, setDraft] = useState<DealDraft>(() => editDraftOf(deal));
  const [reason, setReason] = useState('');
  const [uploading, setUploading] = useState(false);
  const { error, setError, busy, run } = useSubmitOnce();
  const submit = () =>
    run(async () => {
      if (uploading) return { ok: false, message: text.form.uploading };
      const checked = editInput(deal, draft, reason);
      if (!checked.input) return { ok: false, message: checked.problem };
      return onSubmit(checked.input);
    }, onClose);
  return (
    <>
      <div className={styles.formHint}>{text.editForm.hint}</div>
      <DealFormCard
        value={draft}
        onChange={(next) => {
          setDraft(next);
          setError(null);
        }}
        onUploadingChange={setUploading}
      />
      <Form layout="vertical" className={popup.form}>
        <ReasonItem
          label={text.editForm.reason}
          placeholder={text.editForm.reasonPlaceholder}
          value={reason}
          rows={2}
          onChange={(v) => {
            setReason(v);
            setError(null);
          }}
          testId="deal-edit-reason"
        />
      </Form>
      <FormError message={error} />
      <div className={popup.actions}>
        <Button block color="primary" loading={busy} onClick={() => void submit()} data-testid="deal-edit-submit">
          {text.editForm.submit}
        </Button>
      </div>
    </>
  );
}

export interface ReversePopupProps {
  visible: boolean;
  deal: Deal;
  /** The payment to reverse; null: closed. */
  payment: CommissionPayment | null;
  onClose: () => void;
  onSubmit: FormSubmit<{ id: number; paymentId: number; reason: string }>;
}

/** 冲销 one payment (the auditor admin; decision 080): a reason, then a confirmation of what it does. */
export function ReversePaymentPopup(props: ReversePopupProps) {
  return (
    <FormPopup visible={props.visible && props.payment !== null} title={props.payment ? text.reverseForm.title(formatFenGrouped(props.payment.amountFen)) : ''} onClose={props.onClose} testId="deal-reverse-form">
      {props.payment ? <ReverseForm {...props} payment={props.payment} /> : null}
    </FormPopup>
  );
}

function ReverseForm({ deal, payment, onClose, onSubmit }: ReversePopupProps & { payment: CommissionPayment }) {
  const [reason, setReason] = useState('');
  const { error, setError, busy, run } = useSubmitOnce();
  const submit = () =>
    run(async () => {
      const checked = reverseInput(deal, payment.id, reason);
      if (!checked.input) return { ok: false, message: checked.problem };
      const sure = await Dialog.confirm({ content: text.reverseForm.confirm(formatFenGrouped(payment.amountFen)), confirmText: text.reverseForm.submit, cancelText: messages.common.cancel });
      if (!sure) return { ok: false, message: null };
      return onSubmit(checked.input);
    }, onClose);
  return (
    <>
      <div className={`${styles.formHint} ${styles.warnHint}`}>{text.reverseForm.hint}</div>
      <Form layout="vertical" className={popup.form}>
        <ReasonItem
          label={text.reverseForm.reason}
          placeholder={text.reverseForm.reasonPlaceholder}
          value={reason}
          onChange={(v) => {
            setReason(v);
            setError(null);
          }}
          testId="deal-reverse-reason"
        />
      </Form>
      <FormError message={error} />
      <div className={popup.actions}>
        <Button block color="danger" loading={busy} onClick={() => void submit()} data-testid="deal-reverse-submit">
          {text.reverseForm.submit}
        </Button>
      </div>
    </>
  );
}

/** A change's reason (调整, 修改成交, 冲销): the server requires it, at most 200 characters. */
function ReasonItem(props: { label: string; placeholder: string; value: string; onChange: (value: string) => void; testId: string; rows?: number }) {
  return (
    <Form.Item label={props.label}>
      <TextArea
        value={props.value}
        onChange={props.onChange}
        placeholder={props.placeholder}
        rows={props.rows ?? 3}
        maxLength={200}
        showCount
        data-testid={props.testId}
      />
    </Form.Item>
  );
}
