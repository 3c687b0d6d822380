import { describe, expect, it } from 'vitest';
import { FIRST_PAGE, nextPageAfter, pageQuery } from './next-page';

describe('nextPageAfter', () => {
  const page = (n: number, nextCursor: string | null = n === 8 ? 'c' : null) => ({ list: Array.from({ length: n }, (_, i) => i), nextCursor });

  it('asks for the next page with the cursor of a full page', () => {
    expect(nextPageAfter(page(8), 1, 8)).toEqual({ page: 2, cursor: 'c' });
    expect(nextPageAfter(page(8), 2, 8)).toEqual({ page: 3, cursor: 'c' });
  });

  it('is finished when a page is short, whatever the cursor', () => {
    expect(nextPageAfter(page(3), 2, 8)).toBeUndefined();
    expect(nextPageAfter(page(0), 1, 8)).toBeUndefined();
    expect(nextPageAfter(page(3, 'c'), 2, 8)).toBeUndefined();
  });

  it('falls back on the page number when a full page carries no cursor', () => {
    expect(nextPageAfter(page(8, null), 1, 8)).toEqual({ page: 2 });
    expect(nextPageAfter({ list: [1, 2] }, 1, 2)).toEqual({ page: 2 });
  });
});

describe('pageQuery', () => {
  it('starts without a cursor and sends one when it has it', () => {
    expect(pageQuery(FIRST_PAGE, 8)).toEqual({ page: 1, pageSize: 8 });
    expect(pageQuery({ page: 3, cursor: 'abc' }, 20)).toEqual({ page: 3, pageSize: 20, cursor: 'abc' });
  });
});
