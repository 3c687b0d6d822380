import { messages } from '@baobei/shared/messages';
import { commissionAdjustSchema, commissionPaymentInputSchema, type Deal } from '@baobei/shared/schemas/record-deal';

/**
 * The auditor admin's forms on the deal card (decision 052), checked with the server's own
 * schemas (the first refusal's message, as the server would answer it). Apart from the card's
 * model: zod loads with the forms, when one is first opened, not with the report detail.
 */
type Checked<T> = { input: T; problem: null } | { input: null; problem: string };

function firstProblem(issues: readonly { message: string }[]): string {
  return issues[0]?.message ?? messages.common.requestException;
}

export interface AdjustDraft {
  amount: string;
  reason: string;
}

/** The adjustment as sent (元 text, reason, the version read), or the server's own first refusal. */
export function adjustInput(deal: Deal, draft: AdjustDraft): Checked<{ id: number; adjustedCommission: string; reason: string; version: number }> {
  const input = { id: deal.recordId, adjustedCommission: draft.amount.trim(), reason: draft.reason, version: deal.version };
  const parsed = commissionAdjustSchema.safeParse(input);
  if (!parsed.success) return { input: null, problem: firstProblem(parsed.error.issues) };
  return { input: { ...input, reason: parsed.data.reason }, problem: null };
}

export interface PaymentDraft {
  amount: string;
  paidOn: string;
  reference: string;
  /** 发票号 (decision 082), optional. */
  invoiceNo: string;
}

/** A payment as sent (元 text, day, reference, 发票号), or the server's own first refusal. */
export function paymentInput(deal: Deal, draft: PaymentDraft): Checked<{ id: number; amount: string; paidOn: string; reference: string; invoiceNo: string }> {
  const input = { id: deal.recordId, amount: draft.amount.trim(), paidOn: draft.paidOn, reference: draft.reference, invoiceNo: draft.invoiceNo };
  const parsed = commissionPaymentInputSchema.safeParse(input);
  if (!parsed.success) return { input: null, problem: firstProblem(parsed.error.issues) };
  return { input: { ...input, reference: parsed.data.reference, invoiceNo: parsed.data.invoiceNo }, problem: null };
}

