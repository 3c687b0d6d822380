import { api } from '@baobei/shared/contract';
import type { CallInput } from '@baobei/shared/contract/endpoint';
import type { Deal } from '@baobei/shared/schemas/record-deal';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callAnswer, call, type ApiAnswer } from '../../../lib/api-client';
import { dealKeys } from './query-keys';

/**
 * A report's deal and its commission (issue 17, item 5; decision 052): read by whoever may see
 * the report, recorded by its auditor, adjusted and paid by the auditor admin. Quiet: the card
 * and its forms say what went wrong themselves.
 */
export function getRecordDeal(id: number, signal?: AbortSignal): Promise<{ deal: Deal | null }> {
  return call(api.recordDeal.getRecordDeal, { body: { id } }, { signal, quiet: true });
}

export function recordDealQueryOptions(id: number) {
  return queryOptions({ queryKey: dealKeys.deal(id), queryFn: ({ signal }) => getRecordDeal(id, signal) });
}

export function useRecordDeal(id: number) {
  return useQuery({ ...recordDealQueryOptions(id), enabled: id > 0 });
}

type Body<K extends 'submitRecordDeal' | 'adjustRecordCommission' | 'addCommissionPayment' | 'editRecordDeal' | 'reverseCommissionPayment'> = CallInput<(typeof api.recordDeal)[K]>['body'];

export type DealSubmitBody = Body<'submitRecordDeal'>;
export type CommissionAdjustBody = Body<'adjustRecordCommission'>;
export type CommissionPaymentBody = Body<'addCommissionPayment'>;
export type DealEditBody = Body<'editRecordDeal'>;
export type PaymentReverseBody = Body<'reverseCommissionPayment'>;

/** Every change answers the deal: it replaces the card's copy, and the report's queries (我的佣金 among them) refresh. */
function useDealChange<V>(fn: (vars: V) => Promise<ApiAnswer<Deal>>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: (answer) => {
      queryClient.setQueryData(dealKeys.deal(answer.data.recordId), { deal: answer.data });
      void queryClient.invalidateQueries({ queryKey: dealKeys.records });
    },
  });
}

/** 录入成交: the Idempotency-Key belongs to the open form and its payload. */
export function useSubmitRecordDeal() {
  return useDealChange(({ body, key }: { body: DealSubmitBody; key: string }) =>
    callAnswer(api.recordDeal.submitRecordDeal, { body }, { quiet: true, headers: { 'Idempotency-Key': key } }),
  );
}

/** 调整佣金 at the version read (409 when it changed meanwhile). */
export function useAdjustCommission() {
  return useDealChange((body: CommissionAdjustBody) => callAnswer(api.recordDeal.adjustRecordCommission, { body }, { quiet: true }));
}

/** 登记结佣: one key per open form and payload, so a double tap or a retry records once. */
export function useAddCommissionPayment() {
  return useDealChange(({ body, key }: { body: CommissionPaymentBody; key: string }) =>
    callAnswer(api.recordDeal.addCommissionPayment, { body }, { quiet: true, headers: { 'Idempotency-Key': key } }),
  );
}

/** 修改成交 at the version read, with a reason (decision 080); 409 when it changed meanwhile. */
export function useEditRecordDeal() {
  return useDealChange((body: DealEditBody) => callAnswer(api.recordDeal.editRecordDeal, { body }, { quiet: true }));
}

/** 冲销 one payment with a reason (decision 080): kept, struck out, no longer counted as paid. */
export function useReverseCommissionPayment() {
  return useDealChange((body: PaymentReverseBody) => callAnswer(api.recordDeal.reverseCommissionPayment, { body }, { quiet: true }));
}
