import type { FastifyBaseLogger } from 'fastify';
import type { Db, Executor } from '../../db/client';
import type { Notify } from '../message/message-service';
import { createVisitReminderRepository, type ReminderCursor } from './visit-reminder-repository';
import { nextTurn } from '../../lib/next-turn';

/** Reports one batch reads; a run goes on until fewer are due, or its time is up. */
export const REMINDER_BATCH = 200;

export interface ReminderRun {
  /** Reminders this run recorded (each with its message). */
  reminded: number;
  /** Due reports another run (or a change) took first: marked by nobody here, sent nothing. */
  missed: number;
  batches: number;
  /** False when the budget ran out with reports still due. */
  finished: boolean;
}

export interface ReminderRunOptions {
  /** The run's connection (the job's, holding its lock); default the service's database. */
  db?: Executor;
  /** No new batch once the run has taken this long (ms); default none. */
  budgetMs?: number;
  batchSize?: number;
}

export interface VisitReminderDeps {
  db: Db;
  log: FastifyBaseLogger;
  /** The clock (tests move it). */
  now?: () => Date;
  /** The reporter's VISIT_REMINDER message, written in the mark's transaction. */
  notify?: Notify;
}

/**
 * 到访提醒 (issue 32, item 2; docs/decisions/089): every minute, the waiting reports whose
 * expected visit is within their company's lead get one message to their reporter. Once: the
 * report is marked by a guarded update (only while unmarked) and the message is written in that
 * transaction, so two runs, two instances or a retried job never send it twice.
 */
export function createVisitReminders(deps: VisitReminderDeps) {
  const clock = deps.now ?? (() => new Date());

  async function run(options: ReminderRunOptions = {}): Promise<ReminderRun> {
    const now = clock();
    const started = performance.now();
    const runDb = (options.db ?? deps.db) as Db;
    const repository = createVisitReminderRepository(runDb);
    const limit = options.batchSize ?? REMINDER_BATCH;
    const budget = options.budgetMs ?? Number.POSITIVE_INFINITY;
    const result: ReminderRun = { reminded: 0, missed: 0, batches: 0, finished: false };
    let after: ReminderCursor | null = null;
    for (;;) {
      const due = await repository.due(now, limit, after);
      result.batches += 1;
      for (const candidate of due) {
        const marked = await runDb.transaction(async (tx) => {
          const row = await repository.markReminded(candidate.id, now, tx);
          if (row) await deps.notify?.(tx, { kind: 'VISIT_REMINDER', companyId: row.companyId, recordId: row.id, visitAt: row.estimatedVisitTime, now });
          return row;
        });
        if (marked) result.reminded += 1;
        else result.missed += 1;
      }
      const last = due.at(-1);
      if (due.length < limit || !last) {
        result.finished = true;
        break;
      }
      after = { key: last.cursorKey, id: last.id };
      if (performance.now() - started >= budget) break;
      await nextTurn();
    }
    // Counts only: no name or phone in the log.
    if (result.reminded > 0 || !result.finished) deps.log.info({ ...result, ms: Math.round(performance.now() - started) }, 'visit reminders recorded');
    return result;
  }

  return { run };
}

export type VisitReminders = ReturnType<typeof createVisitReminders>;
