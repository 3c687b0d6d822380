import fp from 'fastify-plugin';
import type { ModuleOptions } from '../module-options';
import { createIndexRepository } from './index-repository';
import { indexRoutes } from './index-routes';
import { createIndexService } from './index-service';

/** The home page. */
export const indexModule = fp<ModuleOptions>(
  async (app, { db }) => {
    await app.register(indexRoutes(createIndexService({ index: createIndexRepository(db), cities: app.cityService })));
  },
  { name: 'index-module', dependencies: ['city-module'] },
);
