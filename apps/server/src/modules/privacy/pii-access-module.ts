import fp from 'fastify-plugin';
import type { ModuleOptions } from '../module-options';
import { createPiiAccess, type PiiAccess } from './pii-access';
import { createPiiAccessConsole, type PiiAccessConsole } from './pii-access-console';
import { createPhoneKey } from './pii-access-key';
import { createPiiAccessRepository, type PiiAccessRow } from './pii-access-repository';
import type { Executor } from '../../db/client';
import { piiAccessRoutes } from './pii-access-routes';

declare module 'fastify' {
  interface FastifyInstance {
    /** The access log of full phone numbers: the routes that show them log through it (docs/decisions/092). */
    piiAccess: PiiAccess;
    piiAccessConsole: PiiAccessConsole;
    /** The log's part in 个人信息请求 and 数据保留 (docs/decisions/095): the rows of a number, and their unlinking. */
    piiAccessAnonymiser: PiiAccessAnonymiser;
  }
}

export interface PiiAccessAnonymiser {
  findByPhone(companyId: number, phone: string): Promise<PiiAccessRow[]>;
  unlink(tx: Executor, companyId: number, by: { phone?: string; recordIds?: number[]; customerIds?: number[] }): Promise<number>;
}

/**
 * Personal information (issue 33 item 2; docs/decisions/092): the access log of full phone numbers,
 * its table's one owner. Registered before every module whose answers show a customer's number
 * (the anonymisation and requests of 093 are privacy-module's, registered after them).
 */
export const piiAccessModule = fp<ModuleOptions>(
  async (app, { db, externalLinkSecret }) => {
    const repository = createPiiAccessRepository(db);
    // The hash key is derived from the deployment's secret, as the picture signer's (decision 018).
    const phoneKey = createPhoneKey(externalLinkSecret);
    app.decorate('piiAccess', createPiiAccess({ repository, phoneKey }));
    const accessLog = createPiiAccessConsole({ repository, phoneKey });
    app.decorate('piiAccessConsole', accessLog);
    app.decorate('piiAccessAnonymiser', {
      findByPhone: (companyId, phone) => repository.findByPhoneKey(companyId, phoneKey(phone)),
      unlink: (tx, companyId, { phone, ...ids }) => repository.unlink(tx, companyId, { ...ids, ...(phone !== undefined ? { phoneKey: phoneKey(phone) } : {}) }),
    } satisfies PiiAccessAnonymiser);
    await app.register(piiAccessRoutes(accessLog));
  },
  { name: 'pii-access-module' },
);
