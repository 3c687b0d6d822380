import { describe, expect, it } from 'vitest';
import { commissionPointText, formatCommission, formatLeadTime, formatProtectPeriod, formatShowPrice } from './house-format';

describe('formatShowPrice', () => {
  it('prefers the package price and drops .00', () => {
    expect(formatShowPrice(120, 15000)).toEqual({ price: '120', unit: '万/套' });
    expect(formatShowPrice(98.5, null)).toEqual({ price: '98.50', unit: '万/套' });
  });
  it('falls back to the average price, then 暂无', () => {
    expect(formatShowPrice(null, 16800)).toEqual({ price: '16800', unit: '元/㎡' });
    expect(formatShowPrice(0, 0)).toEqual({ price: '暂无', unit: '' });
  });
});

describe('formatProtectPeriod', () => {
  it('keeps hours up to 24 and shows days plus hours above', () => {
    expect(formatProtectPeriod(12)).toBe('12小时');
    expect(formatProtectPeriod(24)).toBe('24小时');
    expect(formatProtectPeriod(48)).toBe('2天');
    expect(formatProtectPeriod(100)).toBe('4天4小时');
  });
});

describe('formatCommission', () => {
  it('shows a % value as is and wraps a bare number', () => {
    expect(formatCommission('3%')).toBe('3%');
    expect(formatCommission('2.5')).toBe('佣金 2.5%');
    expect(formatCommission('')).toBe('');
  });
  it('shows a fixed amount or any other text as written, never with a % added', () => {
    expect(formatCommission('2万/套')).toBe('2万/套');
    expect(formatCommission(' 20000元/套 ')).toBe('20000元/套');
    expect(formatCommission('面议')).toBe('面议');
    expect(formatCommission(' 3 ')).toBe('佣金 3%');
  });
  it('reads a labelled point with its % and nothing else', () => {
    expect(commissionPointText('2.5')).toBe('2.5%');
    expect(commissionPointText('3%')).toBe('3%');
    expect(commissionPointText('2万/套')).toBe('2万/套');
    expect(commissionPointText('')).toBe('');
  });
});

describe('formatLeadTime', () => {
  it('uses minutes under an hour and hours with one decimal above', () => {
    expect(formatLeadTime(45)).toBe('45分钟');
    expect(formatLeadTime(60)).toBe('1小时');
    expect(formatLeadTime(120)).toBe('2小时');
    expect(formatLeadTime(90)).toBe('1.5小时');
  });
});
