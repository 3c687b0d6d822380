import fp from 'fastify-plugin';
import type { ModuleOptions } from '../module-options';
import { createRecordRepository } from './record-repository';
import { recordRoutes } from './record-routes';
import { createRecordService, type RecordService } from './record-service';
import { createRecordTrackingRepository } from './record-tracking-repository';
import { recordTrackingRoutes } from './record-tracking-routes';
import { createRecordTrackingService } from './record-tracking-service';

declare module 'fastify' {
  interface FastifyInstance {
    recordService: RecordService;
  }
}

/** Reports: submitting, tracking, audit, pictures, dynamics and the external list. */
export const recordModule = fp<ModuleOptions>(
  async (app, { db, externalLinkSecret, pictures }) => {
    const records = createRecordRepository(db);
    const service = createRecordService({ db, records });
    app.decorate('recordService', service);
    await app.register(recordRoutes(service));
    await app.register(
      recordTrackingRoutes(
        createRecordTrackingService({ db, tracking: createRecordTrackingRepository(db), records, externalLinkSecret, pictures }),
      ),
    );
  },
  { name: 'record-module' },
);
