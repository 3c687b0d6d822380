import fp from 'fastify-plugin';
import type { ModuleOptions } from '../module-options';
import { adminRoutes } from './admin-routes';
import { createAdminService, type AdminService } from './admin-service';
import { adminRecordRoutes } from './admin-record-routes';
import { createAdminRecordService } from './admin-record-service';
import { adminExportRoutes } from './admin-export-routes';
import { createAdminExportService } from './admin-export-service';
import { createExportGate } from '../../lib/export-gate';
import { createAdminAuditLogService } from './admin-audit-log-service';
import { adminAuditLogRoutes } from './admin-audit-log-routes';
import { adminJobRoutes } from './admin-job-routes';
import { createAdminJobService } from './admin-job-service';

declare module 'fastify' {
  interface FastifyInstance {
    adminService: AdminService;
  }
}

/** The operator console's calls (docs/decisions/039): its sign-in, the company brand and settings, companies, home content. */
export const adminModule = fp<ModuleOptions>(
  async (app, { db, config, limiter, log, jobs, metrics }) => {
    const service = createAdminService({ db, auth: app.authService, tenantCache: app.tenantCache, uploads: app.uploadService, users: app.users });
    app.decorate('adminService', service);
    await app.register(adminRoutes(service));
    await app.register(adminRecordRoutes(createAdminRecordService({ db, reader: app.consoleRecords })));
    // One running export per operator, a few per instance and in all, so many per ten minutes (docs/decisions/060).
    const exportGate = createExportGate({
      db,
      limiter,
      log,
      limits: { perInstance: config.EXPORT_RUNNING_PER_INSTANCE, total: config.EXPORT_RUNNING_TOTAL, perOperator: config.EXPORT_RATE_PER_10_MIN },
    });
    metrics.readExportsRunning(() => exportGate.running());
    await app.register(adminExportRoutes(createAdminExportService({
          db,
          stats: app.statsService,
          statements: app.statementService,
          channel: app.channelService,
          pii: app.piiAccess,
          accessLog: app.piiAccessConsole,
        }), exportGate));
    await app.register(adminAuditLogRoutes(createAdminAuditLogService({ db })));
    // The job queue's failure log (docs/decisions/056): the queue's own repository, read in the caller's scope.
    await app.register(adminJobRoutes(createAdminJobService({ failures: jobs.failures })));
  },
  { name: 'admin-module', dependencies: ['user-module', 'auth-module', 'record-module', 'stats-module', 'upload-module', 'pii-access-module'] },
);
