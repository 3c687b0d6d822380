/**
 * Part 1, section 9: "a list is finished when the returned page has fewer than the page size".
 * The next page number for TanStack Query's `getNextPageParam`, or undefined when finished.
 */
export function nextPageAfter(last: { list: readonly unknown[] }, loadedPages: number, pageSize: number): number | undefined {
  return last.list.length < pageSize ? undefined : loadedPages + 1;
}
