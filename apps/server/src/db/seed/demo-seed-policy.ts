import type { Db } from '../client';
import { isDatabaseEmpty, seedDemo } from './seed-demo';

/**
 * Where the demo data may go: its accounts share the password 123456, so
 * a production database never gets them, whoever asks. `npm start` (outside production) and
 * `npm run db:seed` both come through here.
 */
export class DemoSeedRefused extends Error {}

export async function seedDemoIfEmpty(nodeEnv: string, db: Db): Promise<'seeded' | 'not-empty'> {
  if (nodeEnv === 'production') {
    throw new DemoSeedRefused('The demo data is never seeded in production: its accounts share one known password.');
  }
  if (!(await isDatabaseEmpty(db))) return 'not-empty';
  await seedDemo(db);
  return 'seeded';
}
