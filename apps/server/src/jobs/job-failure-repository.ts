import { and, asc, count, desc, eq, inArray, lt, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { company, jobFailure, record } from '../db/schema';

export interface JobFailureInput {
  queue: string;
  jobId: string;
  attempt: number;
  final: boolean;
  error: string;
  /** The company the job was about, when the caller knows it. */
  companyId?: number | null;
  /** A report the job was about: its company is the failure's when no companyId is given. */
  recordId?: number | null;
}

/** Who reads the list (docs/decisions/056): one company's failures, or the instance's all. */
export type JobFailureScope = { companyId: number } | 'instance';

export interface JobFailureFilter {
  queue?: string | undefined;
  /** true: the attempts no retry follows; false: those a retry follows. */
  final?: boolean | undefined;
}

/** The failed attempts of queued jobs, newest first: what the console's 后台任务 lists (docs/decisions/051, 056). */
export function createJobFailureRepository(db: Executor) {
  function where(scope: JobFailureScope, filter: JobFailureFilter): SQL | undefined {
    return and(
      scope === 'instance' ? undefined : eq(jobFailure.companyId, scope.companyId),
      filter.queue ? eq(jobFailure.queue, filter.queue) : undefined,
      filter.final === undefined ? undefined : eq(jobFailure.final, filter.final),
    );
  }

  /** A page of the scope's failures with the company's title, newest first, and the total. */
  async function page(scope: JobFailureScope, filter: JobFailureFilter, window: { limit: number; offset: number }) {
    const condition = where(scope, filter);
    const [rows, [total]] = await Promise.all([
      db
        .select({
          id: jobFailure.id,
          queue: jobFailure.queue,
          jobId: jobFailure.jobId,
          attempt: jobFailure.attempt,
          final: jobFailure.final,
          error: jobFailure.error,
          failedAt: jobFailure.failedAt,
          companyId: jobFailure.companyId,
          companyTitle: sql<string>`coalesce(${company.title}, '')`,
        })
        .from(jobFailure)
        .leftJoin(company, eq(company.id, jobFailure.companyId))
        .where(condition)
        .orderBy(desc(jobFailure.failedAt), desc(jobFailure.id))
        .limit(window.limit)
        .offset(window.offset),
      db.select({ n: count() }).from(jobFailure).where(condition),
    ]);
    return { rows, total: Number(total?.n ?? 0) };
  }

  return {
    page,
    /** A report's company is read in the insert: the job's data holds ids only, never its fields. */
    async record(failure: JobFailureInput): Promise<void> {
      const { recordId, companyId, ...row } = failure;
      const ofRecord = recordId ? sql`(select ${record.companyId} from ${record} where ${record.id} = ${recordId})` : null;
      await db.insert(jobFailure).values({ ...row, companyId: companyId ?? ofRecord });
    },

    /**
     * Up to `batch` failed attempts older than `cutoff`, oldest first (the end of
     * job_failure_failed_idx): the nightly housekeeping, in short statements (docs/decisions/057, 063).
     */
    async deleteOlderThan(cutoff: Date, batch: number, tx: Executor = db): Promise<number> {
      const old = tx
        .select({ id: jobFailure.id })
        .from(jobFailure)
        .where(lt(jobFailure.failedAt, cutoff))
        .orderBy(asc(jobFailure.failedAt), asc(jobFailure.id))
        .limit(batch);
      const rows = await tx.delete(jobFailure).where(inArray(jobFailure.id, old)).returning({ id: jobFailure.id });
      return rows.length;
    },

    async list(window: { limit: number; offset: number }, filter: { finalOnly?: boolean } = {}) {
      return (await page('instance', filter.finalOnly ? { final: true } : {}, window)).rows;
    },
  };
}

export type JobFailureRepository = ReturnType<typeof createJobFailureRepository>;
