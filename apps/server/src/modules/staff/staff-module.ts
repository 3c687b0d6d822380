import fp from 'fastify-plugin';
import type { ModuleOptions } from '../module-options';
import { createStaffRepository } from './staff-repository';
import { staffRoutes } from './staff-routes';
import { createStaffService } from './staff-service';

/** Staff management. */
export const staffModule = fp<ModuleOptions>(
  async (app, { db }) => {
    await app.register(staffRoutes(createStaffService({ staff: createStaffRepository(db, app.authService.endSessions) })));
  },
  { name: 'staff-module', dependencies: ['auth-module'] },
);
