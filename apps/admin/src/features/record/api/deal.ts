import { api } from '@baobei/shared/contract';
import type { CallInput } from '@baobei/shared/contract/endpoint';
import type { Deal } from '@baobei/shared/schemas/record-deal';
import { newIdempotencyKey } from '@baobei/shared/rules/idempotency-key';
import { call } from '../../../lib/api-client';

/** GET /api/admin/deal/get-deal: the report's deal with its breakdown and payments, or null (docs/decisions/055). */
export async function getDeal(recordId: number, signal?: AbortSignal): Promise<Deal | null> {
  const answer = await call(api.adminDeal.getDeal, { query: { id: recordId } }, { signal });
  return answer.deal;
}

/** A fresh Idempotency-Key per opened payment form: a double click or a retry records one payment. */
export const newPaymentKey = () => `pay-${newIdempotencyKey()}`;

/** POST /api/admin/deal/add-payment with the form's key; the answer is the deal after the payment. */
export function addPayment(input: { id: number; amount: string; paidOn: string; reference: string; invoiceNo: string }, idempotencyKey: string): Promise<Deal> {
  return call(api.adminDeal.addPayment, { body: input }, { headers: { 'Idempotency-Key': idempotencyKey } });
}

/** POST /api/admin/deal/reverse-payment: 冲销 one payment with a reason (decision 080); the answer is the deal after it. */
export function reversePayment(input: { id: number; paymentId: number; reason: string }): Promise<Deal> {
  return call(api.adminDeal.reversePayment, { body: input });
}

/** POST /api/admin/deal/edit: a correction at the version read with a reason (decision 080); 409 when stale. */
export function editDeal(input: CallInput<typeof api.adminDeal.edit>['body']): Promise<Deal> {
  return call(api.adminDeal.edit, { body: input });
}

/** POST /api/admin/deal/adjust: 调整佣金 at the version read with a reason, never below what was paid (decision 085). */
export function adjustCommission(input: { id: number; adjustedCommission: string; reason: string; version: number }): Promise<Deal> {
  return call(api.adminDeal.adjust, { body: input });
}

/** A fresh Idempotency-Key per opened 登记成交 form: a double click records one deal. */
export const newDealKey = () => `deal-${newIdempotencyKey()}`;

/** POST /api/admin/deal/submit: 登记成交 of a 成交 report (decision 085), its contract the operator's own proof upload. */
export function submitDeal(input: CallInput<typeof api.adminDeal.submit>['body'], idempotencyKey: string): Promise<Deal> {
  return call(api.adminDeal.submit, { body: input }, { headers: { 'Idempotency-Key': idempotencyKey } });
}
