import { messages } from '../messages';
import { protectionModeMessages } from '../messages/protection-mode';
import { isReportableStatus, SELLING_STATUS_TEXT, type ProtectionMode, type SellingStatus } from './house';
import { isMainlandPhone, isMaskedPhone } from './phone';
import { PRE_VISIT_STATUSES, type RecordStatus } from './record-status';

/** Part 1, section 9: listings per report. */
export const MAX_HOUSES_PER_REPORT = 10;
/** DECISIONS.md: the company setting `maxCustomersPerReport` defaults to 5. */
export const DEFAULT_MAX_CUSTOMERS_PER_REPORT = 5;
/** Part 1, section 4: a draft lives 20 minutes after its last change. */
export const DRAFT_TTL_MS = 20 * 60 * 1000;

/** Sex codes: 0 unknown/confidential, 1 male, 2 female. Phone types: 0 mainland, 1 other. */
export interface CustomerDraft {
  name: string;
  sex: number | null;
  phone: string;
  telType: number;
  customerPic: string[];
  /**
   * The broker confirmed the customer's separate consent to their proof pictures (敏感个人信息;
   * docs/decisions/095): required whenever customerPic is not empty.
   */
  picConsent?: boolean | undefined;
}

/** Pictures without the customer's separate consent (docs/decisions/095): the one rule, everywhere. */
export function lacksPicConsent(customer: Pick<CustomerDraft, 'customerPic' | 'picConsent'>): boolean {
  return customer.customerPic.length > 0 && customer.picConsent !== true;
}

export interface RecordDraft {
  selectHouse: number[];
  visitingTime: string;
  visitorNum: number | null;
  dkStaffName: string;
  dkStaffPhone: string;
  customerList: CustomerDraft[];
}

/** What failed first: a plain message, or one of the spec's two dialogs with the names. */
export type SubmitFailure =
  | { kind: 'message'; message: string }
  | { kind: 'genderDialog'; title: string; message: string; names: string[] }
  | { kind: 'proofDialog'; title: string; message: string; names: string[] };

const reportText = messages.record;

/**
 * Part 1, section 5, 'Report submit', in the spec's order; the listing and customer limits
 * first, since a form over them cannot be fixed by filling anything in.
 */
export function validateRecordSubmit(
  draft: RecordDraft,
  context: { needsIdCard: boolean; maxCustomers: number },
): SubmitFailure | null {
  const fail = (message: string): SubmitFailure => ({ kind: 'message', message });
  if (draft.selectHouse.length === 0) return fail(reportText.houseRequired);
  if (draft.selectHouse.length > MAX_HOUSES_PER_REPORT) return fail(reportText.tooManyHouses);
  if (!draft.visitingTime) return fail(reportText.visitTimeRequired);
  if (draft.visitorNum === null || Number.isNaN(draft.visitorNum)) return fail(reportText.visitorNumRequired);
  const dkName = draft.dkStaffName.trim();
  const dkPhone = draft.dkStaffPhone.trim();
  if (dkName && !dkPhone) return fail(reportText.dkPhoneRequired);
  if (dkPhone && !dkName) return fail(reportText.dkNameRequired);
  if (dkPhone && !isMainlandPhone(dkPhone)) return fail(reportText.dkPhoneInvalid);
  if (draft.visitorNum < 1) return fail(reportText.visitorNumMin);
  if (draft.customerList.length === 0) return fail(reportText.customerRequired);
  if (draft.customerList.length > context.maxCustomers) {
    return fail(reportText.tooManyCustomers(context.maxCustomers, draft.customerList.length));
  }
  const noGender = draft.customerList.filter((c) => c.sex !== 1 && c.sex !== 2).map((c) => c.name);
  if (noGender.length) {
    return { kind: 'genderDialog', title: reportText.genderDialogTitle, message: reportText.genderDialogContent + noGender.join('、'), names: noGender };
  }
  if (context.needsIdCard) {
    const noProof = draft.customerList.filter((c) => c.customerPic.length === 0).map((c) => c.name);
    if (noProof.length) {
      return { kind: 'proofDialog', title: reportText.proofDialogTitle, message: reportText.proofDialogContent + noProof.join('、'), names: noProof };
    }
  }
  // After the spec's rules: pictures need the customer's separate consent (docs/decisions/095).
  const noConsent = draft.customerList.filter(lacksPicConsent).map((c) => c.name);
  if (noConsent.length) return fail(customerText.picConsentMissing(noConsent.join('、')));
  return null;
}

/**
 * Why a listing cannot be chosen for a report (售罄, 停售), or null when it can.
 * The select screen, the report form and the server's submit all ask this one rule.
 */
export function houseNotReportableMessage(house: { name: string; sellingStatus: SellingStatus }): string | null {
  if (isReportableStatus(house.sellingStatus)) return null;
  return reportText.houseNotReportable(house.name, SELLING_STATUS_TEXT[house.sellingStatus]);
}

const customerText = messages.customer;

/** Part 1, section 5, 'Add customer'. `maskedAllowed`: every chosen listing takes masked phones. */
export function validateCustomer(
  customer: Pick<CustomerDraft, 'name' | 'sex' | 'phone' | 'telType' | 'customerPic' | 'picConsent'>,
  context: { existingPhones: readonly string[]; maskedAllowed: boolean },
): SubmitFailure | null {
  const fail = (message: string): SubmitFailure => ({ kind: 'message', message });
  if (!customer.name.trim()) return fail(customerText.nameRequired);
  if (customer.sex !== 1 && customer.sex !== 2) return fail(customerText.sexRequired);
  const phone = customer.phone.trim();
  if (!phone) return fail(customerText.phoneRequired);
  // 'Other' phone type (1) skips validation; the user supplies any area code.
  if (customer.telType === 0) {
    const masked = isMaskedPhone(phone);
    if (!isMainlandPhone(phone) && !masked) return fail(customerText.phoneFormatContent);
    if (masked && !context.maskedAllowed) return fail(customerText.maskedNotAllowed);
  }
  if (context.existingPhones.includes(phone)) return fail(customerText.phoneDuplicate);
  if (lacksPicConsent(customer)) return fail(customerText.picConsentRequired);
  return null;
}

/** A one-character name gets 先生 or 女士 by gender (part 1, section 5). */
export function customerDisplayName(name: string, sex: number | null): string {
  const trimmed = name.trim();
  if ([...trimmed].length !== 1) return trimmed;
  if (sex === 1) return trimmed + customerText.mr;
  if (sex === 2) return trimmed + customerText.ms;
  return trimmed;
}

/**
 * 撞单: which of the reports still protecting a customer on a listing (the stored protection fact,
 * docs/decisions/051) refuse a new report of that customer by a reporter of `distributorId`.
 * 报备为王: every one. 到访为王 (docs/decisions/053): another distributor's report still waiting for
 * the arrival does not; a visited one (VISIT and beyond, still protected) does, and the reporter's
 * own distributor's reports do as before.
 */
export function blockingReports<T extends { distributorId: number | null; status: RecordStatus }>(
  protecting: readonly T[],
  distributorId: number | null,
  mode: ProtectionMode,
): T[] {
  if (mode !== 'VISIT_FIRST') return [...protecting];
  return protecting.filter((r) => r.distributorId === distributorId || !PRE_VISIT_STATUSES.includes(r.status));
}

/** The one line the report form, the listing detail and the audit page show for a listing's mode. */
export function protectionModeRule(mode: ProtectionMode): string {
  return protectionModeMessages.rule[mode];
}
