import fp from 'fastify-plugin';
import type { ModuleOptions } from '../module-options';
import { adminRoutes } from './admin-routes';
import { createAdminService, type AdminService } from './admin-service';
import { createAdminHouseService } from './admin-house-service';
import { adminHomeRoutes } from './admin-home-routes';
import { createAdminHomeService } from './admin-home-service';

declare module 'fastify' {
  interface FastifyInstance {
    adminService: AdminService;
  }
}

/** The operator console's calls (docs/decisions/039): its sign-in, the company brand and settings, companies, listings, home content. */
export const adminModule = fp<ModuleOptions>(
  async (app, { db }) => {
    const service = createAdminService({ db, auth: app.authService, tenantCache: app.tenantCache });
    app.decorate('adminService', service);
    await app.register(adminRoutes(service, createAdminHouseService({ db, links: app.externalLinks })));
    await app.register(adminHomeRoutes(createAdminHomeService({ db })));
  },
  { name: 'admin-module', dependencies: ['auth-module', 'record-module'] },
);
