/** Lists take `page` and `pageSize` (ARCHITECTURE.md, API) and answer `{ list, total, page, pageSize }`. */
export interface PageQuery {
  page: number;
  pageSize: number;
}

export interface Page<T> extends PageQuery {
  list: T[];
  total: number;
}

/** A keyset list's query (docs/decisions/016): the page, and the decoded cursor of the page before when one was sent. */
export interface KeysetQuery<V> extends PageQuery {
  cursor?: V | undefined;
}

/** A keyset list's page: `total` counted only without a cursor, and the next page's cursor. */
export interface KeysetPage<T> extends PageQuery {
  list: T[];
  total: number | null;
  nextCursor: string | null;
}

/** LIMIT and OFFSET of a page (pages count from 1). */
export function pageWindow({ page, pageSize }: PageQuery): { limit: number; offset: number } {
  return { limit: pageSize, offset: (page - 1) * pageSize };
}

/** What a keyset list's repository reads: LIMIT, and either the cursor to seek past or the OFFSET of a numbered page. */
export interface KeysetWindow<V> {
  limit: number;
  offset: number;
  after?: V | undefined;
}

/** With a cursor the page number is only echoed: the rows after the cursor, no OFFSET. */
export function keysetWindow<V>(query: KeysetQuery<V>): KeysetWindow<V> {
  return query.cursor ? { limit: query.pageSize, offset: 0, after: query.cursor } : pageWindow(query);
}

/** The next page's cursor: null when the page is short (the list is finished, part 1 section 9). */
export function nextCursorOf<T>(rows: readonly T[], pageSize: number, cursorOf: (last: T) => string): string | null {
  const last = rows[rows.length - 1];
  return rows.length < pageSize || last === undefined ? null : cursorOf(last);
}

/**
 * A keyset list's answer: the page echoed, `total` as counted (null on a cursor page), and the
 * next cursor from the last row read (`rows` are the repository's rows, `list` what is sent).
 */
export function keysetPage<T, R>(query: PageQuery, rows: readonly R[], list: T[], total: number | null, cursorOf: (last: R) => string): KeysetPage<T> {
  return { list, total, page: query.page, pageSize: query.pageSize, nextCursor: nextCursorOf(rows, query.pageSize, cursorOf) };
}
