import { createHmac } from 'node:crypto';
import fp from 'fastify-plugin';
import type { ModuleOptions } from '../module-options';
import { createAnonymiser } from './anonymiser';
import { piiSources } from './pii-sources';
import { defineRetentionJob } from './privacy-jobs';
import { createPrivacyRepository } from './privacy-repository';
import { privacyRoutes } from './privacy-routes';
import { createPrivacyService } from './privacy-service';
import { createRetention } from './retention';

/**
 * 数据保留 and 个人信息请求 (issue 33 items 3 and 4, docs/decisions/093): the one anonymisation
 * engine over the owners' parts (reports, customers, messages, uploads), the nightly retention
 * job, and the console's 个人信息请求. Owns pii_request.
 */
export const privacyModule = fp<ModuleOptions>(
  async (app, { db, jobs, externalLinkSecret }) => {
    const requests = createPrivacyRepository(db);
    const records = app.reportAnonymiser;
    const customers = app.customerAnonymiser;
    const messages = app.messageAnonymiser;
    const accessLog = app.piiAccessAnonymiser;
    const anonymiser = createAnonymiser({ records, customers, messages, uploads: app.uploadService, accessLog });
    // A key of its own, derived from the instance's secret: a phone's hash in pii_request cannot be
    // tried against the 11-digit numbers without it.
    const phoneKeySecret = createHmac('sha256', externalLinkSecret).update('pii-request-phone').digest('hex');
    const service = createPrivacyService({ db, sources: piiSources({ customers, records, messages, accessLog }), anonymiser, requests, accessLog, phoneKeySecret });
    await app.register(privacyRoutes(service));
    defineRetentionJob(jobs.queue, createRetention({ db, log: jobs.log, anonymiser, records, customers, settings: requests }), { runAlone: jobs.runAlone, log: jobs.log });
  },
  { name: 'privacy-module', dependencies: ['pii-access-module', 'record-module', 'customer-module', 'message-module', 'upload-module'] },
);
