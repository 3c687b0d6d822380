import { loadConfig } from '../config';
import { openDatabase } from './client';

/** `npm run db:migrate`: brings the configured database (PGlite or DATABASE_URL) to the latest schema. */
async function main(): Promise<void> {
  const config = loadConfig();
  const database = openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
  try {
    await database.whileStartingAlone(() => database.migrate());
    process.stdout.write(`migrated (${database.kind})\n`);
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
