import fp from 'fastify-plugin';
import { api } from '@baobei/shared/contract';
import { importRoutes } from '../../lib/import-routes';
import type { ModuleOptions } from '../module-options';
import { createFavoriteRepository } from './favorite-repository';
import { createFeatureRepository } from './feature-repository';
import { createHouseRepository } from './house-repository';
import { houseConsoleRoutes } from './house-console-routes';
import { createHouseImportService } from './house-import-service';
import { createHouseConsoleService } from './house-console-service';
import { featureConsoleRoutes } from './feature-console-routes';
import { createFeatureConsoleService } from './feature-console-service';
import { houseRoutes } from './house-routes';
import { createHouseService, type HouseService } from './house-service';
import { createShareRepository } from './share-repository';
import { shareRoutes } from './share-routes';
import { createShareService } from './share-service';

declare module 'fastify' {
  interface FastifyInstance {
    houseService: HouseService;
  }
}

/** Listings, favourites and sharing listings (share statistics share /my/share's paths). */
export const houseModule = fp<ModuleOptions>(
  async (app, { db, limiter }) => {
    const houses = createHouseRepository(db);
    const shares = createShareRepository(db);
    const service = createHouseService({
      houses,
      favorites: createFavoriteRepository(db),
      features: createFeatureRepository(db),
      cities: app.cityService,
      shares,
    });
    app.decorate('houseService', service);
    await app.register(houseRoutes(service));
    await app.register(shareRoutes(createShareService({ shares, houses, limiter }), app.statsService));
  },
  { name: 'house-module', dependencies: ['city-module', 'stats-module'] },
);

const HOUSE_IMPORT = { template: api.adminImport.houseTemplate, check: api.adminImport.houseCheck, run: api.adminImport.houseImport };

/**
 * The console's listings (docs/decisions/039), beside the listings' own module: a plugin of its
 * own because a listing's arrival link is the report module's (registered after this module).
 */
export const houseConsoleModule = fp<ModuleOptions>(
  async (app, { db }) => {
    await app.register(houseConsoleRoutes(createHouseConsoleService({ db, links: app.externalLinks, uploads: app.uploadService })));
    await app.register(featureConsoleRoutes(createFeatureConsoleService({ db })));
    await app.register(
      importRoutes({ endpoints: HOUSE_IMPORT, service: createHouseImportService({ db }), fileName: '楼盘导入模板.xlsx', what: '楼盘', name: 'admin-house-import' }),
    );
  },
  { name: 'house-console-module', dependencies: ['house-module', 'record-module', 'upload-module'] },
);
