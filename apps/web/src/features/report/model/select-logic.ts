import { MAX_HOUSES_PER_REPORT } from '@baobei/shared/rules/record-submit';
import type { Customer } from '@baobei/shared/schemas/record';
import type { DraftCustomer, DraftHouse } from '../../../lib/report-draft';

/** Part 1, section 9: page size 20 on the listing select screen. */
export const SELECT_HOUSE_PAGE_SIZE = 20;
/** Part 1, section 9: search input throttle 400 ms on the listing select screen. */
export const SELECT_SEARCH_DELAY_MS = 400;

/** A listing as the select screen keeps it: its id and name (facts are fetched on confirm). */
export interface PickedHouse {
  id: number;
  name: string;
}

export type ToggleResult<T> = { ok: true; picked: T[] } | { ok: false; reason: 'limit' };

/** Adds or removes one listing; adding beyond `max` in total is refused. */
export function toggleHouse(picked: PickedHouse[], house: PickedHouse, max = MAX_HOUSES_PER_REPORT): ToggleResult<PickedHouse> {
  if (picked.some((h) => h.id === house.id)) return { ok: true, picked: picked.filter((h) => h.id !== house.id) };
  if (picked.length >= max) return { ok: false, reason: 'limit' };
  return { ok: true, picked: [...picked, house] };
}

/** The listings whose facts the draft does not hold yet (to fetch on confirm). */
export function housesNeedingFacts(picked: PickedHouse[], existing: DraftHouse[]): PickedHouse[] {
  const known = new Set(existing.map((h) => h.id));
  return picked.filter((h) => !known.has(h.id));
}

/**
 * The draft's listings after a confirm: in the picked order, existing ones keep their facts,
 * new ones take the fetched facts; a listing without facts is left out.
 */
export function mergeHouses(picked: PickedHouse[], existing: DraftHouse[], fetched: DraftHouse[]): DraftHouse[] {
  const byId = new Map<number, DraftHouse>();
  for (const h of fetched) byId.set(h.id, h);
  for (const h of existing) byId.set(h.id, h);
  return picked.flatMap((p) => {
    const house = byId.get(p.id);
    return house ? [house] : [];
  });
}

/** Digits and letters only, so '138 0000 0003' finds '13800000003'. */
function normalPhone(phone: string): string {
  return phone.replace(/[\s-]/g, '');
}

export function phonesOf(customers: Pick<DraftCustomer, 'phone'>[]): Set<string> {
  return new Set(customers.map((c) => normalPhone(c.phone)).filter(Boolean));
}

export function isInDraft(customer: Pick<Customer, 'phone'>, draftPhones: Set<string>): boolean {
  return draftPhones.has(normalPhone(customer.phone));
}

/**
 * Adds or removes one customer; the draft's customers count toward the limit, so adding when
 * `inDraft + picked` already reaches `max` is refused.
 */
export function toggleCustomer(
  picked: Customer[],
  customer: Customer,
  inDraft: number,
  /** The company's customers per report (initial config). */
  max: number,
): ToggleResult<Customer> {
  if (picked.some((c) => c.id === customer.id)) return { ok: true, picked: picked.filter((c) => c.id !== customer.id) };
  if (inDraft + picked.length >= max) return { ok: false, reason: 'limit' };
  return { ok: true, picked: [...picked, customer] };
}

export function toDraftCustomer(customer: Customer): DraftCustomer {
  return {
    key: `c${customer.id}`,
    name: customer.name,
    sex: customer.sex,
    phone: customer.phone,
    telType: customer.telType,
    customerPic: [...customer.customerPic],
    // The customer's recorded consent to its pictures comes along (docs/decisions/095).
    picConsent: customer.picConsent,
  };
}

/** The draft's customers with the chosen ones appended (skipping any whose phone or key is already there). */
export function appendCustomers(existing: DraftCustomer[], chosen: Customer[]): DraftCustomer[] {
  const phones = phonesOf(existing);
  const keys = new Set(existing.map((c) => c.key));
  const added: DraftCustomer[] = [];
  for (const customer of chosen) {
    const draft = toDraftCustomer(customer);
    if (keys.has(draft.key) || isInDraft(customer, phones)) continue;
    keys.add(draft.key);
    phones.add(normalPhone(customer.phone));
    added.push(draft);
  }
  return [...existing, ...added];
}

export interface Grouped<T> {
  anchor: string;
  list: T[];
}

/** Local search of the viewing staff by name or phone; empty groups are dropped. */
export function filterGroups<T extends { name: string; phone: string }>(groups: Grouped<T>[], keyword: string): Grouped<T>[] {
  const needle = keyword.trim().toLowerCase();
  return groups
    .map((g) => ({
      anchor: g.anchor,
      list: needle
        ? g.list.filter((item) => item.name.toLowerCase().includes(needle) || normalPhone(item.phone).includes(needle))
        : g.list,
    }))
    .filter((g) => g.list.length > 0);
}
