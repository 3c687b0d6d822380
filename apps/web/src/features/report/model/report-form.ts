import type { RecognizeSkips } from '@baobei/shared/messages/record';
import type { RecognizeResult } from '@baobei/shared/schemas/record';
import { validateRecordSubmit, type CustomerDraft } from '@baobei/shared/rules/record-submit';
import { formatShanghaiMinute, parseShanghaiMinute } from '@baobei/shared/rules/shanghai-time';
import { visitTimeWindow } from '@baobei/shared/rules/visit-time';
import type { DraftCustomer, DraftHouse, ReportDraft } from '../../../lib/report-draft';

/** The longest lead time of the chosen listings (minutes); 0 without listings. */
export function maxLeadMinutes(houses: readonly Pick<DraftHouse, 'reportLeadTime'>[]): number {
  return houses.reduce((max, h) => Math.max(max, h.reportLeadTime), 0);
}

/** Masked phones are accepted only when every chosen listing takes them. */
export function maskedAllowed(houses: readonly Pick<DraftHouse, 'ruleTel'>[]): boolean {
  return houses.length > 0 && houses.every((h) => h.ruleTel === 'MASKED');
}

export function needsIdCard(houses: readonly Pick<DraftHouse, 'isNeedIdCard'>[]): boolean {
  return houses.some((h) => h.isNeedIdCard);
}

/**
 * Shanghai wall-clock minute as a local Date with the same fields: the picker shows local
 * fields, and the form's text is Shanghai time whatever the phone's time zone.
 */
export function shanghaiToPicker(at: Date): Date {
  const text = formatShanghaiMinute(at);
  const [date = '', time = ''] = text.split(' ');
  const [y, mo, d] = date.split('-').map(Number) as [number, number, number];
  const [h, mi] = time.split(':').map(Number) as [number, number];
  return new Date(y, mo - 1, d, h, mi);
}

const pad = (n: number) => String(n).padStart(2, '0');

/** A picker value (local fields) as the form's 'YYYY-MM-DD HH:mm'. */
export function pickerToText(value: Date): string {
  return `${value.getFullYear()}-${pad(value.getMonth() + 1)}-${pad(value.getDate())} ${pad(value.getHours())}:${pad(value.getMinutes())}`;
}

/** A stored 'YYYY-MM-DD HH:mm' as a picker value; null when malformed. */
export function textToPicker(text: string): Date | null {
  const at = parseShanghaiMinute(text);
  return at ? shanghaiToPicker(at) : null;
}

/**
 * The picker's bounds (DECISIONS.md, 'Visit-time picker maximum'): now plus the longest lead
 * time, rounded up to the next whole minute, to now plus 180 days.
 */
export function visitPickerBounds(now: Date, leadMinutes: number): { min: Date; max: Date } {
  const window = visitTimeWindow(now, leadMinutes);
  const earliest = new Date(Math.ceil(window.earliest.getTime() / 60_000) * 60_000);
  const latest = new Date(Math.floor(window.latest.getTime() / 60_000) * 60_000);
  return { min: shanghaiToPicker(earliest), max: shanghaiToPicker(latest) };
}

/** What the picker opens on: the chosen time when still inside the bounds, else the earliest. */
export function pickerDefault(text: string, bounds: { min: Date; max: Date }): Date {
  const chosen = textToPicker(text);
  if (chosen && chosen >= bounds.min && chosen <= bounds.max) return chosen;
  return bounds.min;
}

/**
 * Smart recognition into the draft: new customers (phones already listed are skipped, and
 * the list never grows past the limit), the viewing person when found, the visitor count
 * when found. Answers the draft, how many customers were added, and how many were skipped
 * for each reason (a name without a phone, a phone already on the form, past the limit).
 */
export function mergeRecognized(
  draft: ReportDraft,
  result: RecognizeResult,
  makeKey: (index: number) => string,
  /** The company's customers per report (initial config). */
  maxCustomers: number,
): { draft: ReportDraft; added: number; skipped: RecognizeSkips } {
  const customers: DraftCustomer[] = [...draft.customers];
  const phones = new Set(customers.map((c) => c.phone));
  let added = 0;
  const skipped: RecognizeSkips = { onForm: 0, overLimit: 0, noPhone: 0 };
  result.customerList.forEach((c, index) => {
    const phone = c.phone.trim();
    const reason: keyof RecognizeSkips | null = !phone
      ? 'noPhone'
      : phones.has(phone)
        ? 'onForm'
        : customers.length >= maxCustomers
          ? 'overLimit'
          : null;
    if (reason) {
      skipped[reason] += 1;
      return;
    }
    phones.add(phone);
    customers.push({ key: makeKey(index), name: c.name.trim(), sex: c.sex, phone, telType: c.telType, customerPic: [] });
    added += 1;
  });
  const daikan = result.daikan;
  const hasDaikan = Boolean(daikan.name.trim() || daikan.phone.trim());
  return {
    draft: {
      ...draft,
      customers,
      dkStaffName: hasDaikan ? daikan.name.trim() : draft.dkStaffName,
      dkStaffPhone: hasDaikan ? daikan.phone.trim() : draft.dkStaffPhone,
      visitorNum: result.visitorNum && result.visitorNum > 0 ? result.visitorNum : draft.visitorNum,
    },
    added,
    skipped,
  };
}

/** The phones of the form's other customers: an edited row may keep its own. */
export function otherPhones(draft: Pick<ReportDraft, 'customers'>, key: string | null): string[] {
  return draft.customers.filter((c) => c.key !== key).map((c) => c.phone);
}

/** The customer row `key` replaced in place by the edited values; the draft unchanged when it is gone. */
export function updateCustomer(draft: ReportDraft, key: string, customer: CustomerDraft): ReportDraft {
  if (!draft.customers.some((c) => c.key === key)) return draft;
  return {
    ...draft,
    customers: draft.customers.map((c) =>
      c.key === key
        ? {
            key,
            name: customer.name,
            sex: customer.sex,
            phone: customer.phone,
            telType: customer.telType,
            customerPic: [...customer.customerPic],
            picConsent: customer.picConsent === true,
          }
        : c,
    ),
  };
}

/**
 * The customer a submit dialog names first (no gender, or no proof where a listing needs
 * one): the popup opens on it. Null for the other failures, or when none lacks it.
 */
export function customerToFix(draft: ReportDraft, kind: string | undefined): DraftCustomer | null {
  if (kind === 'genderDialog') return draft.customers.find((c) => c.sex !== 1 && c.sex !== 2) ?? null;
  if (kind === 'proofDialog') return draft.customers.find((c) => c.customerPic.length === 0) ?? null;
  return null;
}

/** The shared submit rules on a draft; `maxCustomers`: the company's setting from the initial config. */
export function validateDraft(draft: ReportDraft, maxCustomers: number) {
  return validateRecordSubmit(
    {
      selectHouse: draft.houses.map((h) => h.id),
      visitingTime: draft.visitingTime,
      visitorNum: draft.visitorNum,
      dkStaffName: draft.dkStaffName,
      dkStaffPhone: draft.dkStaffPhone,
      customerList: draft.customers,
    },
    { needsIdCard: needsIdCard(draft.houses), maxCustomers },
  );
}

/** Leaving the form for one of its selection screens keeps the draft; anywhere else clears it. */
export function keepsDraft(nextPathname: string): boolean {
  return nextPathname.startsWith('/house/record/select/');
}

/** The form's path of a listing ('/house/record/12'). */
export function houseRecordPath(id: number): string {
  return `/house/record/${id}`;
}
