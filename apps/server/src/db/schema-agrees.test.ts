import { readdirSync, readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { generateDrizzleJson, generateMigration } from 'drizzle-kit/api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows, type Database } from './client';
import * as schema from './schema';
import { openEmptyTestDatabase, openTestDatabase } from '../test/test-database';

/**
 * db/schema is what the code queries; the migrations are what production runs. Two databases:
 * one made by the migrations (the test template), one made from db/schema alone (the SQL
 * drizzle-kit would write for it). Their catalogs, as PostgreSQL itself prints them, must be
 * the same: every table's columns, indexes and constraints. Functions and triggers live only in
 * migrations (db/schema has no words for them) and are copied, not compared.
 */

/** Every column, index and constraint of the public schema, one line each, in PostgreSQL's words. */
const CATALOG = `
  select 'column ' || c.relname || '.' || a.attname || ': ' || format_type(a.atttypid, a.atttypmod)
    || case when a.attnotnull then ' not null' else '' end
    || case a.attidentity when 'a' then ' identity always' when 'd' then ' identity by default' else '' end
    || coalesce(' default ' || pg_get_expr(d.adbin, d.adrelid), '') as line
  from pg_attribute a
  join pg_class c on c.oid = a.attrelid
  join pg_namespace n on n.oid = c.relnamespace
  left join pg_attrdef d on d.adrelid = a.attrelid and d.adnum = a.attnum
  where n.nspname = 'public' and c.relkind = 'r' and a.attnum > 0 and not a.attisdropped
  union all
  select 'index ' || pg_get_indexdef(i.oid)
  from pg_index x
  join pg_class i on i.oid = x.indexrelid
  join pg_namespace n on n.oid = i.relnamespace
  where n.nspname = 'public'
    and not exists (select 1 from pg_constraint k where k.conindid = i.oid and k.contype in ('p', 'u'))
  union all
  select 'constraint ' || t.relname || '.' || k.conname || ': ' || pg_get_constraintdef(k.oid)
  from pg_constraint k
  join pg_class t on t.oid = k.conrelid
  join pg_namespace n on n.oid = t.relnamespace
  where n.nspname = 'public'
  order by 1`;

/** The migrations' own functions (not an extension's), as statements that make them again. */
const FUNCTIONS = `
  select pg_get_functiondef(p.oid) as definition,
    exists (select 1 from unnest(p.proargtypes) a join pg_type t on t.oid = a where t.typrelid <> 0) as "takesRow"
  from pg_proc p
  join pg_namespace n on n.oid = p.pronamespace
  where n.nspname = 'public'
    and not exists (select 1 from pg_depend d where d.classid = 'pg_proc'::regclass and d.objid = p.oid and d.deptype = 'e')
  order by p.proname`;

async function catalog(database: Database): Promise<string[]> {
  return (await queryRows<{ line: string }>(database.db, sql.raw(CATALOG))).map((r) => r.line);
}

const snapshotsDir = new URL('./migrations/meta/', import.meta.url);

/** The newest snapshot drizzle-kit keeps beside the migrations (the one `db:generate` diffs against). */
function latestSnapshot(): { id: string; file: string; json: Parameters<typeof generateMigration>[0] } {
  const file = readdirSync(snapshotsDir)
    .filter((name) => /^\d{4}_snapshot\.json$/.test(name))
    .sort()
    .at(-1);
  if (!file) throw new Error('no drizzle snapshot under db/migrations/meta');
  const json = JSON.parse(readFileSync(new URL(file, snapshotsDir), 'utf8')) as Parameters<typeof generateMigration>[0] & { id: string };
  return { id: json.id, file, json };
}

describe('db/schema and the migrations', () => {
  let migrated: Database;
  let fromSchema: Database;

  beforeAll(async () => {
    [migrated, fromSchema] = await Promise.all([openTestDatabase(), openEmptyTestDatabase()]);
    const run = (text: string) => fromSchema.db.execute(sql.raw(text));
    await run('create extension if not exists pg_trgm');
    // The functions that indexes and triggers use; plpgsql bodies are checked when they run. A
    // function taking a table's row (channel_report_facts, migration 0033) is made after the tables.
    await run('set check_function_bodies = off');
    const afterTables: string[] = [];
    for (const { definition, takesRow } of await queryRows<{ definition: string; takesRow: boolean }>(migrated.db, sql.raw(FUNCTIONS))) {
      if (takesRow) afterTables.push(definition);
      else await run(definition);
    }
    const empty = generateDrizzleJson({});
    for (const statement of await generateMigration(empty, generateDrizzleJson(schema as Record<string, unknown>))) await run(statement);
    for (const definition of afterTables) await run(definition);
  });

  afterAll(async () => {
    await Promise.all([migrated?.close(), fromSchema?.close()]);
  });

  it('make the same tables, columns, indexes and constraints', async () => {
    const [fromMigrations, fromSchemaTs] = await Promise.all([catalog(migrated), catalog(fromSchema)]);
    expect(fromMigrations.length).toBeGreaterThan(400);
    const onlyInMigrations = fromMigrations.filter((line) => !fromSchemaTs.includes(line));
    const onlyInSchema = fromSchemaTs.filter((line) => !fromMigrations.includes(line));
    expect({ onlyInMigrations, onlyInSchema }).toEqual({ onlyInMigrations: [], onlyInSchema: [] });
  });

  it('leave drizzle-kit nothing to generate: the newest snapshot is db/schema', async () => {
    const { id, json } = latestSnapshot();
    const statements = await generateMigration(json, generateDrizzleJson(schema as Record<string, unknown>, id));
    expect(statements).toEqual([]);
  });
});
