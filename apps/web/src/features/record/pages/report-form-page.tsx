import { messages } from '@baobei/shared/messages';
import { protectionModeMessages } from '@baobei/shared/messages/protection-mode';
import { protectionModeRule } from '@baobei/shared/rules/record-submit';
import type { CustomerInput } from '@baobei/shared/schemas/record';
import { Button, Dialog, Form, Input, List, Stepper, Tag, TextArea, Toast } from 'antd-mobile';
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useNavigate, useParams } from 'react-router';
import { AddCustomerPopup } from '../../../components/add-customer-popup';
import { DatePicker } from '../../../components/lazy-overlays';
import { Page } from '../../../components/page';
import { PageLoading } from '../../../components/page-loading';
import { isApiError } from '../../../lib/api-error';
import { newIdempotencyKey } from '../../../lib/idempotency-key';
import { useMaxCustomersPerReport } from '../model/max-customers';
import { clearDraft, updateDraft, type ReportDraft } from '../model/report-draft';
import { recognizeMessage, submitRecord } from '../api/report-form-api';
import {
  customerToFix,
  houseRecordPath,
  maskedAllowed,
  maxLeadMinutes,
  mergeRecognized,
  otherPhones,
  pickerDefault,
  pickerToText,
  updateCustomer,
  validateDraft,
  visitPickerBounds,
} from '../model/report-form';
import { useFormDraft } from '../hooks/use-form-draft';
import styles from './report-form-page.module.css';

const formText = messages.reportForm;
const reportText = messages.record;

/** Part 1, section 9: the submit button says so after 5 s of waiting. */
const SLOW_SUBMIT_MS = 5_000;
const SELECT = '/house/record/select';

let localKey = 0;
const newKey = () => `local-${Date.now()}-${(localKey += 1)}`;

function lines(text: string): ReactNode {
  return <div className={styles.lines}>{text}</div>;
}

function sexLabel(sex: number | null): string {
  if (sex === 1) return formText.sexMale;
  if (sex === 2) return formText.sexFemale;
  return formText.sexUnknown;
}

function change(apply: (draft: ReportDraft) => ReportDraft) {
  void updateDraft(apply);
}

