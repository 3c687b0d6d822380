import { api } from '@baobei/shared/contract';
import type { AdminStatementList, Statement } from '@baobei/shared/schemas/statement';
import { call } from '../../../lib/api-client';

/** GET /api/admin/statement/list (docs/decisions/082): the month's distributors with deals, a page of them. */
export function listStatements(query: { month: string; distributorId?: number; page: number; pageSize: number }, signal?: AbortSignal): Promise<AdminStatementList> {
  return call(api.adminStatement.list, { query }, { signal });
}

/** GET /api/admin/statement/get: one distributor's month, its sums and a page of its deals with their payments. */
export function getStatement(query: { distributorId: number; month: string; page: number; pageSize: number }, signal?: AbortSignal): Promise<Statement> {
  return call(api.adminStatement.get, { query }, { signal });
}
