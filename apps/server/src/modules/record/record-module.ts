import fp from 'fastify-plugin';
import type { RecordDetail } from '@baobei/shared/schemas/record-tracking';
import type { SessionUser } from '../auth/session-repository';
import type { ModuleOptions } from '../module-options';
import { createRecordRepository } from './record-repository';
import { recordRoutes } from './record-routes';
import { createRecordService, type RecordService } from './record-service';
import { createRecordTrackingRepository } from './record-tracking-repository';
import { recordTrackingRoutes } from './record-tracking-routes';
import { createRecordTrackingService } from './record-tracking-service';
import { createDealRepository } from './deal-repository';
import { dealRoutes } from './deal-routes';
import { createDealService } from './deal-service';
import { createStatementRepository } from './statement-repository';
import { statementRoutes } from './statement-routes';
import { createStatementService, type StatementService } from './statement-service';
import { createAuditorScopeRepository } from './auditor-scope-repository';
import { defineProtectionJobs, defineVisitReminderJob } from './record-jobs';
import { createVisitReminders } from './visit-reminder';
import { createRecordProtectionService } from './record-protection-service';
import type { Executor } from '../../db/client';
import { createRecordAnonymiseRepository, type RecordAnonymiseRepository } from './record-anonymise-repository';

/**
 * The external arrival link of a listing (decision 011) for other modules: the console shows and
 * renews the same link auditors do (issue 15, item 4), without a copy of the signing.
 */
export interface ExternalLinks {
  /** The current link; 404 when the company has no such listing. */
  link(companyId: number, houseId: number): Promise<{ houseId: number; houseName: string; path: string }>;
  /** A new link (every older one stops working) and its audit row (house.external-link-renew). */
  renew(actor: SessionUser, houseId: number): Promise<{ houseId: number; houseName: string; path: string }>;
}

/**
 * The operator console's report actions (docs/decisions/048): the detail read as the company's
 * AUDITORADMIN, and 更换审核员 and 重新打开, which change the report here in the record module
 * (reopening through changeStatus, as every move). A change answers false on a stale version.
 */
export interface ConsoleRecords {
  detail(companyId: number, id: number): Promise<RecordDetail>;
  reassign(viewer: SessionUser, input: { id: number; auditorId: number; version: number }): Promise<boolean>;
  reopen(viewer: SessionUser, input: { id: number; version: number; arrivalTakenAcknowledged?: boolean }): Promise<boolean>;
  /** What 重新打开 must warn of before it goes on (issue 28, item 8), or null. */
  reopenWarning(companyId: number, id: number): Promise<string | null>;
}

/** What another module may do with auditors' scopes (the console's 账号管理): replace one, in its own transaction. */
export interface AuditorScopes {
  replace(tx: Executor, companyId: number, auditorId: number, scope: { houseIds: number[]; cityIds: number[] }): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    recordService: RecordService;
    externalLinks: ExternalLinks;
    consoleRecords: ConsoleRecords;
    auditorScopes: AuditorScopes;
    /** 对账单 (docs/decisions/082): the console's export reads a statement through it. */
    statementService: StatementService;
    /** 数据保留 and 个人信息请求 (docs/decisions/093): the report table's anonymisation, for the privacy module. */
    reportAnonymiser: RecordAnonymiseRepository;
  }
}

/** Reports: submitting, tracking, audit, pictures, dynamics and the external list. */
export const recordModule = fp<ModuleOptions>(
  async (app, { db, externalLinkSecret, pictures, jobs }) => {
    const records = createRecordRepository(db);
    // Issue 17, item 4 (docs/decisions/054): messages written in the transactions that cause them.
    const { notify } = app.messageService;
    // docs/decisions/062: the pictures a report takes are checked by the upload module.
    const uploads = app.uploadService;
    const service = createRecordService({ db, records, uploads, notify, customers: app.customers });
    app.decorate('recordService', service);
    await app.register(recordRoutes(service));
    // Issue 17, item 5 (docs/decisions/052): the deal recorded with the audit's move to 成交, or on its own.
    const deals = createDealService({ db, deals: createDealRepository(db), records, uploads, pictures, notify });
    const tracking = createRecordTrackingService({ db, tracking: createRecordTrackingRepository(db, {
        onStatusChanged: (tx, change) =>
          notify(tx, {
            kind: 'RECORD_STATUS',
            companyId: change.companyId,
            recordId: change.recordId,
            to: change.to,
            reason: change.approvalResult,
            actorId: change.actor.id,
            now: change.now,
          }),
      }),
      records,
      uploads,
      externalLinkSecret,
      pictures,
      listings: app.houseService,
      deals,
      notify,
    });
    app.decorate('externalLinks', { link: tracking.externalLink, renew: tracking.renewExternalLink } satisfies ExternalLinks);
    app.decorate('auditorScopes', {
      replace: (tx, companyId, auditorId, { houseIds, cityIds }) => createAuditorScopeRepository(tx).replace(companyId, auditorId, houseIds, cityIds),
    } satisfies AuditorScopes);
    app.decorate('consoleRecords', {
      detail: tracking.consoleDetail,
      reassign: tracking.consoleReassign,
      reopen: tracking.consoleReopen,
      reopenWarning: tracking.consoleReopenWarning,
    } satisfies ConsoleRecords);
    await app.register(recordTrackingRoutes(tracking));
    await app.register(dealRoutes(deals));
    // Issue 30, item 6 (docs/decisions/082): 对账单, a distributor's deals of a month.
    const statements = createStatementService({ statements: createStatementRepository(db) });
    app.decorate('statementService', statements);
    await app.register(statementRoutes(statements));
    app.decorate('reportAnonymiser', createRecordAnonymiseRepository(db));
    // Protection expiry and warnings (docs/decisions/051): the report module's own jobs.
    const protection = createRecordProtectionService({ db, log: jobs.log, notify });
    defineProtectionJobs(jobs.queue, protection, { runAlone: jobs.runAlone, log: jobs.log });
    // 到访提醒 (issue 32, item 2; docs/decisions/089): every minute, once per report.
    defineVisitReminderJob(jobs.queue, createVisitReminders({ db, log: jobs.log, notify }), { runAlone: jobs.runAlone, log: jobs.log });
  },
  { name: 'record-module', dependencies: ['message-module', 'upload-module', 'house-module', 'customer-module', 'pii-access-module'] },
);
