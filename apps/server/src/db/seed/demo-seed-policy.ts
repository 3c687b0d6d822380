import type { Db } from '../client';
import { company } from '../schema';
import { DEMO_COMPANY_CODES } from './demo-accounts';
import { isDatabaseEmpty, seedDemo } from './seed-demo';

/**
 * Where the demo data may go: its accounts share the password 123456, so
 * a production database never gets them, whoever asks. `npm start` (outside production) and
 * `npm run db:seed` both come through here.
 */
export class DemoSeedRefused extends Error {}

/**
 * Seeds an empty database; skips one the seed already filled (its companies, by their codes,
 * are there); refuses one whose companies the seed did not make (docs/decisions/058): the demo
 * accounts and their known password would land beside a deployment's own data.
 */
export async function seedDemoIfEmpty(nodeEnv: string, db: Db): Promise<'seeded' | 'already-seeded'> {
  if (nodeEnv === 'production') {
    throw new DemoSeedRefused('The demo data is never seeded in production: its accounts share one known password.');
  }
  if (await isDatabaseEmpty(db)) {
    await seedDemo(db);
    return 'seeded';
  }
  const codes = (await db.select({ code: company.code }).from(company)).map((c) => c.code);
  if (codes.some((code) => DEMO_COMPANY_CODES.includes(code))) return 'already-seeded';
  const others = codes.length;
  throw new DemoSeedRefused(
    `Refusing to seed the demo data: the database already holds ${others} compan${others === 1 ? 'y' : 'ies'} the demo seed did not create, ` +
      'and the demo accounts (password 123456) would be added beside them. Start with SEED_DEMO=0 to serve this database without the demo data, ' +
      'or point DATABASE_URL (or DATA_DIR) at an empty database to get the demo.',
  );
}
