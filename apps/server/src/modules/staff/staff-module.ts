import fp from 'fastify-plugin';
import type { ModuleOptions } from '../module-options';
import { createStaffRepository } from './staff-repository';
import { staffRoutes } from './staff-routes';
import { createStaffService } from './staff-service';

/** Staff management. */
export const staffModule = fp<ModuleOptions>(
  async (app, { db }) => {
    // An unbound account's access ends through the tables' owners: sessions (auth), WeChat bindings (wechat).
    const staff = createStaffRepository(db, { endSessions: app.authService.endSessions, removeIdentities: app.wechatIdentities.removeAllOf });
    await app.register(staffRoutes(createStaffService({ staff })));
  },
  { name: 'staff-module', dependencies: ['auth-module', 'wechat-module'] },
);
