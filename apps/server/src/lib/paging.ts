/** Lists take `page` and `pageSize` (ARCHITECTURE.md, API) and answer `{ list, total, page, pageSize }`. */
export interface PageQuery {
  page: number;
  pageSize: number;
}

export interface Page<T> extends PageQuery {
  list: T[];
  total: number;
}

/** LIMIT and OFFSET of a page (pages count from 1). */
export function pageWindow({ page, pageSize }: PageQuery): { limit: number; offset: number } {
  return { limit: pageSize, offset: (page - 1) * pageSize };
}
