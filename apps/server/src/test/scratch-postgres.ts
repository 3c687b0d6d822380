import { randomBytes } from 'node:crypto';
import pg from 'pg';

/**
 * An empty database of its own on the PostgreSQL of `adminUrl` (TEST_DATABASE_URL), for a test
 * that starts servers on it: its URL, and `drop` for the file's afterAll (connections forced off).
 */
export async function scratchPostgres(adminUrl: string, prefix: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `baobei_${prefix}_${process.pid}_${randomBytes(3).toString('hex')}`;
  await onAdminDatabase(adminUrl, `create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => onAdminDatabase(adminUrl, `drop database if exists ${name} with (force)`) };
}

async function onAdminDatabase(adminUrl: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}
