import fp from 'fastify-plugin';
import type { ModuleOptions } from '../module-options';
import { createCompanyRepository } from './company-repository';
import { companyRoutes } from './company-routes';
import { createCompanyService } from './company-service';

/** Company branding by page host. */
export const companyModule = fp<ModuleOptions>(
  async (app, { db }) => {
    await app.register(companyRoutes(createCompanyService({ companies: createCompanyRepository(db) })));
  },
  { name: 'company-module' },
);
