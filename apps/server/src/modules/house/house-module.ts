import fp from 'fastify-plugin';
import type { ModuleOptions } from '../module-options';
import { createFavoriteRepository } from './favorite-repository';
import { createFeatureRepository } from './feature-repository';
import { createHouseRepository } from './house-repository';
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
