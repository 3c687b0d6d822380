import { z } from 'zod';
import { adminPaymentExportQuerySchema, adminStaffExportQuerySchema, adminStatisticsExportQuerySchema } from '../schemas/admin-export';
import { adminRecordFilterSchema } from '../schemas/admin-record';
import { adminStatementExportQuerySchema } from '../schemas/statement';
import { adminDashboardQuerySchema } from '../schemas/dashboard';
import { consoleRead } from './access';
import { defineEndpoint } from './endpoint';

/**
 * 数据导出 (issue 16, item 4; docs/decisions/049), under /api/admin/export/. Each answers an
 * .xlsx file streamed as it is written (`file: true`), with the row count in `X-Export-Rows`
 * before the body; a refusal before the file starts (bad filter, wrong role) is the envelope
 * with a Chinese `msg`. Every call acts on the host's company and writes an audit row.
 */

export const adminExportApi = {
  records: defineEndpoint({
    method: 'GET',
    path: '/api/admin/export/records',
    tags: ['admin'],
    summary: 'The report table as filtered (its own filter), one row per report, newest first, as an .xlsx file',
    query: adminRecordFilterSchema,
    data: z.null(),
    file: true,
    access: consoleRead('exports'),
  }),
  statistics: defineEndpoint({
    method: 'GET',
    path: '/api/admin/export/statistics',
    tags: ['admin'],
    summary: 'The report funnel by distributor, by broker and by listing for a period, as an .xlsx file of three sheets',
    query: adminStatisticsExportQuerySchema,
    data: z.null(),
    file: true,
    access: consoleRead('exports'),
  }),
  staff: defineEndpoint({
    method: 'GET',
    path: '/api/admin/export/staff',
    tags: ['admin'],
    summary: "The accounts of the company's distributors (distributor, shop, role, phone, active) as an .xlsx file",
    query: adminStaffExportQuerySchema,
    data: z.null(),
    file: true,
    access: consoleRead('exports'),
  }),
  payments: defineEndpoint({
    method: 'GET',
    path: '/api/admin/export/payments',
    tags: ['admin'],
    summary: "The company's commission payments (结佣明细) paid in a period, one row per payment with its deal and report, newest first, as an .xlsx file",
    query: adminPaymentExportQuerySchema,
    data: z.null(),
    file: true,
    access: consoleRead('exports'),
  }),
  dashboard: defineEndpoint({
    method: 'GET',
    path: '/api/admin/export/dashboard',
    tags: ['admin'],
    summary: '数据驾驶舱 as filtered (docs/decisions/087): 概览 (figures against the period before, the funnel), 趋势, a ranking sheet per dimension and 审核员, as an .xlsx file',
    query: adminDashboardQuerySchema,
    data: z.null(),
    file: true,
    access: consoleRead('exports'),
  }),
  statement: defineEndpoint({
    method: 'GET',
    path: '/api/admin/export/statement',
    tags: ['admin'],
    summary: "One distributor's 对账单 of a month (docs/decisions/082): its deals with owed, paid and pending, a 合计 row, and every payment of them with its 发票号 (reversed ones marked), as an .xlsx file of two sheets",
    query: adminStatementExportQuerySchema,
    data: z.null(),
    file: true,
    access: consoleRead('exports'),
  }),
};
