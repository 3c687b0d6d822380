import fp from 'fastify-plugin';
import type { ModuleOptions } from '../module-options';
import { createCityRepository } from './city-repository';
import { cityConsoleRoutes } from './city-console-routes';
import { createCityConsoleService } from './city-console-service';
import { cityRoutes } from './city-routes';
import { createCityService, type CityService } from './city-service';

declare module 'fastify' {
  interface FastifyInstance {
    cityService: CityService;
  }
}

/** The company's cities, and the console's switches of them. */
export const cityModule = fp<ModuleOptions>(
  async (app, { db }) => {
    const service = createCityService({ cities: createCityRepository(db) });
    app.decorate('cityService', service);
    await app.register(cityRoutes(service));
    await app.register(cityConsoleRoutes(createCityConsoleService({ db })));
  },
  { name: 'city-module' },
);
