/**
 * The listing import at the size the issue names (issue 30, item 4; docs/decisions/083): a
 * workbook of BENCH_IMPORT_ROWS listings (5,000) with one commission policy each, checked (the
 * dry run) and imported through the service the route calls, beside raw SQL inserting the same
 * listings and policies with multi-row INSERTs through the same driver. Prints the time, rows/s
 * and the peak RSS and V8 heap over the baseline (sampled every 5 ms) of each. Part of
 * `npm run bench` (BENCH_SKIP=import leaves it out); alone:
 *
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx apps/server/src/bench/import.bench.ts
 *
 * It runs in a scratch database of its own (PostgreSQL with a URL, else PGlite) holding the demo
 * data, so the other parts' data are not touched. Goal: 5,000 rows in under a minute.
 */
import ExcelJS from 'exceljs';
import { HOUSE_IMPORT_SHEET, HOUSE_POLICY_IMPORT_SHEET } from '@baobei/shared/rules/house-import';
import type { Database } from '../db/client';
import { seedDemo } from '../db/seed/seed-demo';
import type { SessionUser } from '../modules/auth/session-repository';
import { createHouseImportService } from '../modules/house/house-import-service';
import { print, withPglite, withScratchPostgres, type Raw } from './bench-support';

const ROWS = Number(process.env.BENCH_IMPORT_ROWS ?? 5_000);
const GOAL_MS = 60_000;
const MB = 1024 * 1024;
const mb = (bytes: number) => `${(bytes / MB).toFixed(1)} MB`;

interface Measured<T> {
  value: T;
  ms: number;
  peakRss: number;
  peakHeap: number;
}

/** Runs `work`, sampling RSS and the heap every 5 ms: the time and the peaks over the baseline. */
async function measure<T>(work: () => Promise<T>): Promise<Measured<T>> {
  (globalThis as { gc?: () => void }).gc?.();
  const base = process.memoryUsage();
  let rss = base.rss;
  let heap = base.heapUsed;
  const sampler = setInterval(() => {
    const now = process.memoryUsage();
    rss = Math.max(rss, now.rss);
    heap = Math.max(heap, now.heapUsed);
  }, 5);
  const started = performance.now();
  try {
    const value = await work();
    return { value, ms: performance.now() - started, peakRss: rss - base.rss, peakHeap: heap - base.heapUsed };
  } finally {
    clearInterval(sampler);
  }
}

/** The workbook an operator would fill in from the template: ROWS listings, a policy each. */
async function workbook(city: string, feature: string): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const houses = book.addWorksheet(HOUSE_IMPORT_SHEET.name);
  houses.addRow(HOUSE_IMPORT_SHEET.columns.map((c) => c.header));
  const policies = book.addWorksheet(HOUSE_POLICY_IMPORT_SHEET.name);
  policies.addRow(HOUSE_POLICY_IMPORT_SHEET.columns.map((c) => c.header));
  for (let i = 1; i <= ROWS; i++) {
    const name = `基准导入楼盘${String(i).padStart(5, '0')}`;
    const row: Record<string, string | number> = {
      name,
      city,
      sellingStatus: '在售',
      packagePrice: 100 + (i % 300),
      averagePrice: 12_000 + (i % 9_000),
      buildingAddress: `基准路${i}号`,
      tags: '近海、精装',
      features: feature,
      onSiteTel: '0898-66668888',
      protectionMode: i % 2 ? '报备为王' : '到访为王',
      commissionRule: '成交后次月结佣',
      sort: i,
    };
    houses.addRow(HOUSE_IMPORT_SHEET.columns.map((c) => row[c.key] ?? ''));
    policies.addRow(HOUSE_POLICY_IMPORT_SHEET.columns.map((c) => ({ house: name, buildingProperty: '住宅', secondaryPoint: '3%', longTerm: '是' })[c.key as string] ?? ''));
  }
  return Buffer.from(await book.xlsx.writeBuffer());
}

