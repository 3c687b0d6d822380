import { messages } from '@baobei/shared/messages';
import { formatFen } from '@baobei/shared/rules/commission';
import { commissionAdjustSchema, commissionPaymentInputSchema, dealEditSchema, paymentReverseSchema, type Deal } from '@baobei/shared/schemas/record-deal';
import type { DealDraft } from '../../../lib/deal-form';

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


/** 修改成交's draft as the deal is now (the contract as its signed URL: sent back unchanged, it changes nothing). */
export function editDraftOf(deal: Deal): DealDraft {
  return {
    building: deal.building,
    room: deal.room,
    floorArea: deal.floorArea,
    totalPrice: formatFen(deal.totalPriceFen),
    signedOn: deal.signedOn,
    propertyType: deal.propertyType,
    contract: [deal.contractPicture],
  };
}

const sameDraft = (a: DealDraft, b: DealDraft) =>
  a.building.trim() === b.building.trim() &&
  a.room.trim() === b.room.trim() &&
  a.floorArea.trim() === b.floorArea.trim() &&
  a.totalPrice.trim() === b.totalPrice.trim() &&
  a.signedOn === b.signedOn &&
  a.propertyType === b.propertyType &&
  a.contract[0] === b.contract[0];

export interface EditInput {
  id: number;
  version: number;
  reason: string;
  building: string;
  room: string;
  floorArea: string;
  totalPrice: string;
  signedOn: string;
  propertyType: Deal['propertyType'];
  contractPicture: string;
}

/** The correction as sent (every field, at the version read, with the reason), or the server's own first refusal; nothing changed is refused here. */
export function editInput(deal: Deal, draft: DealDraft, reason: string): Checked<EditInput> {
  if (sameDraft(draft, editDraftOf(deal))) return { input: null, problem: messages.deal.editForm.unchanged };
  const input = {
    id: deal.recordId,
    version: deal.version,
    reason,
    building: draft.building.trim(),
    room: draft.room.trim(),
    floorArea: draft.floorArea.trim(),
    totalPrice: draft.totalPrice.trim(),
    signedOn: draft.signedOn,
    propertyType: draft.propertyType,
    contractPicture: draft.contract[0] ?? '',
  };
  const parsed = dealEditSchema.safeParse(input);
  if (!parsed.success) return { input: null, problem: firstProblem(parsed.error.issues) };
  return { input: { ...input, propertyType: parsed.data.propertyType!, reason: parsed.data.reason }, problem: null };
}

/** 冲销 as sent (the payment, a reason), or the server's own first refusal. */
export function reverseInput(deal: Deal, paymentId: number, reason: string): Checked<{ id: number; paymentId: number; reason: string }> {
  const input = { id: deal.recordId, paymentId, reason };
  const parsed = paymentReverseSchema.safeParse(input);
  if (!parsed.success) return { input: null, problem: firstProblem(parsed.error.issues) };
  return { input: { ...input, reason: parsed.data.reason }, problem: null };
}
