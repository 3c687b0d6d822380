import { describe, expect, it } from 'vitest';
import { testPolicy } from './commission.fixtures';
import { messages } from '../messages';
import {
  adjustProblem,
  commissionOf,
  formatFen,
  formatFenGrouped,
  formatFenHeadline,
  parseYuan,
  paymentProblem,
  percentOf,
  policyForDeal,
  settlementState,
  settlementText,
} from './commission';

const policy = testPolicy;

// 3,000,000.00 元 = 300,000,000 分.
const PRICE = 300_000_000;

describe('commissionOf', () => {
  it.each([
    ['3%', '', 9_000_000, 0, '成交总价的 3%'],
    ['2.5', '', 7_500_000, 0, '成交总价的 2.5%'],
    ['旅程佣金2.5%', '', 7_500_000, 0, '成交总价的 2.5%'],
    ['1.25%', '成交奖励2000元/套', 3_750_000, 200_000, '成交总价的 1.25%'],
    ['2万/套', '', 2_000_000, 0, '固定 20000.00 元/套'],
    ['15000元', '认购即奖1000元/套', 1_500_000, 100_000, '固定 15000.00 元/套'],
    ['3%', '成交奖励1%+3000元/套', 9_000_000, 3_000_000 + 300_000, '成交总价的 3%'],
    ['1.5万', '成交奖励0.5万', 1_500_000, 500_000, '固定 15000.00 元/套'],
  ])('point %s award %s → base %i + incentive %i', (point, award, base, incentive, basis) => {
    const b = commissionOf(policy({ secondaryPoint: point, secondaryAward: award }), PRICE);
    expect(b).toEqual({ policyId: 1, basis, baseFen: base, incentiveFen: incentive, totalFen: base + incentive, notes: [] });
  });

  it('rounds a percentage half up to the 分 in integers', () => {
    expect(percentOf(333, 15_000)).toBe(5); // 3.33 元 × 1.5% = 0.04995 元 → 5 分
    expect(percentOf(100_000_000_000, 1_000_000)).toBe(100_000_000_000); // 100% of 10亿元, beyond float-safe products
    expect(commissionOf(policy({ secondaryPoint: '2.8%' }), 123_456_789).baseFen).toBe(3_456_790);
  });

  it('does not count a 带看 reward, names an unreadable point or award, and is 0 without a policy', () => {
    expect(commissionOf(policy({ secondaryAward: '带看奖励200元/组' }), PRICE)).toMatchObject({
      incentiveFen: 0,
      totalFen: 9_000_000,
      notes: [messages.deal.awardNotDeal('带看奖励200元/组')],
    });
    expect(commissionOf(policy({ secondaryPoint: '面议' }), PRICE)).toMatchObject({ baseFen: 0, notes: [messages.deal.pointUnreadable('面议')] });
    expect(commissionOf(policy({ secondaryAward: '送家电' }), PRICE)).toMatchObject({ incentiveFen: 0, notes: [messages.deal.awardUnreadable('送家电')] });
    expect(commissionOf(null, PRICE)).toEqual({ policyId: null, basis: '', baseFen: 0, incentiveFen: 0, totalFen: 0, notes: [messages.deal.noPolicy] });
  });
});

describe('policyForDeal', () => {
  const longTerm = policy({ id: 1, secondaryPoint: '2%', sort: 0 });
  const incentive = policy({ id: 2, longTerm: false, policyStartDate: '2026-03-01', policyEndDate: '2026-03-31', secondaryPoint: '3%', sort: 1 });
  const ended = policy({ id: 3, longTerm: false, policyStartDate: '2025-01-01', policyEndDate: '2025-12-31', secondaryPoint: '4%', sort: 2 });
  const shop = policy({ id: 4, buildingProperty: 'SHOP', secondaryPoint: '5%' });
  const all = [longTerm, incentive, ended, shop];

  it.each([
    ['2026-03-01', 'RESIDENCE', 2], // first day of the incentive period
    ['2026-03-31', 'RESIDENCE', 2], // its last day
    ['2026-04-01', 'RESIDENCE', 1], // after it: the long-term policy
    ['2026-02-28', 'RESIDENCE', 1], // before it
    ['2025-06-01', 'RESIDENCE', 3], // within the ended policy's period
    ['2026-03-15', 'SHOP', 4], // the deal's property type only
  ] as const)('signed %s, %s → policy %i', (day, property, id) => {
    expect(policyForDeal(all, property, day)?.id).toBe(id);
  });

  it('is null when no policy of the type is valid that day', () => {
    expect(policyForDeal(all, 'OFFICE', '2026-03-15')).toBeNull();
    expect(policyForDeal([incentive], 'RESIDENCE', '2026-04-01')).toBeNull();
  });
});

describe('settlement', () => {
  it.each([
    [100_00, 0, 'PENDING', '待结佣'],
    [100_00, 1, 'PARTIAL', '部分结佣'],
    [100_00, 99_99, 'PARTIAL', '部分结佣'],
    [100_00, 100_00, 'SETTLED', '已结佣'],
    [0, 0, 'PENDING', '待结佣'],
  ] as const)('commission %i, paid %i → %s', (commission, paid, state, label) => {
    expect(settlementState(commission, paid)).toBe(state);
    expect(settlementText(settlementState(commission, paid))).toBe(label);
  });

  it('refuses an overpayment and a non-positive amount in Chinese', () => {
    expect(paymentProblem(100_00, 40_00, 60_00)).toBeNull();
    expect(paymentProblem(100_00, 40_00, 60_01)).toBe(messages.deal.overpay('60.00'));
    expect(paymentProblem(100_00, 0, 0)).toBe(messages.deal.amountInvalid);
    expect(paymentProblem(100_00, 0, -5)).toBe(messages.deal.amountInvalid);
  });

  it('never adjusts below what was paid', () => {
    expect(adjustProblem(50_00, 50_00)).toBeNull();
    expect(adjustProblem(49_99, 50_00)).toBe(messages.deal.adjustBelowPaid('50.00'));
    expect(adjustProblem(-1, 0)).toBe(messages.deal.adjustInvalid);
  });
});

describe('money text', () => {
  it.each([
    ['1234.5', 123_450],
    ['0.01', 1],
    ['20000', 2_000_000],
    ['1.234', null],
    ['-1', null],
    ['1e5', null],
    ['', null],
  ] as const)('parseYuan(%s) → %s', (input, fen) => {
    expect(parseYuan(input)).toBe(fen);
  });
  it('formats 分 as 元 with two decimals', () => {
    expect(formatFen(123_450)).toBe('1234.50');
    expect(formatFen(5)).toBe('0.05');
    expect(formatFen(0)).toBe('0.00');
    expect(formatFenGrouped(123_456_789)).toBe('1,234,567.89');
    // Headline figures: 万元 from 10万元 up, rounded to the 元's hundredth of a 万.
    expect(formatFenHeadline(9_999_999)).toEqual({ value: '99,999.99', unit: '元' });
    expect(formatFenHeadline(10_000_000)).toEqual({ value: '10.00', unit: '万元' });
    expect(formatFenHeadline(2_223_000_000)).toEqual({ value: '2,223.00', unit: '万元' });
    expect(formatFenHeadline(44_503_049)).toEqual({ value: '44.50', unit: '万元' });
    expect(formatFenGrouped(100_000)).toBe('1,000.00');
    expect(formatFenGrouped(99_999)).toBe('999.99');
    expect(formatFenGrouped(-123_456_789)).toBe('-1,234,567.89');
  });
});
