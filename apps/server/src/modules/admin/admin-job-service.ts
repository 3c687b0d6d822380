import { isPlatformAdmin } from '@baobei/shared/rules/access';
import type { AdminJobFailureList, AdminJobFailureListQuery } from '@baobei/shared/schemas/admin-job';
import type { JobFailureRepository } from '../../jobs/job-failure-repository';
import { pageWindow } from '../../lib/paging';
import type { SessionUser } from '../auth/session-repository';

/**
 * 后台任务 (issue 17, item 1; docs/decisions/056). The job queue is the instance's, shared by every
 * company: an OPERATOR reads the failures of jobs about its company's data (the failure's
 * company_id, in the WHERE), a PLATFORM_ADMIN every failure, the instance's own jobs included.
 */
export function createAdminJobService({ failures }: { failures: JobFailureRepository }) {
  return {
    async failures(actor: SessionUser, query: AdminJobFailureListQuery): Promise<AdminJobFailureList> {
      const instance = isPlatformAdmin(actor.role);
      const page = await failures.page(
        instance ? 'instance' : { companyId: actor.companyId },
        { queue: query.queue || undefined, final: query.result === '' ? undefined : query.result === 'final' },
        pageWindow(query),
      );
      return {
        list: page.rows.map((row) => ({
          id: row.id,
          queue: row.queue,
          jobId: row.jobId,
          attempt: row.attempt,
          final: row.final,
          error: row.error,
          failedAt: row.failedAt.toISOString(),
          companyId: row.companyId,
          companyTitle: row.companyTitle,
        })),
        total: page.total,
        page: query.page,
        pageSize: query.pageSize,
        scope: instance ? 'instance' : 'company',
      };
    },
  };
}

export type AdminJobService = ReturnType<typeof createAdminJobService>;
