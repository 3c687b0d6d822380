import { desc, eq } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { jobFailure } from '../db/schema';

export interface JobFailureInput {
  queue: string;
  jobId: string;
  attempt: number;
  final: boolean;
  error: string;
}

/** The failed attempts of queued jobs, newest first: what a console page lists (docs/decisions/051). */
export function createJobFailureRepository(db: Executor) {
  return {
    async record(failure: JobFailureInput): Promise<void> {
      await db.insert(jobFailure).values(failure);
    },
    async list(page: { limit: number; offset: number }, filter: { finalOnly?: boolean } = {}) {
      const query = db
        .select({
          id: jobFailure.id,
          queue: jobFailure.queue,
          jobId: jobFailure.jobId,
          attempt: jobFailure.attempt,
          final: jobFailure.final,
          error: jobFailure.error,
          failedAt: jobFailure.failedAt,
        })
        .from(jobFailure)
        .$dynamic();
      const filtered = filter.finalOnly ? query.where(eq(jobFailure.final, true)) : query;
      return filtered.orderBy(desc(jobFailure.failedAt), desc(jobFailure.id)).limit(page.limit).offset(page.offset);
    },
  };
}

export type JobFailureRepository = ReturnType<typeof createJobFailureRepository>;
