import fp from 'fastify-plugin';
import { api } from '@baobei/shared/contract';
import { importRoutes } from '../../lib/import-routes';
import type { Executor } from '../../db/client';
import type { ModuleOptions } from '../module-options';
import { distributorConsoleRoutes } from './distributor-console-routes';
import { createDistributorConsoleService } from './distributor-console-service';
import { createDistributorImportService } from './distributor-import-service';
import { createDistributorRepository, type NewDistributor } from './distributor-repository';

/**
 * What other modules may write of a distributor, each in its own transaction: the registration
 * review creates one, the console's 账号管理 sets which ones a channel user looks after.
 */
export interface Distributors {
  create(tx: Executor, values: NewDistributor): Promise<number>;
  replaceChannel(tx: Executor, companyId: number, channelUserId: number, distributorIds: number[]): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    distributors: Distributors;
  }
}

/**
 * The distributor companies (分销商): the table's one owner. Registered before the registration
 * module, whose approval creates them; the console's pages come later (distributorConsoleModule),
 * after the auth module whose sessions a disabling ends.
 */
export const distributorModule = fp<ModuleOptions>(
  async (app) => {
    app.decorate('distributors', {
      create: (tx, values) => createDistributorRepository(tx).insert(values),
      replaceChannel: (tx, companyId, channelUserId, ids) => createDistributorRepository(tx).replaceChannel(companyId, channelUserId, ids),
    } satisfies Distributors);
  },
  { name: 'distributor-module' },
);

/** The console's 分销商 and 入驻审核 (issue 16, item 1; docs/decisions/046). */
export const distributorConsoleModule = fp<ModuleOptions>(
  async (app, { db, pictures }) => {
    const service = createDistributorConsoleService({ db, pictures, registrations: app.registrationService, sessions: app.authService, users: app.users });
    await app.register(distributorConsoleRoutes(service));
    await app.register(
      importRoutes({
        endpoints: { template: api.adminImport.distributorTemplate, check: api.adminImport.distributorCheck, run: api.adminImport.distributorImport },
        service: createDistributorImportService({ db, users: app.users }),
        fileName: '分销商导入模板.xlsx',
        what: '分销商',
        name: 'admin-distributor-import',
      }),
    );
  },
  { name: 'distributor-console-module', dependencies: ['distributor-module', 'user-module', 'auth-module', 'registration-module'] },
);
