import fp from 'fastify-plugin';
import type { ModuleOptions } from '../module-options';
import { createCompanyRepository } from './company-repository';
import { companyRoutes } from './company-routes';
import { createCompanyService, type CompanyService } from './company-service';
import { iconRoutes } from './web-app-icons';
import { manifestRoute } from './web-app-manifest';

declare module 'fastify' {
  interface FastifyInstance {
    /** A company's configured hosts, for the modules that build addresses on them (WeChat's redirects). */
    companyHosts: Pick<CompanyService, 'hostsOf'>;
  }
}

/** Company branding by page host. */
export const companyModule = fp<ModuleOptions>(
  async (app, { db, storage, demoAssets }) => {
    const service = createCompanyService({ companies: createCompanyRepository(db) });
    app.decorate('companyHosts', { hostsOf: service.hostsOf });
    await app.register(companyRoutes(service));
    await app.register(manifestRoute(service));
    await app.register(iconRoutes(service, { storage, demoAssets }));
  },
  { name: 'company-module' },
);
