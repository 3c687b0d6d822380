import { describe, expect, it } from 'vitest';
import { testPolicy } from './commission.fixtures';
import { commissionOf } from './commission';
import {
  byCommission,
  commissionSortKey,
  estimatedCommissionFen,
  hasIncentiveOn,
  isHighCommission,
  listingCommissionFen,
  referencePriceFen,
} from './commission-rank';
import { formatCommissionEstimate } from './house-format';

const policy = testPolicy;

describe('referencePriceFen', () => {
  it('takes the package price (万/套), else the average price times the smallest unit', () => {
    expect(referencePriceFen({ packagePrice: 200, averagePrice: 15000, minFloorArea: 89 })).toBe(2_000_000_00);
    expect(referencePriceFen({ packagePrice: null, averagePrice: 15000, minFloorArea: 89.5 })).toBe(1_342_500_00);
    expect(referencePriceFen({ packagePrice: null, averagePrice: 15000, minFloorArea: null })).toBeNull();
    expect(referencePriceFen({ packagePrice: 0, averagePrice: null, minFloorArea: 90 })).toBeNull();
  });
});

describe('estimatedCommissionFen', () => {
  const price = 2_000_000_00;
  it('is the deal rule at the reference price, awards included, 带看 rewards not', () => {
    expect(estimatedCommissionFen(policy({ secondaryPoint: '3%' }), price)).toBe(60_000_00);
    expect(estimatedCommissionFen(policy({ secondaryPoint: '2.5', secondaryAward: '成交奖励1%+3000元/套' }), price)).toBe(
      commissionOf(policy({ secondaryPoint: '2.5', secondaryAward: '成交奖励1%+3000元/套' }), price).totalFen,
    );
    expect(estimatedCommissionFen(policy({ secondaryPoint: '2万/套', secondaryAward: '带看奖励200元/组' }), price)).toBe(20_000_00);
  });
  it('tells a fixed amount without a price, but not a percentage', () => {
    expect(estimatedCommissionFen(policy({ secondaryPoint: '20000元' }), null)).toBe(20_000_00);
    expect(estimatedCommissionFen(policy({ secondaryPoint: '3%' }), null)).toBeNull();
    expect(estimatedCommissionFen(policy({ secondaryPoint: '20000元', secondaryAward: '成交奖励1%' }), null)).toBeNull();
  });
  it('is unknown without a policy or with an unreadable point', () => {
    expect(estimatedCommissionFen(null, price)).toBeNull();
    expect(estimatedCommissionFen(policy({ secondaryPoint: '面议' }), price)).toBeNull();
  });
});

describe('listingCommissionFen', () => {
  const price = { packagePrice: 100, averagePrice: null, minFloorArea: null };
  it('reads the policy in force for the property type: a dated one before a long-term one', () => {
    const policies = [
      policy({ id: 1, secondaryPoint: '2%' }),
      policy({ id: 2, longTerm: false, policyStartDate: '2026-12-01', policyEndDate: '2026-12-31', secondaryPoint: '4%' }),
      policy({ id: 3, buildingProperty: 'SHOP', secondaryPoint: '6%' }),
    ];
    expect(listingCommissionFen(policies, 'RESIDENCE', '2026-12-07', price)).toBe(40_000_00);
    expect(listingCommissionFen(policies, 'RESIDENCE', '2027-01-01', price)).toBe(20_000_00);
    expect(listingCommissionFen(policies, 'SHOP', '2026-12-07', price)).toBe(60_000_00);
    expect(listingCommissionFen(policies, 'OFFICE', '2026-12-07', price)).toBeNull();
  });
});

describe('有激励 and 高佣', () => {
  it('counts a dated policy in force today, of any property type', () => {
    const dated = policy({ longTerm: false, policyStartDate: '2026-12-01', policyEndDate: '2026-12-10', buildingProperty: 'SHOP' });
    expect(hasIncentiveOn([policy({}), dated], '2026-12-07')).toBe(true);
    expect(hasIncentiveOn([policy({}), dated], '2026-12-11')).toBe(false);
    expect(hasIncentiveOn([policy({})], '2026-12-07')).toBe(false);
  });
  it('is at or above the line in 元', () => {
    expect(isHighCommission(30_000_00, 30_000)).toBe(true);
    expect(isHighCommission(29_999_99, 30_000)).toBe(false);
    expect(isHighCommission(null, 0)).toBe(false);
  });
});

describe('formatCommissionEstimate', () => {
  it('reads 万 from 1万 up, else 元, rounded', () => {
    expect(formatCommissionEstimate(60_000_00)).toBe('约6万/套');
    expect(formatCommissionEstimate(65_432_10)).toBe('约6.54万/套');
    expect(formatCommissionEstimate(8_000_40)).toBe('约8000元/套');
  });
});

describe('byCommission', () => {
  it('puts the larger estimate first, unknown last, ties by id', () => {
    const rows = [
      { id: 4, sortKey: commissionSortKey(null) },
      { id: 3, sortKey: commissionSortKey(10_00) },
      { id: 2, sortKey: commissionSortKey(50_00) },
      { id: 1, sortKey: commissionSortKey(10_00) },
    ];
    expect([...rows].sort(byCommission).map((r) => r.id)).toEqual([2, 1, 3, 4]);
    expect(commissionSortKey(9_999_999_999_99)).toBe(2_147_483_647);
  });
});
