/**
 * Part 1, section 9: "a list is finished when the returned page has fewer than the page size";
 * part 2: refresh resets the page to 1. A scrolling list pages by cursor (docs/decisions/016):
 * each page answers `nextCursor`, and the next page is asked with it (and its page number, as
 * the spec's query has it), so the server seeks past the last row instead of skipping the rows
 * before it, and rows added or removed meanwhile shift nothing. The first page has no cursor:
 * it is the one the server counts (tabs, totals), and refresh starts from it.
 */
export interface PageParam {
  page: number;
  cursor?: string;
}

/** TanStack Query's `initialPageParam` of every list: page 1, no cursor. */
export const FIRST_PAGE: PageParam = { page: 1 };

/** The next page for `getNextPageParam`, or undefined when finished (a short page). */
export function nextPageAfter(
  last: { list: readonly unknown[]; nextCursor?: string | null },
  loadedPages: number,
  pageSize: number,
): PageParam | undefined {
  if (last.list.length < pageSize) return undefined;
  return last.nextCursor ? { page: loadedPages + 1, cursor: last.nextCursor } : { page: loadedPages + 1 };
}

/** The query string of a page: `page` and `pageSize`, and `cursor` when it has one. */
export function pageQuery(param: PageParam, pageSize: number): { page: number; pageSize: number; cursor?: string } {
  return param.cursor ? { page: param.page, pageSize, cursor: param.cursor } : { page: param.page, pageSize };
}
