import fp from 'fastify-plugin';
import type { ModuleOptions } from '../module-options';
import { createCityRepository } from './city-repository';
import { cityRoutes } from './city-routes';
import { createCityService, type CityService } from './city-service';

declare module 'fastify' {
  interface FastifyInstance {
    cityService: CityService;
  }
}

/** The company's cities. */
export const cityModule = fp<ModuleOptions>(
  async (app, { db }) => {
    const service = createCityService({ cities: createCityRepository(db) });
    app.decorate('cityService', service);
    await app.register(cityRoutes(service));
  },
  { name: 'city-module' },
);
