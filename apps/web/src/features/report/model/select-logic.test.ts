import type { Customer } from '@baobei/shared/schemas/record';
import { describe, expect, it } from 'vitest';
import type { DraftCustomer, DraftHouse } from '../../../lib/report-draft';
import {
  appendCustomers,
  filterGroups,
  housesNeedingFacts,
  isInDraft,
  mergeHouses,
  phonesOf,
  toggleCustomer,
  toggleHouse,
  type PickedHouse,
} from './select-logic';

const house = (id: number): PickedHouse => ({ id, name: `楼盘${id}` });
const facts = (id: number, ruleTel: 'FULL' | 'MASKED' = 'FULL'): DraftHouse => ({
  id,
  name: `楼盘${id}`,
  isNeedIdCard: false,
  ruleTel,
  reportLeadTime: 30,
});
const customer = (id: number, phone = `1380000${String(id).padStart(4, '0')}`): Customer => ({
  id,
  name: `客户${id}`,
  sex: 1,
  phone,
  telType: 1,
  customerPic: [],
  picConsent: false,
});
const draftCustomer = (key: string, phone: string): DraftCustomer => ({
  key,
  name: key,
  sex: 2,
  phone,
  telType: 1,
  customerPic: [],
});

describe('toggleHouse', () => {
  it('adds, removes and refuses an 11th listing', () => {
    let picked: PickedHouse[] = [];
    for (let id = 1; id <= 10; id++) {
      const result = toggleHouse(picked, house(id));
      expect(result.ok).toBe(true);
      if (result.ok) picked = result.picked;
    }
    expect(picked).toHaveLength(10);
    expect(toggleHouse(picked, house(11))).toEqual({ ok: false, reason: 'limit' });
    const removed = toggleHouse(picked, house(3));
    expect(removed.ok && removed.picked.map((h) => h.id)).toEqual([1, 2, 4, 5, 6, 7, 8, 9, 10]);
    // A removal always works, even at the limit; then there is room again.
    if (removed.ok) expect(toggleHouse(removed.picked, house(11)).ok).toBe(true);
  });
});

describe('mergeHouses', () => {
  it('keeps existing facts, adds fetched ones in picked order, drops unpicked ones', () => {
    const existing = [facts(1, 'MASKED'), facts(2)];
    const picked = [house(2), house(5), house(1)];
    expect(housesNeedingFacts(picked, existing)).toEqual([house(5)]);
    const merged = mergeHouses(picked, existing, [facts(5), facts(1, 'FULL')]);
    expect(merged.map((h) => h.id)).toEqual([2, 5, 1]);
    expect(merged[2]?.ruleTel).toBe('MASKED');
    expect(mergeHouses([house(2)], existing, [])).toEqual([facts(2)]);
    // A listing whose facts could not be read is left out rather than guessed.
    expect(mergeHouses([house(9)], existing, [])).toEqual([]);
  });
});

describe('toggleCustomer', () => {
  it('counts the draft customers toward the limit of 5', () => {
    const result = toggleCustomer([customer(1), customer(2)], customer(3), 3, 5);
    expect(result).toEqual({ ok: false, reason: 'limit' });
    const ok = toggleCustomer([customer(1)], customer(3), 3, 5);
    expect(ok.ok && ok.picked.map((c) => c.id)).toEqual([1, 3]);
    const off = toggleCustomer([customer(1), customer(2)], customer(2), 3, 5);
    expect(off.ok && off.picked.map((c) => c.id)).toEqual([1]);
    expect(toggleCustomer([], customer(1), 5, 5).ok).toBe(false);
    expect(toggleCustomer([], customer(1), 0, 10).ok).toBe(true);
  });

  it('takes the company’s limit, whatever it is', () => {
    expect(toggleCustomer([customer(1), customer(2)], customer(3), 5, 8).ok).toBe(true);
    expect(toggleCustomer([customer(1)], customer(3), 0, 1)).toEqual({ ok: false, reason: 'limit' });
  });
});

describe('appendCustomers', () => {
  it('appends chosen customers as draft customers, skipping phones already there', () => {
    const existing = [draftCustomer('local1', '138 0000 0001')];
    expect(isInDraft(customer(1), phonesOf(existing))).toBe(true);
    const result = appendCustomers(existing, [customer(1), customer(2), customer(2)]);
    expect(result).toHaveLength(2);
    expect(result[1]).toEqual({
      key: 'c2',
      name: '客户2',
      sex: 1,
      phone: '13800000002',
      telType: 1,
      customerPic: [],
      picConsent: false,
    });
  });
});

describe('filterGroups', () => {
  const groups = [
    { anchor: 'L', list: [{ name: '李四', phone: '13900000001' }] },
    { anchor: 'W', list: [{ name: '王五', phone: '13900000002' }, { name: 'Wendy', phone: '13700000000' }] },
  ];
  it('filters by name or phone and drops empty groups', () => {
    expect(filterGroups(groups, '')).toEqual(groups);
    expect(filterGroups(groups, '王')).toEqual([{ anchor: 'W', list: [{ name: '王五', phone: '13900000002' }] }]);
    expect(filterGroups(groups, '0001').map((g) => g.anchor)).toEqual(['L']);
    expect(filterGroups(groups, 'wen').map((g) => g.list[0]?.name)).toEqual(['Wendy']);
    expect(filterGroups(groups, 'nobody')).toEqual([]);
  });
});
