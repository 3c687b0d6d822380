import { messages } from '@baobei/shared/messages';
import type { RecordStatus } from '@baobei/shared/rules/record-status';
import { Button, Dialog, Toast } from 'antd-mobile';
import { useState } from 'react';
import { roleOf, useSessionStore } from '../../../lib/session/session-store';
import type { CommissionPayment } from '@baobei/shared/schemas/record-deal';
import { formatFenGrouped } from '@baobei/shared/rules/commission';
import { useAddCommissionPayment, useAdjustCommission, useEditRecordDeal, useRecordDeal, useReverseCommissionPayment, useSubmitRecordDeal } from '../api/record-deal';
import { canRecordDeal, dealActions, dealCallFailure } from '../model/deal-card';
import { lazyWhenOpen } from '../../../components/lazy-when-open';
import type { AdjustPopupProps, EditDealPopupProps, PaymentPopupProps, RecordDealPopupProps, ReversePopupProps } from './deal-forms';
import { DealCard } from './deal-card';
import styles from './deal-card.module.css';

const text = messages.deal;

type Open = 'adjust' | 'pay' | 'record' | 'edit' | null;

// The forms load when first opened (decision 033): their popups, inputs and zod stay out of the page's first load.
const loadForms = () => import('./deal-forms');
const AdjustCommissionPopup = lazyWhenOpen<AdjustPopupProps>(() => loadForms().then((m) => m.AdjustCommissionPopup));
const CommissionPaymentPopup = lazyWhenOpen<PaymentPopupProps>(() => loadForms().then((m) => m.CommissionPaymentPopup));
const RecordDealPopup = lazyWhenOpen<RecordDealPopupProps>(() => loadForms().then((m) => m.RecordDealPopup));
const EditDealPopup = lazyWhenOpen<EditDealPopupProps>(() => loadForms().then((m) => m.EditDealPopup));
const ReversePaymentPopup = lazyWhenOpen<ReversePopupProps>(() => loadForms().then((m) => m.ReversePaymentPopup));

/**
 * The deal card of a report (detail and audit page; decision 052) with the auditor admin's
 * 调整佣金, 登记结佣, 修改成交 and 冲销 (decision 080) and the auditor's 录入成交. The endpoint decides who may see it: whatever
 * it answers is shown; no deal, nothing (an auditor of a 成交/确认成交 report: 录入成交).
 * app/ hands it to features/tracking's detail and audit pages (their `DealSection`).
 */
export function DealSection({ record }: { record: { id: number; approvalStatus: RecordStatus; permission: number } }) {
  const role = useSessionStore((s) => roleOf(s.userInfo));
  const query = useRecordDeal(record.id);
  const [open, setOpen] = useState<Open>(null);
  const submitDeal = useSubmitRecordDeal();
  const adjust = useAdjustCommission();
  const pay = useAddCommissionPayment();
  const editDeal = useEditRecordDeal();
  const reverse = useReverseCommissionPayment();
  const [reversing, setReversing] = useState<CommissionPayment | null>(null);
  const close = () => {
    setOpen(null);
    setReversing(null);
  };

  /** The server's answer: its message as a toast; a refusal stays in the form; 409 alerts, reloads and closes. */
  const send = async (task: () => Promise<{ msg: string }>): Promise<{ ok: true } | { ok: false; message: string | null }> => {
    try {
      const answer = await task();
      if (answer.msg) Toast.show({ content: answer.msg });
      return { ok: true };
    } catch (e) {
      const failure = dealCallFailure(e);
      if (!failure) return { ok: false, message: null };
      if (!failure.stale) return { ok: false, message: failure.message };
      close();
      await Dialog.alert({ content: failure.message, confirmText: messages.common.confirm });
      void query.refetch();
      return { ok: false, message: null };
    }
  };

  if (query.isError) {
    return (
      <button type="button" className={`${styles.card} ${styles.loadError}`} onClick={() => void query.refetch()} data-testid="deal-load-error">
        {text.card.loadFailed}
      </button>
    );
  }
  const deal = query.data?.deal;
  if (deal === undefined) return null;

  if (deal === null) {
    if (!canRecordDeal(role, record, false)) return null;
    return (
      <section className={styles.card} data-testid="deal-none">
        <div className={styles.head}>
          <h3 className={styles.title}>{text.card.title}</h3>
        </div>
        <p className={styles.empty}>{text.card.noDeal}</p>
        <Button block color="primary" onClick={() => setOpen('record')} data-testid="deal-record">
          {text.card.record}
        </Button>
        <RecordDealPopup
          visible={open === 'record'}
          onClose={close}
          onSubmit={({ deal: fields, key }) => send(() => submitDeal.mutateAsync({ body: { ...fields, id: record.id }, key }))}
        />
      </section>
    );
  }

  const actions = dealActions(role, deal);
  return (
    <>
      <DealCard
        deal={deal}
        onAdjust={actions.canAdjust ? () => setOpen('adjust') : undefined}
        onPay={actions.canPay ? () => setOpen('pay') : undefined}
        onEdit={actions.canEdit ? () => setOpen('edit') : undefined}
        onReverse={actions.canReverse ? setReversing : undefined}
      />
      {actions.canEdit && (
        <EditDealPopup
          visible={open === 'edit'}
          deal={deal}
          onClose={close}
          onSubmit={(body) =>
            send(async () => {
              const answer = await editDeal.mutateAsync(body);
              // The commission recomputed: old → new beside the server's message.
              const moved = answer.data.commissionFen !== deal.commissionFen;
              return { msg: moved ? `${answer.msg}；${text.editForm.commissionChange(formatFenGrouped(deal.commissionFen), formatFenGrouped(answer.data.commissionFen))}` : answer.msg };
            })
          }
        />
      )}
      {actions.canReverse && <ReversePaymentPopup visible={reversing !== null} deal={deal} payment={reversing} onClose={close} onSubmit={(body) => send(() => reverse.mutateAsync(body))} />}
      {actions.canAdjust && (
        <AdjustCommissionPopup visible={open === 'adjust'} deal={deal} onClose={close} onSubmit={(body) => send(() => adjust.mutateAsync(body))} />
      )}
      {actions.canPay && (
        <CommissionPaymentPopup visible={open === 'pay'} deal={deal} onClose={close} onSubmit={(vars) => send(() => pay.mutateAsync(vars))} />
      )}
    </>
  );
}
