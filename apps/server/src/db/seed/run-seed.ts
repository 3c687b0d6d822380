import { loadConfig } from '../../config';
import { openDatabase } from '../client';
import { seedDemoIfEmpty } from './demo-seed-policy';

/**
 * `npm run db:seed` (development): the demo data into an empty, migrated database. Refused in
 * production and on a database that already has data (exit 1 with the reason): the demo data
 * itself, or companies the seed did not make (docs/decisions/058).
 */
async function main(): Promise<void> {
  const config = loadConfig();
  const database = openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
  try {
    const outcome = await seedDemoIfEmpty(config.NODE_ENV, database.db);
    if (outcome === 'already-seeded') throw new Error('The database already has data (the demo data): the demo seed goes only into an empty database.');
    process.stdout.write(`demo data seeded (${database.kind})\n`);
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
