import type { FastifyBaseLogger } from 'fastify';
import { monthsBefore } from '@baobei/shared/rules/retention';
import type { Db, Executor } from '../../db/client';
import { writeAuditLog } from '../../db/audit-log';
import type { CustomerAnonymiseRepository } from '../customer/customer-anonymise-repository';
import type { RecordAnonymiseRepository, RetentionCursor } from '../record/record-anonymise-repository';
import { addCounts, NO_COUNTS, type AnonymisedCounts, type Anonymiser } from './anonymiser';
import type { PrivacyRepository } from './privacy-repository';
import { nextTurn } from '../../lib/next-turn';

/** Reports (or customers) one batch takes: each batch is one transaction. */
export const RETENTION_BATCH = 200;

export interface RetentionRun {
  counts: AnonymisedCounts;
  batches: number;
  /** False when the budget ran out with rows still due: the next night goes on. */
  finished: boolean;
}

export interface RetentionRunOptions {
  /** The run's connection (the job's, holding its lock); default the service's database. */
  db?: Executor;
  budgetMs?: number;
  batchSize?: number;
  /** Tests: called inside each batch's transaction after its writes, before the commit (a kill there). */
  onBatch?: (stage: RetentionStage, ids: number[]) => void | Promise<void>;
}

export type RetentionStage = 'pictures' | 'reports' | 'customers';

export interface RetentionDeps {
  db: Db;
  log: FastifyBaseLogger;
  now?: () => Date;
  anonymiser: Anonymiser;
  records: Pick<RecordAnonymiseRepository, 'due'>;
  customers: Pick<CustomerAnonymiseRepository, 'due'>;
  settings: Pick<PrivacyRepository, 'retentionSettings'>;
}

/**
 * 数据保留 (issue 33 item 3, docs/decisions/093), nightly: per company, the pictures of reports
 * closed more than M months ago, then the customer of reports closed more than N months ago, then
 * the book's customers all of whose reports are anonymised and quiet for N months. Bounded
 * batches, each its own transaction with its audit row ('privacy.retention', the counts): a kill
 * loses at most the batch under way, which rolls back whole and is taken again by the next run;
 * the markers make a re-run change nothing.
 */
export function createRetention(deps: RetentionDeps) {
  const clock = deps.now ?? (() => new Date());

  async function run(options: RetentionRunOptions = {}): Promise<RetentionRun> {
    const now = clock();
    const started = performance.now();
    const runDb = (options.db ?? deps.db) as Db;
    const limit = options.batchSize ?? RETENTION_BATCH;
    const budget = options.budgetMs ?? Number.POSITIVE_INFINITY;
    const result: RetentionRun = { counts: NO_COUNTS, batches: 0, finished: true };
    const overBudget = () => performance.now() - started >= budget;

    /** One batch in its own transaction, with its audit row; answers what it changed. */
    async function batch(companyId: number, stage: RetentionStage, ids: number[]): Promise<void> {
      const counts = await runDb.transaction(async (tx) => {
        const done =
          stage === 'pictures'
            ? await deps.anonymiser.reportPictures(tx, companyId, ids, now)
            : stage === 'reports'
              ? await deps.anonymiser.reports(tx, companyId, ids, now)
              : await deps.anonymiser.customers(tx, companyId, ids, now);
        await writeAuditLog(tx, { companyId, actorId: null, action: 'privacy.retention', entity: 'company', entityId: companyId, detail: { stage, ...done } });
        await options.onBatch?.(stage, ids);
        return done;
      });
      result.counts = addCounts(result.counts, counts);
      result.batches += 1;
    }

    /** Walks one stage of closed reports by (closing time, id) until none is due or the budget is spent. */
    async function walkReports(companyId: number, stage: 'pictures' | 'reports', closedBefore: Date): Promise<boolean> {
      let after: RetentionCursor | null = null;
      for (;;) {
        const due = await deps.records.due(stage === 'reports' ? 'anonymise' : 'pictures', companyId, closedBefore, limit, after);
        if (due.length > 0) await batch(companyId, stage, due.map((d) => d.id));
        const last = due.at(-1);
        if (due.length < limit || !last) return true;
        after = last;
        if (overBudget()) return false;
        await nextTurn();
      }
    }

    for (const company of await deps.settings.retentionSettings()) {
      const dataCutoff = monthsBefore(now, company.retentionMonths);
      const finished =
        (await walkReports(company.id, 'pictures', monthsBefore(now, company.pictureRetentionMonths))) &&
        (await walkReports(company.id, 'reports', dataCutoff)) &&
        (await (async () => {
          // Anonymised customers leave the due set, so each batch reads from the start.
          for (;;) {
            const ids = await deps.customers.due(company.id, dataCutoff, limit);
            if (ids.length > 0) await batch(company.id, 'customers', ids);
            if (ids.length < limit) return true;
            if (overBudget()) return false;
            await nextTurn();
          }
        })());
      if (!finished) {
        result.finished = false;
        break;
      }
    }
    // Counts only: no name or phone in the log.
    if (result.batches > 0 || !result.finished) deps.log.info({ ...result, ms: Math.round(performance.now() - started) }, 'data retention ran');
    return result;
  }

  return { run };
}

export type Retention = ReturnType<typeof createRetention>;
