import fp from 'fastify-plugin';
import { api } from '@baobei/shared/contract';
import { importRoutes } from '../../lib/import-routes';
import { createAccountImportService } from './account-import-service';
import { createImportedAccounts, type ImportedAccount, type ImportedBy } from './imported-accounts';
import type { Executor } from '../../db/client';
import type { ModuleOptions } from '../module-options';
import { createUserRepository } from './user-repository';
import { userRoutes } from './user-routes';
import { createUserService } from './user-service';
import { feedbackConsoleRoutes } from './feedback-console-routes';
import { createFeedbackConsoleService } from './feedback-console-service';
import { createStaffRepository } from './staff-repository';
import { staffRoutes } from './staff-routes';
import { createStaffService } from './staff-service';
import { accountConsoleRoutes } from './account-console-routes';
import { createAccountConsoleService } from './account-console-service';

/**
 * What other modules may write of an account, each in its own transaction: the registration
 * review creates the general account, `npm run create-admin` a company's first console account,
 * the auth module a password its owner chose, `npm run demo:remove` retires the demo accounts.
 */
export interface Users {
  create(tx: Executor, values: NewAccount): Promise<number>;
  /** An import's accounts: no password, one audit row each (imported-accounts.ts); their ids in the given order. */
  createImported(tx: Executor, accounts: readonly ImportedAccount[], by: ImportedBy): Promise<number[]>;
  setPassword(tx: Executor, companyId: number, userId: number, passwordHash: string, options: { mustChange: boolean }): Promise<void>;
  retire(tx: Executor, companyId: number, userId: number, change: { passwordHash: string; ifPasswordHash: string }): Promise<boolean>;
}
export type NewAccount = Parameters<ReturnType<typeof createUserRepository>['insert']>[0];

/** The writer behind `app.users`, for the commands that run without the app (npm run create-admin, demo:remove). */
export const userWriter: Users = {
  create: (tx, values) => createUserRepository(tx).insert(values),
  createImported: createImportedAccounts,
  setPassword: (tx, companyId, userId, passwordHash, options) => createUserRepository(tx).setPassword(companyId, userId, passwordHash, options),
  retire: (tx, companyId, userId, change) => createUserRepository(tx).retire(companyId, userId, change),
};

declare module 'fastify' {
  interface FastifyInstance {
    users: Users;
  }
}

/**
 * The accounts (the `user` table): its one owner. Registered before the registration and auth
 * modules, which write through `app.users`; the pages come later (userPagesModule,
 * userConsoleModule), after the modules they use.
 */
export const userModule = fp<ModuleOptions>(
  async (app) => {
    app.decorate('users', userWriter);
  },
  { name: 'user-module' },
);

/**
 * The phone's 我的 (profile, feedback, vacation, the brokers of a scope) and 员工管理 (staff),
 * and the console's 意见反馈 beside the feedback it reads.
 */
export const userPagesModule = fp<ModuleOptions>(
  async (app, { db }) => {
    await app.register(userRoutes(createUserService({ users: createUserRepository(db), smsCodes: app.authService, uploads: app.uploadService })));
    await app.register(feedbackConsoleRoutes(createFeedbackConsoleService({ db })));
    // An unbound account's access ends through the tables' owners: sessions (auth), WeChat bindings (wechat).
    const staff = createStaffRepository(db, { endSessions: app.authService.endSessions, removeIdentities: app.wechatIdentities.removeAllOf });
    await app.register(staffRoutes(createStaffService({ staff })));
  },
  { name: 'user-pages-module', dependencies: ['user-module', 'auth-module', 'upload-module', 'wechat-module'] },
);

/** The console's 账号管理 (docs/decisions/047): after the record module, whose auditor scopes it sets. */
export const userConsoleModule = fp<ModuleOptions>(
  async (app, { db }) => {
    const service = createAccountConsoleService({ db, auth: app.authService, scopes: app.auditorScopes, distributors: app.distributors });
    await app.register(accountConsoleRoutes(service));
    await app.register(
      importRoutes({
        endpoints: { template: api.adminImport.accountTemplate, check: api.adminImport.accountCheck, run: api.adminImport.accountImport },
        service: createAccountImportService({ db }),
        fileName: '账号导入模板.xlsx',
        what: '账号',
        name: 'admin-account-import',
      }),
    );
  },
  { name: 'user-console-module', dependencies: ['user-module', 'auth-module', 'distributor-module', 'record-module'] },
);