function ReportForm({ draft }: { draft: ReportDraft }) {
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
    setSubmitting(true);
    const timer = setTimeout(() => setSlow(true), SLOW_SUBMIT_MS);
    try {
      const answer = await submitRecord(draft, idempotencyKey.current);
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

  const footer = (
    <Button
      block
      color="primary"
      size="large"
      loading={submitting}
      loadingText={slow ? reportText.submitSlow : undefined}
      onClick={() => void submit()}
      data-testid="report-submit"
    >
      {formText.submit}
    </Button>
  );

  return (
    <Page footer={footer} backFallback="/home">
      <div className={styles.form} data-testid="report-form" data-form-path={draft.formPath}>
        <List header={formText.houses} className={styles.section}>
          <List.Item
            extra={<span className={styles.link}>{formText.selectHouse}</span>}
            onClick={() => void navigate(`${SELECT}/house`)}
            arrow
            data-testid="report-select-house"
          >
            {draft.houses.length === 0 ? (
              <span className={styles.placeholder}>{formText.housesEmpty}</span>
            ) : (
              <div className={styles.tags} data-testid="report-houses">
                {draft.houses.map((h) => (
                  <Tag key={h.id} color="primary" fill="outline" className={styles.tag}>
                    {h.name}
                    <button
                      type="button"
                      className={styles.tagRemove}
                      aria-label={`${formText.removeCustomer} ${h.name}`}
                      onClick={(event) => {
                        event.stopPropagation();
                        change((d) => ({ ...d, houses: d.houses.filter((x) => x.id !== h.id) }));
                      }}
                    >
                      ×
                    </button>
                  </Tag>
                ))}
              </div>
            )}
          </List.Item>
          {/*
            Each chosen listing's rules: who keeps its customers, 报备为王 or 到访为王 (decision 053),
            and how its phones are entered and compared, 全号 or 隐号 (issue 28 item 7).
          */}
          {draft.houses.length > 0 && (
            <div className={styles.modes} data-testid="report-protection-modes">
              {draft.houses.map((h) => (
                <div key={h.id} data-testid="report-house-rules" data-house-id={h.id}>
                  {h.protectionMode && (
                    <p className={h.protectionMode === 'VISIT_FIRST' ? styles.modeVisitFirst : styles.mode}>
                      {protectionModeMessages.houseLine(h.name, protectionModeRule(h.protectionMode))}
                    </p>
                  )}
                  <p className={styles.mode} data-testid="report-phone-rule" data-rule-tel={h.ruleTel}>
                    {/* The listing's name once, on its first line. */}
                    {h.protectionMode ? messages.house.ruleTelLine[h.ruleTel] : protectionModeMessages.houseLine(h.name, messages.house.ruleTelLine[h.ruleTel])}
                  </p>
                </div>
              ))}
            </div>
          )}
        </List>

        <List className={styles.section}>
          <List.Item
            prefix={<span className={styles.label}>{formText.visitTime}</span>}
            onClick={openPicker}
            arrow
            description={formText.visitTimeHint(pickerToText(bounds.min))}
            data-testid="report-visit-time"
          >
            {draft.visitingTime ? (
              <span data-testid="report-visit-time-value">{draft.visitingTime}</span>
            ) : (
              <span className={styles.placeholder}>{formText.visitTimePlaceholder}</span>
            )}
          </List.Item>
          <List.Item
            className={styles.stepperRow}
            prefix={<span className={styles.label}>{formText.visitorNum}</span>}
            extra={
              <Stepper
                // Emptied stays empty (请填写到访人数), 0 stays 0 (到访人数最少一人，请修改).
                allowEmpty
                min={0}
                max={99}
                digits={0}
                value={draft.visitorNum}
                onChange={(value) => change((d) => ({ ...d, visitorNum: value }))}
                data-testid="report-visitor-num"
              />
            }
          />
        </List>

        <List
          header={
            <div className={styles.sectionHead}>
              <span>{formText.customers}</span>
              <span className={overLimit ? styles.countOver : styles.count} data-testid="report-customer-count">
                {formText.customerCount(draft.customers.length, maxCustomers)}
              </span>
            </div>
          }
          className={styles.section}
        >
          {draft.customers.length === 0 && (
            <List.Item>
              <span className={styles.placeholder}>{formText.customersEmpty}</span>
            </List.Item>
          )}
          {draft.customers.map((c) => (
            <List.Item
              key={c.key}
              data-testid="report-customer"
              onClick={() => setEditingKey(c.key)}
              arrow={false}
              description={
                <span>
                  {c.phone}
                  {c.customerPic.length > 0 && <span className={styles.pics}>{formText.picCount(c.customerPic.length)}</span>}
                </span>
              }
              extra={
                <button
                  type="button"
                  className={styles.remove}
                  data-testid="report-customer-remove"
                  onClick={(event) => {
                    event.stopPropagation();
                    change((d) => ({ ...d, customers: d.customers.filter((x) => x.key !== c.key) }));
                  }}
                >
                  {formText.removeCustomer}
                </button>
              }
            >
              {c.name}
              <span className={c.sex === 1 || c.sex === 2 ? styles.sex : styles.sexMissing}>{sexLabel(c.sex)}</span>
            </List.Item>
          ))}
          {overLimit && (
            <List.Item>
              <span className={styles.limit}>{reportText.tooManyCustomers(maxCustomers, draft.customers.length)}</span>
            </List.Item>
          )}
          <List.Item>
            <div className={styles.actions}>
              <Button size="small" color="primary" fill="outline" onClick={() => setAdding(true)} data-testid="report-add-customer">
                {formText.addCustomer}
              </Button>
              <Button
                size="small"
                color="primary"
                fill="outline"
                onClick={() => void navigate(`${SELECT}/customer`)}
                data-testid="report-select-customer"
              >
                {formText.selectCustomer}
              </Button>
            </div>
          </List.Item>
        </List>

        <List header={formText.recognize} className={styles.section}>
          <List.Item>
            <TextArea
              value={recognizeText}
              onChange={setRecognizeText}
              placeholder={formText.recognizePlaceholder}
              rows={3}
              maxLength={5000}
              data-testid="report-recognize-text"
            />
            <div className={styles.recognizeActions}>
              <Button size="small" color="primary" loading={recognizing} onClick={() => void recognize()} data-testid="report-recognize">
                {formText.recognizeButton}
              </Button>
            </div>
          </List.Item>
        </List>

        <Form layout="horizontal" className={styles.section}>
          <Form.Header>{formText.dkStaff}</Form.Header>
          <Form.Item
            label={formText.dkStaffName}
            extra={
              <button type="button" className={styles.link} onClick={() => void navigate(`${SELECT}/staff`)} data-testid="report-select-staff">
                {formText.selectStaff}
              </button>
            }
          >
            <Input
              value={draft.dkStaffName}
              onChange={(dkStaffName) => change((d) => ({ ...d, dkStaffName }))}
              placeholder={formText.dkStaffNamePlaceholder}
              maxLength={30}
              clearable
              data-testid="report-dk-name"
            />
          </Form.Item>
          <Form.Item label={formText.dkStaffPhone}>
            <Input
              value={draft.dkStaffPhone}
              onChange={(dkStaffPhone) => change((d) => ({ ...d, dkStaffPhone }))}
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
              onChange={(reception) => change((d) => ({ ...d, reception }))}
              placeholder={formText.receptionPlaceholder}
              maxLength={30}
              clearable
              data-testid="report-reception"
            />
          </Form.Item>
          <Form.Item label={formText.remark} layout="vertical">
            <TextArea
              value={draft.remark}
              onChange={(remark) => change((d) => ({ ...d, remark }))}
              placeholder={formText.remarkPlaceholder}
              rows={3}
              maxLength={200}
              showCount
              data-testid="report-remark"
            />
          </Form.Item>
        </Form>
      </div>

      <DatePicker
        visible={pickerOpen}
        onClose={() => setPickerOpen(false)}
        precision="minute"
        min={bounds.min}
        max={bounds.max}
        defaultValue={pickerDefault(draft.visitingTime, bounds)}
        renderLabel={(type, value) => `${String(value).padStart(type === 'year' ? 4 : 2, '0')}${formText.pickerUnits[type as keyof typeof formText.pickerUnits] ?? ''}`}
        onConfirm={(value) => change((d) => ({ ...d, visitingTime: pickerToText(value) }))}
        confirmText={messages.common.confirm}
        cancelText={messages.common.cancel}
        title={formText.visitTime}
        destroyOnClose
      />

      <AddCustomerPopup
        visible={popupOpen}
        onClose={closePopup}
        existingPhones={otherPhones(draft, editing?.key ?? null)}
        maskedAllowed={maskedAllowed(draft.houses)}
        onSubmit={saveCustomer}
        initial={editing}
      />
    </Page>
  );
}

function ReportFormRoute({ formPath, houseId }: { formPath: string; houseId: number | null }) {
  const { draft, houseFailed } = useFormDraft(formPath, houseId);
  useEffect(() => {
    if (houseFailed) Toast.show({ content: houseFailed });
  }, [houseFailed]);
  if (!draft) {
    return (
      <Page backFallback="/home">
        <PageLoading />
      </Page>
    );
  }
  return <ReportForm draft={draft} />;
}

/** /house/record/:id 报备客户: a report starting with that listing. */
export function HouseRecordPage() {
  const { id } = useParams();
  const houseId = Number(id);
  const valid = Number.isInteger(houseId) && houseId > 0;
  return (
    <ReportFormRoute key={id} formPath={valid ? houseRecordPath(houseId) : '/rapid/record'} houseId={valid ? houseId : null} />
  );
}

/** /rapid/record 快速报备: a report starting empty. */
export function RapidRecordPage() {
  return <ReportFormRoute formPath="/rapid/record" houseId={null} />;
}
