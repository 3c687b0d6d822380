import { describe, expect, it } from 'vitest';
import { escapeLike, hasCase } from '../../db/sql/text-search';
import { parsePriceRange } from './house-repository';

describe('keyword helpers', () => {
  it('escapes the LIKE wildcards and the escape character', () => {
    expect(escapeLike('100%_海景\\')).toBe('100\\%\\_海景\\\\');
    expect(escapeLike('海口湾')).toBe('海口湾');
  });

  it('tells keywords whose case matters (ILIKE) from those where it cannot (LIKE)', () => {
    expect(hasCase('海口湾')).toBe(false);
    expect(hasCase('2期 100%')).toBe(false);
    expect(hasCase('Sky')).toBe(true);
    expect(hasCase('海口SKY')).toBe(true);
    expect(hasCase('ＡＢＣ')).toBe(true);
  });
});

describe('parsePriceRange', () => {
  it('reads PRICE_OPTIONS values in 万', () => {
    expect(parsePriceRange('100-150')).toEqual({ min: 100, max: 150 });
    expect(parsePriceRange('0-100')).toEqual({ min: 0, max: 100 });
    expect(parsePriceRange('500-')).toEqual({ min: 500, max: null });
    expect(parsePriceRange('')).toBeNull();
    expect(parsePriceRange('cheap')).toBeNull();
  });
});
