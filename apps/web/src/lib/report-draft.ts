import { isMainlandPhone, isMaskedPhone } from '@baobei/shared/rules/phone';
import { DRAFT_TTL_MS, type CustomerDraft } from '@baobei/shared/rules/record-submit';
import { create } from 'zustand';
import { secureStorage, STORAGE_KEYS } from './secure-storage';

/**
 * The report draft (part 1, sections 3 and 4): the report form and its selection screens
 * (/house/record/select/house, /customer, /staff) all edit this one draft. It is saved
 * encrypted on every change with an expiry 20 minutes ahead, offered back ('恢复报备') on
 * the home index while unexpired, and cleared after a successful submit and when the user
 * leaves the form for anywhere but its selection screens.
 */
export interface DraftHouse {
  id: number;
  name: string;
  /** The listing's facts the form's rules need (from the list or detail answers). */
  isNeedIdCard: boolean;
  ruleTel: 'FULL' | 'MASKED';
  reportLeadTime: number;
}

export interface DraftCustomer extends CustomerDraft {
  /** A stable key for lists: the customer id when picked from the list, else a local id. */
  key: string;
}

export interface ReportDraft {
  /** The form that owns the draft: '/house/record/12' or '/rapid/record'. */
  formPath: string;
  houses: DraftHouse[];
  customers: DraftCustomer[];
  visitingTime: string;
  visitorNum: number | null;
  dkStaffName: string;
  dkStaffPhone: string;
  reception: string;
  remark: string;
  /** When it was last saved (epoch ms); the draft expires DRAFT_TTL_MS later. */
  cacheTime: number;
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
    customerList: draft.customers.map(({ name, sex, phone, telType, customerPic }) => ({ name, sex, phone, telType, customerPic })),
    visitorNum: draft.visitorNum,
    visitingTime: draft.visitingTime,
    dkStaffName: draft.dkStaffName,
    dkStaffPhone: draft.dkStaffPhone,
    reception: draft.reception,
    remark: draft.remark,
  };
}

export function isDraftExpired(draft: Pick<ReportDraft, 'cacheTime'>, now = Date.now()): boolean {
  return now - draft.cacheTime >= DRAFT_TTL_MS;
}

interface ReportDraftState {
  draft: ReportDraft | null;
}

export const useReportDraftStore = create<ReportDraftState>()(() => ({ draft: null }));

/** Replaces the draft and saves it (encrypted) with a fresh 20-minute expiry. */
export function saveDraft(draft: ReportDraft, now = Date.now()): Promise<void> {
  const stamped = { ...draft, cacheTime: now };
  useReportDraftStore.setState({ draft: stamped });
  return secureStorage.set(STORAGE_KEYS.reportDraft, stamped, { expiresAt: now + DRAFT_TTL_MS });
}

/** Applies a change to the current draft (which must exist) and saves it. */
export function updateDraft(change: (draft: ReportDraft) => ReportDraft): Promise<void> {
  const current = useReportDraftStore.getState().draft;
  if (!current) return Promise.resolve();
  return saveDraft(change(current));
}

export function clearDraft(): Promise<void> {
  useReportDraftStore.setState({ draft: null });
  return secureStorage.remove(STORAGE_KEYS.reportDraft);
}

/** The stored draft if it has not expired (secure storage drops expired values itself). */
export async function readStoredDraft(): Promise<ReportDraft | null> {
  const stored = await secureStorage.get<ReportDraft>(STORAGE_KEYS.reportDraft);
  return stored && !isDraftExpired(stored) ? stored : null;
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
