import { describe, expect, it } from 'vitest';
import { duplicateKey, phoneMatch } from './duplicate-phone';

describe('phoneMatch: when two report numbers are one customer', () => {
  it('compares two whole numbers whole: the same number matches, another with the same ends does not', () => {
    expect(phoneMatch('13544440001', '13544440001')).toBe('whole');
    expect(phoneMatch('13544440001', '13566660001')).toBeNull();
  });

  it('compares by the first 3 and last 4 digits when either side is hidden', () => {
    expect(phoneMatch('135****0001', '13566660001')).toBe('pattern');
    expect(phoneMatch('13544440001', '135****0001')).toBe('pattern');
    expect(phoneMatch('135****0001', '135****0001')).toBe('pattern');
    expect(phoneMatch('135****0001', '135****0002')).toBeNull();
    expect(phoneMatch('136****0001', '13544440001')).toBeNull();
  });

  it('keys every number by its pattern, the coarser side of both comparisons', () => {
    expect(duplicateKey('13544440001')).toBe('135****0001');
    expect(duplicateKey('135****0001')).toBe('135****0001');
  });
});
