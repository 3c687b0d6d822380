import fp from 'fastify-plugin';
import type { ModuleOptions } from '../module-options';
import { createAlertRepository } from './alert-repository';
import { createAlertService } from './alert-service';
import { defineChannelJobs } from './channel-jobs';
import { createChannelRepository } from './channel-repository';
import { channelRoutes } from './channel-routes';
import { createChannelService, type ChannelService } from './channel-service';
import { createStatsRepository } from './stats-repository';
import { statsRoutes } from './stats-routes';
import { createStatsService, type StatsService } from './stats-service';

declare module 'fastify' {
  interface FastifyInstance {
    statsService: StatsService;
    /** 数据驾驶舱's reads (docs/decisions/087), for the console's export too. */
    channelService: ChannelService;
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
    const channel = createChannelService({ channel: createChannelRepository(db) });
    app.decorate('channelService', channel);
    const alerts = createAlertService({ alerts: createAlertRepository(db) });
    await app.register(channelRoutes(channel, alerts));
    defineChannelJobs(jobs.queue, db, alerts, { runAlone: jobs.runAlone, log: jobs.log });
  },
  { name: 'stats-module' },
);
