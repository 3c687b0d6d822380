import { api } from '@baobei/shared/contract';
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