/** The same listings and policies by hand: multi-row INSERTs of 500 through the same driver, in one transaction. */
async function rawInsert(raw: Raw, companyId: number, cityId: number, featureId: number): Promise<number> {
  await raw('begin');
  try {
    let inserted = 0;
    for (let from = 1; from <= ROWS; from += 500) {
      const values: unknown[] = [];
      const tuples: string[] = [];
      for (let i = from; i < Math.min(from + 500, ROWS + 1); i++) {
        const p = values.length;
        tuples.push(`($${p + 1}, $${p + 2}, $${p + 3}, $${p + 4}, $${p + 5}, $${p + 6}, '{近海,精装}', '0898-66668888', $${p + 7}, '成交后次月结佣', $${p + 8})`);
        values.push(companyId, cityId, `基准原生楼盘${String(i).padStart(5, '0')}`, 100 + (i % 300), 12_000 + (i % 9_000), `基准路${i}号`, i % 2 ? 'REPORT_FIRST' : 'VISIT_FIRST', i);
      }
      const ids = await raw(
        `insert into house (company_id, city_id, name, package_price, average_price, building_address, tags, on_site_tel, protection_mode, commission_rule, sort)
         values ${tuples.join(', ')} returning id`,
        values,
      );
      const houseIds = ids.map((r) => Number(r.id));
      await raw(`insert into house_feature_link (house_id, feature_id) select unnest($1::int[]), $2`, [houseIds, featureId]);
      await raw(`insert into commission_policy (house_id, building_property, long_term, secondary_point) select unnest($1::int[]), 'RESIDENCE', true, '3%'`, [houseIds]);
      inserted += houseIds.length;
    }
    await raw('commit');
    return inserted;
  } catch (error) {
    await raw('rollback');
    throw error;
  }
}

const line = (label: string, m: { ms: number; peakRss: number; peakHeap: number }, rows: number) =>
  `   ${label.padEnd(34)} ${(m.ms / 1000).toFixed(2).padStart(6)} s  ${Math.round((rows / m.ms) * 1000).toLocaleString('en-US').padStart(7)} rows/s  peak RSS +${mb(m.peakRss)}, heap +${mb(m.peakHeap)}`;

/** The bench on a database holding the demo data. */
export async function benchHouseImport(database: Database, raw: Raw): Promise<void> {
  const [target] = await raw(
    `select c.company_id, c.id as city_id, c.name as city, f.id as feature_id, f.name as feature
       from city c join house_feature f on f.company_id = c.company_id and f.active
      where c.parent_id is not null and c.enabled order by c.company_id, c.id, f.id limit 1`,
  );
  const [operator] = await raw(`select * from "user" where company_id = $1 and role = 'OPERATOR' order by id limit 1`, [target!.company_id]);
  const actor = { id: Number(operator!.id), companyId: Number(target!.company_id), role: 'OPERATOR' } as SessionUser;
  const file = await workbook(String(target!.city), String(target!.feature));
  print(`\nListing import: ${ROWS.toLocaleString('en-US')} listings with a policy each (${(2 * ROWS).toLocaleString('en-US')} rows, a ${mb(file.length)} workbook); goal: under ${GOAL_MS / 1000} s`);
  const service = createHouseImportService({ db: database.db });
  const check = await measure(() => service.check(actor, file));
  if (check.value.errorCount) throw new Error(`the bench's workbook has errors: ${JSON.stringify(check.value.errors.slice(0, 3))}`);
  print(line('dry run (read and check)', check, ROWS));
  const imported = await measure(() => service.import(actor, file));
  if (imported.value.created !== ROWS) throw new Error(`imported ${imported.value.created} of ${ROWS}`);
  print(`${line('import (read, check, write, audit)', imported, ROWS)}  ${imported.ms < GOAL_MS ? '✓' : '✗'}`);
  const sql = await measure(() => rawInsert(raw, actor.companyId, Number(target!.city_id), Number(target!.feature_id)));
  print(line('raw SQL (the inserts only)', sql, ROWS));
  print(`   import / raw SQL: ${(imported.ms / sql.ms).toFixed(1)}×  (the import also reads the workbook, checks every cell and writes an audit row per listing)`);
}

/** In a scratch database of its own with the demo data: PostgreSQL with a URL, else PGlite. */
export async function runImportBench(): Promise<void> {
  const url = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL;
  const work = async (database: Database, raw: Raw) => {
    await database.migrate();
    await seedDemo(database.db);
    await benchHouseImport(database, raw);
  };
  if (url) await withScratchPostgres(url, 'baobei_bench_import', work);
  else {
    print('PGlite (BENCH_DATABASE_URL for PostgreSQL)');
    await withPglite(work);
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  runImportBench().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
