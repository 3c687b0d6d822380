import type { ProtectionMode } from '@baobei/shared/rules/house';
import { isMainlandPhone, isMaskedPhone } from '@baobei/shared/rules/phone';
import type { CustomerDraft } from '@baobei/shared/rules/record-submit';
import {
  clearDraft,
  readStoredDraft as readStoredEntry,
  saveDraft as saveEntry,
  useDraftSlot,
  type DraftSlotEntry,
} from './report-draft-slot';

/**
 * The report draft (part 1, sections 3 and 4): the report form and its selection screens
 * (/house/record/select/house, /customer, /staff) all edit this one draft. It is saved
 * encrypted on every change with an expiry 20 minutes ahead, offered back ('恢复报备') on
 * the home index while unexpired, and cleared after a successful submit and when the user
 * leaves the form for anywhere but its selection screens.
 *
 * Below the features because two of them build drafts: the report form (features/report)
 * and 重新报备 from a report's detail or list row (features/tracking), which hands the old
 * report's customer to a new form.
 */
export interface DraftHouse {
  id: number;
  name: string;
  /** The listing's facts the form's rules need (from the list or detail answers). */
  isNeedIdCard: boolean;
  ruleTel: 'FULL' | 'MASKED';
  reportLeadTime: number;
  /** 报备为王 / 到访为王 (decision 053); absent in a draft saved before it was read. */
  protectionMode?: ProtectionMode;
}

export interface DraftCustomer extends CustomerDraft {
  /** A stable key for lists: the customer id when picked from the list, else a local id. */
  key: string;
}

export interface ReportDraft extends DraftSlotEntry {
  houses: DraftHouse[];
  customers: DraftCustomer[];
  visitingTime: string;
  visitorNum: number | null;
  dkStaffName: string;
  dkStaffPhone: string;
  reception: string;
  remark: string;
}

export function emptyDraft(formPath: string, now = Date.now()): ReportDraft {
  return {
    formPath,
    houses: [],
    customers: [],
    visitingTime: '',
    visitorNum: 1,
    dkStaffName: '',
    dkStaffPhone: '',
    reception: '',
    remark: '',
    cacheTime: now,
  };
}

/** The submit payload of DECISIONS.md, from a draft. */
export function draftToSubmit(draft: ReportDraft) {
  return {
    selectHouse: draft.houses.map((h) => h.id),
    customerList: draft.customers.map(({ name, sex, phone, telType, customerPic, picConsent }) => ({
      name,
      sex,
      phone,
      telType,
      customerPic,
      picConsent: customerPic.length > 0 && picConsent === true,
    })),
    visitorNum: draft.visitorNum,
    visitingTime: draft.visitingTime,
    dkStaffName: draft.dkStaffName,
    dkStaffPhone: draft.dkStaffPhone,
    reception: draft.reception,
    remark: draft.remark,
  };
}

/** The slot (lib/report-draft-slot) holds only drafts this module builds. */
const asReportDraft = (entry: DraftSlotEntry | null) => entry as ReportDraft | null;

/** The draft in memory through `select`: the component re-renders when the selection changes. */
export function useReportDraft<T>(select: (draft: ReportDraft | null) => T): T {
  return useDraftSlot((s) => select(asReportDraft(s.draft)));
}

export function currentDraft(): ReportDraft | null {
  return asReportDraft(useDraftSlot.getState().draft);
}

/** Replaces the draft and saves it (encrypted) with a fresh 20-minute expiry. */
export const saveDraft: (draft: ReportDraft, now?: number) => Promise<void> = saveEntry;

export { clearDraft };

/** Applies a change to the current draft (which must exist) and saves it. */
export function updateDraft(change: (draft: ReportDraft) => ReportDraft): Promise<void> {
  const current = currentDraft();
  if (!current) return Promise.resolve();
  return saveDraft(change(current));
}

/** The stored draft if it has not expired. */
export async function readStoredDraft(): Promise<ReportDraft | null> {
  return asReportDraft(await readStoredEntry());
}

/** What a re-report carries over from the old report (part 2, section 4, 'Re-report'). */
export interface ReReportSource {
  customerInfo: { name: string; sex: number; phone: string; customerPic: string[] };
  visitorNum: number;
  dkName: string;
  dkPhone: string;
}

/** The form that a re-report of a listing opens: the listing's own report form. */
export function reReportFormPath(houseId: number): string {
  return `/house/record/${houseId}`;
}

/**
 * The draft a re-report hands to the listing's form: the customer, the visitor count and the
 * viewing person of the old report; the visit time, reception and remark start empty (a new
 * visit). Its formPath is the form's own, so the form continues it as it would continue a
 * return from a selection screen, without asking to restore. A number that is neither a
 * mainland nor a masked mainland phone was entered with the 'other' area (telType 1).
 */
export function reReportDraft(source: ReReportSource, house: DraftHouse, now = Date.now()): ReportDraft {
  const { name, sex, phone, customerPic } = source.customerInfo;
  const mainland = isMainlandPhone(phone) || isMaskedPhone(phone);
  return {
    ...emptyDraft(reReportFormPath(house.id), now),
    houses: [house],
    customers: [
      {
        key: `re-report-${now}`,
        name,
        sex: sex === 1 || sex === 2 ? sex : null,
        phone,
        telType: mainland ? 0 : 1,
        customerPic: [...customerPic],
      },
    ],
    visitorNum: source.visitorNum > 0 ? source.visitorNum : 1,
    dkStaffName: source.dkName,
    dkStaffPhone: source.dkPhone,
  };
}
