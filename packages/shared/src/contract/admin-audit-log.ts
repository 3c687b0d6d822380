import {
  adminAuditLogActorsQuerySchema,
  adminAuditLogActorsSchema,
  adminAuditLogListQuerySchema,
  adminAuditLogListSchema,
} from '../schemas/admin-audit-log';
import { consoleRead } from './access';
import { defineEndpoint } from './endpoint';

/**
 * 操作日志 (issue 16, item 6; docs/decisions/050), under /api/admin/audit-log/. Both console
 * roles read the host's company's log (a platform administrator reads another company's on its host).
 */

export const adminAuditLogApi = {
  list: defineEndpoint({
    method: 'GET',
    path: '/api/admin/audit-log/list',
    tags: ['admin'],
    summary: "The company's audit rows newest first, by actor, object (entity, id), action and days; keyset pages (cursor)",
    query: adminAuditLogListQuerySchema,
    data: adminAuditLogListSchema,
    access: consoleRead('audit'),
  }),
  actors: defineEndpoint({
    method: 'GET',
    path: '/api/admin/audit-log/actors',
    tags: ['admin'],
    summary: "The company's accounts whose name or phone holds the keyword (20 at most; none: the console accounts), for the actor filter",
    query: adminAuditLogActorsQuerySchema,
    data: adminAuditLogActorsSchema,
    access: consoleRead('audit'),
  }),
};
