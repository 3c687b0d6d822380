import { adminJobFailureListQuerySchema, adminJobFailureListSchema } from '../schemas/admin-job';
import { consoleRead } from './access';
import { defineEndpoint } from './endpoint';

/**
 * 后台任务 (issue 17, item 1; docs/decisions/056), under /api/admin/job-failure/. The job queue is
 * the instance's: an OPERATOR reads the failures of jobs about its company's data, a
 * PLATFORM_ADMIN every failure (every company's and the instance's own).
 */

export const adminJobApi = {
  failures: defineEndpoint({
    method: 'GET',
    path: '/api/admin/job-failure/list',
    tags: ['admin'],
    summary: "Failed job attempts newest first (queue, attempt, final or retrying, the error's message, time), by queue and result; the caller's company, or the instance's for a platform administrator",
    query: adminJobFailureListQuerySchema,
    data: adminJobFailureListSchema,
    access: consoleRead('audit'),
  }),
};
