import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { testConfig } from '../config';
import type { Database } from '../db/client';
import { openTestDatabase } from '../test/test-database';
import { instanceSecret } from './instance-secrets';

describe('instance secrets', () => {
  let database: Database;
  let other: Database;
  beforeAll(async () => {
    database = await openTestDatabase();
    other = await openTestDatabase();
  });
  afterAll(async () => {
    await database?.close();
    await other?.close();
  });

  it('makes a random 256-bit key once and answers the same one afterwards', async () => {
    const first = await instanceSecret(database.db, 'probe');
    expect(Buffer.from(first, 'base64url')).toHaveLength(32);
    expect(await instanceSecret(database.db, 'probe')).toBe(first);
    expect(await instanceSecret(database.db, 'another')).not.toBe(first);
    // Another deployment (database) has a key of its own.
    expect(await instanceSecret(other.db, 'probe')).not.toBe(first);
  });

  it('gives every instance on one database, and every restart, the same external-link key', async () => {
    const firstRace = await Promise.all([1, 2, 3, 4].map(() => instanceSecret(database.db, 'raced')));
    expect(new Set(firstRace).size).toBe(1);

    // Two app instances on one database sign the listing's external link alike.
    const link = async () => {
      const app = await buildApp(testConfig(), database);
      await app.ready();
      try {
        const company = (await app.inject({ method: 'GET', url: '/api/index/get-company?host=localhost' })).json().data.companyId as number;
        const headers = { host: 'localhost', companyid: String(company) };
        const login = await app.inject({ method: 'POST', url: '/api/login/sign', headers, payload: { username: '13800000006', password: '123456' } });
        const token = login.json().data.token as string;
        const houseId = (await app.inject({ method: 'POST', url: '/api/index/get-house-list', headers, payload: {} })).json().data.list[0].id as number;
        const res = await app.inject({ method: 'POST', url: '/api/record/get-report-auto-link', headers: { ...headers, authorization: token }, payload: { houseId } });
        expect(res.statusCode).toBe(200);
        return res.json().data.path as string;
      } finally {
        await app.close();
      }
    };
    const fromFirst = await link();
    expect(await link()).toBe(fromFirst);
  });
});
