import {
  adminStatementGetQuerySchema,
  adminStatementListQuerySchema,
  adminStatementListSchema,
  statementBodySchema,
  statementQuerySchema,
  statementSchema,
} from '../schemas/statement';
import { consoleRead } from './access';
import { defineEndpoint } from './endpoint';

/**
 * 对账单 (issue 30, item 6; docs/decisions/082): a distributor's deals of a month by signing
 * date, with owed, paid (reversed payments listed, not summed) and pending. The console reads
 * any distributor of the host's company (another company's is 404); on the phone the general
 * account reads its own distributor's only (a shop manager without distributorControl is 403).
 */
export const adminStatementApi = {
  list: defineEndpoint({
    method: 'GET',
    path: '/api/admin/statement/list',
    tags: ['admin'],
    summary: 'One row per distributor with deals signed in the month (default: this month): count, value, owed, paid, pending; page paging with the total and the sums of all',
    query: adminStatementListQuerySchema,
    data: adminStatementListSchema,
    access: consoleRead('statements'),
  }),
  get: defineEndpoint({
    method: 'GET',
    path: '/api/admin/statement/get',
    tags: ['admin'],
    summary: 'One distributor’s statement of a month: its sums, and a page of its deals each with its payments (date, amount, 发票号, reversed)',
    query: adminStatementGetQuerySchema,
    data: statementSchema,
    access: consoleRead('statements'),
  }),
};

export const statementApi = {
  get: defineEndpoint({
    method: 'POST',
    path: '/api/statement/get',
    tags: ['statement'],
    summary: 'The general account’s own distributor’s statement of a month, as /api/admin/statement/get; a shop manager without distributorControl 403',
    query: statementQuerySchema,
    body: statementBodySchema,
    data: statementSchema,
    access: { auth: 'required', page: 'statement' },
  }),
};
