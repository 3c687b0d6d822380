import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { getTableName, is, Table } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import * as schema from '../../apps/server/src/db/schema';

/**
 * Each table has one owner (issue 29, item 1; docs/decisions/069, 075, 076): only the files of
 * one module (or of one of db/, jobs/, lib/) write it, and every other module writes through
 * that owner's narrowed dependency (`app.users`, `app.distributors`, `app.customers`, …).
 * Writes are found in the sources: drizzle's `.insert(t)`, `.update(t)`, `.delete(t)` of a
 * schema table, and SQL text's `insert into t`, `update t set`, `delete from t`.
 */
const root = path.resolve(new URL('../..', import.meta.url).pathname);
const serverSrc = path.join(root, 'apps/server/src');

/** The schema's tables: the export's name (drizzle's writes) and the SQL name. */
const tables = Object.entries(schema)
  .filter(([, value]) => is(value, Table))
  .map(([exportName, value]) => ({ exportName, sqlName: getTableName(value as Table) }));

/** Where a file's writes count: `modules/<name>`, or the top folder (db, jobs, lib, …). */
function ownerOf(file: string): string {
  const [top, second] = path.relative(serverSrc, file).split(path.sep);
  return top === 'modules' ? `modules/${second}` : (top ?? '');
}

/** Product sources only: tests, the seed, benches, migrations and the test kit write what they like. */
function productFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return ['test', 'seed', 'bench', 'migrations'].includes(entry.name) ? [] : productFiles(full);
    return /\.ts$/.test(entry.name) && !/\.test\.ts$/.test(entry.name) ? [full] : [];
  });
}

/** The tables `source` writes, by SQL name. */
export function tablesWritten(source: string): Set<string> {
  const written = new Set<string>();
  for (const { exportName, sqlName } of tables) {
    const drizzleWrite = new RegExp(`\\.(insert|update|delete)\\(\\s*${exportName}\\s*\\)`);
    const sqlWrite = new RegExp(`\\b(insert\\s+into|update|delete\\s+from)\\s+"?${sqlName}"?(\\s|\\(|$)`, 'i');
    if (drizzleWrite.test(source) || sqlWrite.test(source)) written.add(sqlName);
  }
  return written;
}

/** Each written table and the owners whose files write it. */
function writers(files: string[]): Map<string, Set<string>> {
  const byTable = new Map<string, Set<string>>();
  for (const file of files) {
    for (const table of tablesWritten(readFileSync(file, 'utf8'))) {
      const owners = byTable.get(table) ?? new Set<string>();
      owners.add(ownerOf(file));
      byTable.set(table, owners);
    }
  }
  return byTable;
}

describe('table owners', () => {
  const byTable = writers(productFiles(serverSrc));

  it('finds the writes it looks for (drizzle and SQL text), and no false one', () => {
    expect([...tablesWritten('await tx.update(user).set({ active: false })')]).toEqual(['user']);
    expect([...tablesWritten('await db.insert(customerImage).values(rows)')]).toEqual(['customer_image']);
    expect([...tablesWritten('sql`insert into "audit_log" (company_id) values (1)`')]).toEqual(['audit_log']);
    expect([...tablesWritten('delete from record_image where id = 1')]).toEqual(['record_image']);
    expect([...tablesWritten('select * from "user" where updated = 1')]).toEqual([]);
    // Their owners' writes are found where they are, so an empty scan cannot pass.
    expect([...(byTable.get('user') ?? [])]).toEqual(['modules/user']);
    expect([...(byTable.get('customer') ?? [])]).toEqual(['modules/customer']);
    expect([...(byTable.get('distributor') ?? [])]).toEqual(['modules/distributor']);
  });

  it('has one owner for each table', () => {
    const shared = [...byTable].filter(([, owners]) => owners.size > 1).map(([table, owners]) => `${table}: ${[...owners].sort().join(', ')}`);
    expect(shared).toEqual([]);
  });
});
