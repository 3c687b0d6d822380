import { z } from 'zod';
import { adminJobMessages as text_ } from '../messages/admin-job';
import { choice, dbInt, optionalText, pageNumber } from './fields';

/**
 * 后台任务 (issue 17, item 1; docs/decisions/056): the failed attempts of queued jobs. An operator
 * reads its company's; a platform administrator the instance's, every company's and none's.
 */

export const JOB_FAILURE_RESULTS = ['final', 'retrying'] as const;
export type JobFailureResult = (typeof JOB_FAILURE_RESULTS)[number];

/** `GET /api/admin/job-failure/list`: a queue, final or retrying (absent: all), ProTable's page. */
export const adminJobFailureListQuerySchema = z.object({
  queue: optionalText(text_.job, 50),
  result: choice(text_.result, JOB_FAILURE_RESULTS).optional().default(''),
  page: pageNumber.optional().default(1),
  pageSize: dbInt('每页条数', 1, 100).optional().default(20),
});
export type AdminJobFailureListQuery = z.infer<typeof adminJobFailureListQuerySchema>;

/** One failed attempt: never the job's data, only its queue, id, attempt and the error's (masked) message. */
export const adminJobFailureItemSchema = z.object({
  id: z.number(),
  /** The queue's name; adminJobMessages.jobNames labels it. */
  queue: z.string(),
  jobId: z.string(),
  /** 1 for the first try. */
  attempt: z.number(),
  /** No retry follows. */
  final: z.boolean(),
  error: z.string(),
  /** ISO time. */
  failedAt: z.string(),
  /** The company the job was about; null: the instance's own (platform administrator only). */
  companyId: z.number().nullable(),
  companyTitle: z.string(),
});
export type AdminJobFailureItem = z.infer<typeof adminJobFailureItemSchema>;

export const adminJobFailureListSchema = z.object({
  list: z.array(adminJobFailureItemSchema),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
  /** 'company': the host's company's failures (OPERATOR); 'instance': all of them (PLATFORM_ADMIN). */
  scope: z.enum(['company', 'instance']),
});
export type AdminJobFailureList = z.infer<typeof adminJobFailureListSchema>;
