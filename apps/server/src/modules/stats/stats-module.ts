import fp from 'fastify-plugin';
import type { ModuleOptions } from '../module-options';
import { createStatsRepository } from './stats-repository';
import { statsRoutes } from './stats-routes';
import { createStatsService, type StatsService } from './stats-service';

declare module 'fastify' {
  interface FastifyInstance {
    statsService: StatsService;
  }
}

/** Statistics of a shop or distributor (the share statistics are served by the house module). */
export const statsModule = fp<ModuleOptions>(
  async (app, { db }) => {
    const service = createStatsService({ stats: createStatsRepository(db) });
    app.decorate('statsService', service);
    await app.register(statsRoutes(service));
  },
  { name: 'stats-module' },
);
