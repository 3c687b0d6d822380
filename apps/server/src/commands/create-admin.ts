import { parseArgs } from 'node:util';
import { loadDatabaseConfig } from '../config';
import { ConsoleAccountError, createConsoleAccount } from '../modules/admin/console-accounts';
import { openDatabase } from '../db/client';
import { userWriter } from '../modules/user/user-module';

/**
 * `npm run create-admin -- --host <host> --phone <phone> --name <name> --role OPERATOR|PLATFORM_ADMIN
 * [--title <company title>]` (docs/decisions/039): the first console account of a company, on
 * any database, production included (which has no demo accounts). Migrates first; creates the
 * host's company when it has none and --title is given; refuses a phone the company already
 * uses. Prints the generated password once: it must be changed at the first sign-in.
 */
const USAGE = 'usage: npm run create-admin -- --host <host> --phone <phone> --name <name> --role OPERATOR|PLATFORM_ADMIN [--title <company title>]';

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: { host: { type: 'string' }, phone: { type: 'string' }, name: { type: 'string' }, role: { type: 'string' }, title: { type: 'string' } },
    strict: true,
  });
  if (!values.host || !values.phone || !values.name || !values.role) throw new ConsoleAccountError(USAGE);
  const config = loadDatabaseConfig();
  const database = openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
  try {
    await database.whileStartingAlone(() => database.migrate());
    const created = await createConsoleAccount(database.db, userWriter, {
      host: values.host,
      phone: values.phone,
      name: values.name,
      role: values.role,
      title: values.title,
    });
    const lines = [
      created.companyCreated ? `company created: ${created.companyTitle} (id ${created.companyId}) on ${values.host}` : null,
      `${created.role} ${values.phone} (${values.name}) created in company ${created.companyTitle} (id ${created.companyId}, ${database.kind})`,
      `password: ${created.password}`,
      'The password is shown only this once; it must be changed at the first sign-in to the console.',
    ];
    process.stdout.write(`${lines.filter(Boolean).join('\n')}\n`);
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
