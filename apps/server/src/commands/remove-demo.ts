import { loadDatabaseConfig } from '../config';
import { openDatabase } from '../db/client';
import { disableDemoAccounts } from '../db/seed/demo-accounts';
import { endSessions } from '../modules/auth/auth-service';
import { userWriter } from '../modules/user/user-module';

/**
 * `npm run demo:remove` (docs/decisions/058): disables the demo accounts (the seed's phones whose
 * password is still the seed's 123456) on the configured database, production included, in one
 * transaction: inactive, password replaced, sessions ended, an audit row each. The demo
 * companies' listings, reports and content stay. Reads only the database settings (NODE_ENV,
 * DATA_DIR, DATABASE_URL) and migrates first, as create-admin does. Idempotent: a second run
 * finds nothing to do.
 */
async function main(): Promise<void> {
  const config = loadDatabaseConfig();
  const database = openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
  try {
    await database.whileStartingAlone(() => database.migrate());
    const { accounts, sessionsEnded } = await disableDemoAccounts(database.db, { retire: userWriter.retire, endSessions });
    if (accounts.length === 0) {
      process.stdout.write(`no demo account signs in with the demo password: nothing to do (${database.kind})\n`);
      return;
    }
    const lines = [
      `disabled ${accounts.length} demo account(s) (${database.kind}): each is inactive, its password replaced by an unknown one, ${sessionsEnded} session(s) ended`,
      ...accounts.map((a) => `  ${a.phone} ${a.name} (${a.role}) in company ${a.companyTitle} (id ${a.companyId}, code ${a.companyCode})`),
      "The demo companies' listings, reports and content are kept. An account enabled again in the console signs in only after 重置密码 gives it a new password.",
    ];
    process.stdout.write(`${lines.join('\n')}\n`);
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
