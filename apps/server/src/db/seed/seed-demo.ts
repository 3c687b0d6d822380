/**
 * The demo data set (ARCHITECTURE.md, Demo data): two companies, each with the Hainan city
 * tree, 30+ listings with albums, unit types, contacts and commission policies, home
 * content, two distributors, one account per role (password 123456), customers and reports
 * in every status. Deterministic (a seeded PRNG) apart from times, which are relative to now.
 * `npm start` runs it once, on an empty database.
 */
import { sql } from 'drizzle-orm';
import { SHANGHAI_TIME_ZONE } from '@baobei/shared/rules/shanghai-time';
import { company, companyHost } from '../schema';
import type { Db, Tx } from '../client';
import { hashPassword } from '../../lib/password';
import { DEMO_PASSWORD, insertAccounts } from './accounts';
import { insertActivity } from './activity';
import { insertCities } from './cities';
import { COMPANIES, companyBranding, type CompanySeed } from './companies';
import { generateCustomers, insertCustomers } from './customers';
import { insertFeatures } from './features';
import { generateHouses, insertHouses } from './houses';
import { insertIndexContent } from './index-content';
import { createRng } from './prng';
import { generateRecords, insertRecords } from './records';

export { ACCOUNTS, DEMO_PASSWORD, DISTRIBUTORS } from './accounts';
export { COMPANIES } from './companies';

/** True when no company exists yet: the signal to seed. */
export async function isDatabaseEmpty(db: Db): Promise<boolean> {
  const rows = await db.select({ one: sql<number>`1` }).from(company).limit(1);
  return rows.length === 0;
}

/**
 * Loads the whole demo data set in one transaction. Expects an empty, migrated database.
 * `now` (default: the current time) anchors every date; tests may pin it.
 */
export async function seedDemo(db: Db, options: { now?: Date } = {}): Promise<void> {
  // argon2 is slow on purpose: hash once, share the hash between all demo accounts.
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const now = options.now ?? new Date();
  await db.transaction(async (tx) => {
    for (const seed of COMPANIES) await seedCompany(tx, seed, passwordHash, now);
  });
}

/**
 * One more company with the data of a demo brand (the same listings, accounts and reports) at
 * `host`: a browser journey's own company, so that journeys run side by side without meeting
 * (docs/decisions/065). Only the development routes call it (never in production).
 */
export async function seedDemoCompanyAt(db: Db, options: { brand: CompanySeed['brand']; host: string; now?: Date }): Promise<number> {
  const template = COMPANIES.find((c) => c.brand === options.brand);
  if (!template) throw new Error(`seed: no demo brand ${options.brand}`);
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const seed = { ...template, code: options.host, hosts: [options.host] };
  return db.transaction((tx) => seedCompany(tx, seed, passwordHash, options.now ?? new Date(), template.code));
}

/** `rngKey`: the demo company whose data this one repeats (its own code by default). */
async function seedCompany(tx: Tx, seed: CompanySeed, passwordHash: string, now: Date, rngKey = seed.code): Promise<number> {
  const rng = createRng(`baobei-demo-${rngKey}`);
  const [inserted] = await tx
    .insert(company)
    .values({
      code: seed.code,
      title: seed.title,
      color: seed.color,
      gradientColor: seed.gradientColor,
      ...companyBranding(seed),
      description: seed.description,
      kefPhone: seed.kefPhone,
      maxCustomersPerReport: 5,
      timeZone: SHANGHAI_TIME_ZONE,
    })
    .returning({ id: company.id });
  if (!inserted) throw new Error(`seed: company ${seed.code} not inserted`);
  const companyId = inserted.id;
  await tx.insert(companyHost).values(seed.hosts.map((host) => ({ host, companyId })));

  const cities = await insertCities(tx, companyId);
  const featureIds = await insertFeatures(tx, companyId);
  const accounts = await insertAccounts(tx, { companyId, company: seed, cities, passwordHash, now, rng });
  const houses = await insertHouses(tx, { companyId, drafts: generateHouses(seed, cities, rng, now), featureIds });
  await insertIndexContent(tx, { companyId, company: seed, cities, houses, featureIds });
  const customers = await insertCustomers(tx, { companyId, accounts, drafts: generateCustomers(seed.brand, rng, now) });
  await insertRecords(tx, generateRecords({ brand: seed.brand, companyId, accounts, houses, customers, rng, now }));
  await insertActivity(tx, { brand: seed.brand, companyId, accounts, houses, rng, now });
  return companyId;
}
