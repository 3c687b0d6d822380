import { z } from 'zod';
import { adminAccessLogFilterSchema, adminAccessLogListQuerySchema, adminAccessLogListSchema } from '../schemas/admin-access-log';
import { consoleRead, consoleWrite } from './access';
import { defineEndpoint } from './endpoint';

/**
 * 访问日志 (issue 33, item 2; docs/decisions/092), under /api/admin/access-log/. 运营管理员 and 只读
 * read the host's company's log (area audit); only a scope that may change that area exports it:
 * the file hands personal-data access records out of the console, which is not a viewer's.
 * There is no call that changes or deletes a row.
 */
export const adminAccessLogApi = {
  list: defineEndpoint({
    method: 'GET',
    path: '/api/admin/access-log/list',
    tags: ['admin'],
    summary: "Who saw a customer's full phone number, newest first, by the customer's phone, the account and days; keyset pages (cursor)",
    query: adminAccessLogListQuerySchema,
    data: adminAccessLogListSchema,
    access: consoleRead('audit'),
  }),
  export: defineEndpoint({
    method: 'GET',
    path: '/api/admin/access-log/export',
    tags: ['admin'],
    summary: 'The access log as filtered, newest first, as an .xlsx file (audited as export.access-log)',
    query: adminAccessLogFilterSchema,
    data: z.null(),
    file: true,
    access: consoleWrite('audit'),
  }),
};
