import fp from 'fastify-plugin';
import type { ModuleOptions } from '../module-options';
import { indexConsoleRoutes } from './index-console-routes';
import { createIndexConsoleService } from './index-console-service';
import { createIndexRepository } from './index-repository';
import { indexRoutes } from './index-routes';
import { createIndexService } from './index-service';

/** The home page, and the console's editing of it. */
export const indexModule = fp<ModuleOptions>(
  async (app, { db }) => {
    await app.register(indexRoutes(createIndexService({ index: createIndexRepository(db), cities: app.cityService })));
    // The console's home content (banners, grid, columns; docs/decisions/039).
    await app.register(indexConsoleRoutes(createIndexConsoleService({ db, uploads: app.uploadService, cities: app.cityService })));
  },
  { name: 'index-module', dependencies: ['city-module', 'upload-module'] },
);
