import { api } from '@baobei/shared/contract';
import type { AdminJobFailureList, JobFailureResult } from '@baobei/shared/schemas/admin-job';
import { call } from '../../../lib/api-client';

export interface JobFailureFilters {
  queue?: string | undefined;
  result?: JobFailureResult | undefined;
}

/** GET /api/admin/job-failure/list: a page of failed job attempts, newest first (the company's, or the instance's for a platform administrator). */
export function getJobFailures(page: number, pageSize: number, filters: JobFailureFilters): Promise<AdminJobFailureList> {
  const query: Record<string, string | number> = { page, pageSize };
  if (filters.queue) query.queue = filters.queue;
  if (filters.result) query.result = filters.result;
  return call(api.adminJob.failures, { query });
}
