import {
  batchAccountSchema,
  batchHouseSchema,
  batchPaySchema,
  batchReassignSchema,
  batchResultSchema,
  batchReviewSchema,
} from '../schemas/admin-batch';
import { consoleWrite, houseRef } from './access';
import { defineEndpoint } from './endpoint';

/**
 * The console tables' batch actions (issue 30, item 3; docs/decisions/084): the selected rows'
 * ids (at most 100). An id outside the host's company is 404 and nothing is done; then each row
 * is done as its one-row call does it, with its own audit row, and the answer says row by row
 * what was done and why a row was not.
 */
export const adminBatchApi = {
  withdrawHouses: defineEndpoint({
    method: 'POST',
    path: '/api/admin/house/batch-withdraw',
    tags: ['admin'],
    summary: "批量下架: withdraw the selected listings from the app (each at its version now; one withdrawn already stays so)",
    body: batchHouseSchema,
    data: batchResultSchema,
    access: consoleWrite('houses', { object: houseRef('body', 'ids', { many: true }) }),
  }),
  restoreHouses: defineEndpoint({
    method: 'POST',
    path: '/api/admin/house/batch-restore',
    tags: ['admin'],
    summary: '批量上架: put the selected withdrawn listings back in the app',
    body: batchHouseSchema,
    data: batchResultSchema,
    access: consoleWrite('houses', { object: houseRef('body', 'ids', { many: true }) }),
  }),
  reviewRegistrations: defineEndpoint({
    method: 'POST',
    path: '/api/admin/registration/batch-review',
    tags: ['admin'],
    summary: '批量通过 / 批量驳回 the selected registrations (a rejection needs its reason); each approval creates its distributor and general account',
    body: batchReviewSchema,
    data: batchResultSchema,
    access: consoleWrite('distributors', { object: { from: 'body', field: 'ids', kind: 'registration', many: true } }),
  }),
  reassignRecords: defineEndpoint({
    method: 'POST',
    path: '/api/admin/record/batch-reassign',
    tags: ['admin'],
    summary: '批量更换审核员: give the selected reports to another active, on-duty auditor of the company',
    body: batchReassignSchema,
    data: batchResultSchema,
    access: consoleWrite('reports'),
  }),
  disableAccounts: defineEndpoint({
    method: 'POST',
    path: '/api/admin/account/batch-disable',
    tags: ['admin'],
    summary: "批量停用: disable the selected accounts of 账号管理 (their sessions end); never one's own",
    body: batchAccountSchema,
    data: batchResultSchema,
    access: consoleWrite('accounts'),
  }),
  payDeals: defineEndpoint({
    method: 'POST',
    path: '/api/admin/deal/batch-pay',
    tags: ['admin'],
    summary: "批量结佣: pay each selected report's deal its whole pending commission on one day under one reference; Idempotency-Key accepted",
    body: batchPaySchema,
    data: batchResultSchema,
    access: consoleWrite('deals'),
  }),
};
