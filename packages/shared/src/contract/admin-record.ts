import {
  adminRecordDetailSchema,
  adminRecordIdQuerySchema,
  adminRecordListQuerySchema,
  adminRecordListSchema,
  adminRecordOptionsQuerySchema,
  adminRecordOptionsSchema,
  adminRecordReassignSchema,
  adminRecordReopenSchema,
  adminRecordRowSchema,
} from '../schemas/admin-record';
import { consoleRead, consoleWrite } from './access';
import { defineEndpoint } from './endpoint';

/**
 * 报备管理 (issue 16, item 3; docs/decisions/048), under /api/admin/record/. Every call acts on
 * the host's company for both console roles: another company's report is 404. The console
 * reads reports as the company's AUDITORADMIN does and acts as one: reassign and reopen go
 * through the shared status machine, name the version read (409 with { reload, version } when
 * stale) and write a history row and an audit row.
 */
const tags = ['admin'];

export const adminRecordApi = {
  list: defineEndpoint({
    method: 'GET',
    path: '/api/admin/record/list',
    tags,
    summary: "The company's reports, newest first, by the mobile list's filters and keyword; page paging with the total",
    query: adminRecordListQuerySchema,
    data: adminRecordListSchema,
    access: consoleRead('reports'),
  }),
  get: defineEndpoint({
    method: 'GET',
    path: '/api/admin/record/get',
    tags,
    summary: 'A report with its history (status changes), images and dynamics',
    query: adminRecordIdQuerySchema,
    data: adminRecordDetailSchema,
    access: consoleRead('reports'),
  }),
  options: defineEndpoint({
    method: 'GET',
    path: '/api/admin/record/options',
    tags,
    summary: "The filter form's choices: the company's listings, distributors, brokers or auditors by name (50 at most)",
    query: adminRecordOptionsQuerySchema,
    data: adminRecordOptionsSchema,
    access: consoleRead('reports'),
  }),
  reassign: defineEndpoint({
    method: 'POST',
    path: '/api/admin/record/reassign',
    tags,
    summary: 'Give a report to another active auditor of the company (the open counts follow); 409 when `version` is stale',
    body: adminRecordReassignSchema,
    data: adminRecordRowSchema,
    access: consoleWrite('reports'),
  }),
  reopen: defineEndpoint({
    method: 'POST',
    path: '/api/admin/record/reopen',
    tags,
    summary: 'A closed report (报备无效, 成交关闭) back to its previous open status; 409 when `version` is stale',
    body: adminRecordReopenSchema,
    data: adminRecordRowSchema,
    access: consoleWrite('reports'),
  }),
};
