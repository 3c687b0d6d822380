import { api } from '@baobei/shared/contract';
import type { Statement } from '@baobei/shared/schemas/statement';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { FIRST_PAGE, nextPageAfter, pageQuery, type PageParam } from '../../../lib/next-page';
import { RECORD_KEY_ROOT } from '../../../api/record-keys';

export const STATEMENT_PAGE_SIZE = 10;

/** A page of the statement, its deals as `list` (the paged list's shape). */
export type StatementPage = Statement & { list: Statement['deals'] };

/** POST /api/statement/get (docs/decisions/082): the general account's distributor's month, a page of its deals. */
export async function getStatement(month: string, page: PageParam, signal?: AbortSignal): Promise<StatementPage> {
  const data = await call(api.statement.get, { body: { month }, query: pageQuery(page, STATEMENT_PAGE_SIZE) }, { signal, quiet: true });
  return { ...data, list: data.deals };
}

/** Under the report domain's root: every report or deal change refreshes it. */
export const statementKey = (month: string) => [...RECORD_KEY_ROOT, 'statement', month] as const;

export function useStatement(month: string) {
  return useInfiniteQuery(
    infiniteQueryOptions({
      queryKey: statementKey(month),
      queryFn: ({ pageParam, signal }) => getStatement(month, pageParam, signal),
      initialPageParam: FIRST_PAGE,
      getNextPageParam: (last, pages) => nextPageAfter(last, pages.length, STATEMENT_PAGE_SIZE),
    }),
  );
}
