import { describe, expect, it } from 'vitest';
import { nextPageAfter } from './next-page';

describe('nextPageAfter', () => {
  const page = (n: number) => ({ list: Array.from({ length: n }, (_, i) => i) });

  it('asks for the next page after a full page', () => {
    expect(nextPageAfter(page(8), 1, 8)).toBe(2);
    expect(nextPageAfter(page(8), 2, 8)).toBe(3);
  });

  it('is finished when a page is short', () => {
    expect(nextPageAfter(page(3), 2, 8)).toBeUndefined();
    expect(nextPageAfter(page(0), 1, 8)).toBeUndefined();
  });
});
