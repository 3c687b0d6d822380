import { describe, expect, it } from 'vitest';
import {
  areaRootOf,
  areaTitle,
  EMPTY_FILTERS,
  filtersFromParams,
  hasAnyFilter,
  optionTitle,
  paramsFromFilters,
  withUnlimited,
} from './house-list-filters';

describe('house list filters in the address', () => {
  it('reads every filter, with feature as the spec names it', () => {
    const params = new URLSearchParams('keyword=%20海口湾%20&area=12&price=100-150&feature=3&status=SELLING&focus=1');
    expect(filtersFromParams(params)).toEqual({
      ...EMPTY_FILTERS,
      keyword: '海口湾',
      areaId: 12,
      price: '100-150',
      houseTese: 3,
      sellingStatus: 'SELLING',
    });
  });

  it('reads the commission order and filters (decision 090)', () => {
    const params = new URLSearchParams('order=COMMISSION&property=SHOP&high=1&incentive=1');
    const filters = filtersFromParams(params);
    expect(filters).toEqual({ ...EMPTY_FILTERS, order: 'COMMISSION', commissionProperty: 'SHOP', highCommission: '1', incentive: '1' });
    expect(paramsFromFilters(filters).toString()).toBe('order=COMMISSION&property=SHOP&high=1&incentive=1');
    expect(filtersFromParams(new URLSearchParams('order=PRICE&property=CASTLE&high=yes&incentive=0'))).toEqual(EMPTY_FILTERS);
  });

  it('reads malformed values as not set', () => {
    const params = new URLSearchParams('area=-3&price=cheap&feature=abc&status=GONE&order=x&high=2');
    expect(filtersFromParams(params)).toEqual(EMPTY_FILTERS);
    expect(filtersFromParams(new URLSearchParams('price=500-')).price).toBe('500-');
    expect(filtersFromParams(new URLSearchParams(`keyword=${'楼'.repeat(80)}`)).keyword).toHaveLength(50);
  });

  it('writes only the filters that are set and drops focus', () => {
    expect(paramsFromFilters(EMPTY_FILTERS).toString()).toBe('');
    const written = paramsFromFilters({ ...EMPTY_FILTERS, keyword: ' 椰林 ', houseTese: 4 });
    expect(written.toString()).toBe(`keyword=${encodeURIComponent('椰林')}&feature=4`);
    expect(filtersFromParams(written)).toEqual({ ...EMPTY_FILTERS, keyword: '椰林', houseTese: 4 });
    expect(hasAnyFilter(EMPTY_FILTERS)).toBe(false);
    expect(hasAnyFilter({ ...EMPTY_FILTERS, price: '0-100' })).toBe(true);
  });
});

describe('filter titles and options', () => {
  const prices = [
    { text: '不限', value: '' },
    { text: '100万以下', value: '0-100' },
  ];

  it('puts one unlimited entry first', () => {
    expect(withUnlimited(prices, '', '不限')).toEqual(prices);
    expect(withUnlimited([{ text: '海景房', value: 4 }], 0, '不限')).toEqual([
      { text: '不限', value: 0 },
      { text: '海景房', value: 4 },
    ]);
  });

  it("shows the chosen option's text, else the filter's name", () => {
    expect(optionTitle(prices, '0-100', '', '价格')).toBe('100万以下');
    expect(optionTitle(prices, '', '', '价格')).toBe('价格');
    expect(optionTitle(prices, '7-8', '', '价格')).toBe('价格');
  });

  it('finds areas at both levels of the tree', () => {
    const areas = [
      { text: '海南省', value: 1, children: [{ text: '海口', value: 2 }, { text: '三亚', value: 3 }] },
      { text: '香港', value: 9, children: null },
    ];
    expect(areaTitle(areas, 3, '区域')).toBe('三亚');
    expect(areaTitle(areas, 1, '区域')).toBe('海南省');
    expect(areaTitle(areas, 0, '区域')).toBe('区域');
    expect(areaRootOf(areas, 3)).toBe(1);
    expect(areaRootOf(areas, 9)).toBe(9);
    expect(areaRootOf(areas, 0)).toBeNull();
  });
});
