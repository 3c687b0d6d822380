import { messages } from '@baobei/shared/messages';
import type { BuildingProperty } from '@baobei/shared/rules/house';
import { dealFieldsSchema } from '@baobei/shared/schemas/record-deal';

/**
 * What the auditor has typed of the deal (texts as entered; the server reads 元 texts): in
 * the audit page's form at 成交 (features/tracking) and in 录入成交 on the deal card
 * (features/deal), both through components/deal-form-card.
 */
export interface DealDraft {
  building: string;
  room: string;
  floorArea: string;
  totalPrice: string;
  signedOn: string;
  propertyType: BuildingProperty | '';
  contract: string[];
}

export const EMPTY_DEAL: DealDraft = { building: '', room: '', floorArea: '', totalPrice: '', signedOn: '', propertyType: '', contract: [] };

/** Whether the auditor started the deal (anything filled): then every field is asked for. */
export function dealStarted(d: DealDraft): boolean {
  return Boolean(d.building || d.room || d.floorArea || d.totalPrice || d.signedOn || d.propertyType || d.contract.length);
}

/** The deal as the audit call sends it, or the first failed rule's message (the server's own rules, decision 052). */
export function dealInput(d: DealDraft) {
  const input = {
    building: d.building,
    room: d.room,
    floorArea: d.floorArea.trim(),
    totalPrice: d.totalPrice.trim(),
    signedOn: d.signedOn,
    contractPicture: d.contract[0] ?? '',
    propertyType: d.propertyType,
  };
  const parsed = dealFieldsSchema.safeParse(input);
  if (!parsed.success) return { input: null, problem: parsed.error.issues[0]?.message ?? messages.common.requestException };
  return { input: { ...input, propertyType: parsed.data.propertyType }, problem: null };
}
