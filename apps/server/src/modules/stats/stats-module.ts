import fp from 'fastify-plugin';
import type { ModuleOptions } from '../module-options';
import { defineChannelJobs } from './channel-jobs';
import { createChannelRepository } from './channel-repository';
import { channelRoutes } from './channel-routes';
import { createChannelService } from './channel-service';
import { createStatsRepository } from './stats-repository';
import { statsRoutes } from './stats-routes';
import { createStatsService, type StatsService } from './stats-service';

declare module 'fastify' {
  interface FastifyInstance {
    statsService: StatsService;
  }
}

/**
 * Statistics of a shop or distributor (the share statistics are served by the house module), and
 * 数据驾驶舱 (issue 31, docs/decisions/087): the owner of channel_tally, which it reads and folds.
 */
export const statsModule = fp<ModuleOptions>(
  async (app, { db, jobs }) => {
    const service = createStatsService({ stats: createStatsRepository(db) });
    app.decorate('statsService', service);
    await app.register(statsRoutes(service));
    await app.register(channelRoutes(createChannelService({ channel: createChannelRepository(db) })));
    defineChannelJobs(jobs.queue, db, { runAlone: jobs.runAlone, log: jobs.log });
  },
  { name: 'stats-module' },
);
