/**
 * The statement bench (issue 30, item 6; docs/decisions/082): part of `npm run bench` (scale.bench.ts
 * runs it as its own process first, so its memory figures are its own), or alone:
 *
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx apps/server/src/bench/statement.bench.ts
 *
 * On PostgreSQL (BENCH_DATABASE_URL or TEST_DATABASE_URL) a scratch database (dropped at the
 * end), else PGlite: the demo data, then BENCH_STATEMENT_DEALS deals (10,000) of one distributor
 * (the general account 13900000001's, company 127.0.0.1) signed in one month, each with a
 * payment and every tenth with a second one reversed (冲销). The app listens in this process;
 * as that company's operator it downloads GET /api/admin/export/statement over HTTP (streamed to
 * a file, read back with exceljs to count its rows) BENCH_STATEMENT_ROUNDS times (3) after a
 * warm-up, and reads /api/admin/statement/get (page 1) and /api/admin/statement/list. Beside
 * them, raw SQL: the same deal and payment rows through the same driver, no service, no workbook.
 * For each: the time, the RSS peak over its baseline (sampled every 5 ms), and at the end the
 * process's maxRSS (resourceUsage). Goal: the export of 10,000 deals ≤ 10 s and ≤ 150 MB over its baseline.
 */
import { createWriteStream, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import ExcelJS from 'exceljs';
import { EXPORT_ROWS_HEADER } from '@baobei/shared/schemas/admin-export';
import { statementDays } from '@baobei/shared/rules/statement';
import { buildApp } from '../app';
import { testConfig } from '../config';
import type { Database } from '../db/client';
import { seedDemo } from '../db/seed/seed-demo';
import { padDisplay, print, withPglite, withScratchPostgres, type Raw } from './bench-support';
import { BENCH_HOST } from './http-load';

const PORT = Number(process.env.BENCH_STATEMENT_PORT ?? 3871);
const DEALS = Number(process.env.BENCH_STATEMENT_DEALS ?? 10_000);
const ROUNDS = Number(process.env.BENCH_STATEMENT_ROUNDS ?? 3);
const GENERAL = '13900000001';
const BROKER = '13900000003';
const OPERATOR = '13900000009';
const MONTH = '2026-10';
const GOALS = { exportSeconds: 10, exportMb: 150 };
const MB = 1024 * 1024;
const mb = (bytes: number) => `${(bytes / MB).toFixed(1)} MB`;
const mark = (met: boolean) => (met ? '✓' : '✗');

interface Measure {
  label: string;
  rows: number;
  ms: number;
  peakOverBase: number;
  note: string;
}

/** Runs `work` while sampling RSS every 5 ms: its time and the RSS peak over the baseline before it. */
async function measured<T>(work: () => Promise<T>): Promise<{ value: T; ms: number; peakOverBase: number }> {
  (globalThis as { gc?: () => void }).gc?.();
  await new Promise((r) => setTimeout(r, 100));
  const base = process.memoryUsage().rss;
  let peak = base;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 5);
  const started = performance.now();
  try {
    const value = await work();
    return { value, ms: performance.now() - started, peakOverBase: Math.max(peak, process.memoryUsage().rss) - base };
  } finally {
    clearInterval(sampler);
  }
}

/** Data rows of every sheet (headers left out), read back by exceljs's streaming reader. */
async function countRows(file: string): Promise<number> {
  let rows = 0;
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(file, { worksheets: 'emit', sharedStrings: 'ignore', styles: 'ignore', hyperlinks: 'ignore' });
  for await (const sheet of reader) {
    let first = true;
    for await (const row of sheet as AsyncIterable<unknown>) {
      void row;
      if (first) first = false;
      else rows += 1;
    }
  }
  return rows;
}

/** The distributor's deals: reports copied from the broker's first, each with a deal, a payment, every tenth a reversed one. */
async function seedDeals(raw: Raw, companyId: number): Promise<number> {
  const [ids] = await raw(
    `select g.distributor_id as "distributorId", b.id as broker, (select id from record where reporter_id = b.id order by id limit 1) as template,
            (select id from "user" where company_id = $1 and role = 'AUDITORADMIN' order by id limit 1) as admin
       from "user" g, "user" b where g.phone = $2 and g.company_id = $1 and b.phone = $3 and b.company_id = $1`,
    [companyId, GENERAL, BROKER],
  );
  const { distributorId, template, admin } = ids as { distributorId: number; template: number; admin: number };
  const columns = (await raw(`select column_name as c from information_schema.columns where table_schema = 'public' and table_name = 'record' and column_name <> 'id' order by ordinal_position`)).map(
    (r) => String(r.c),
  );
  const override: Record<string, string> = {
    status: `'MAKEBARGAIN'`,
    customer_id: 'null',
    customer_name: `'对账客户' || g`,
    submission_id: `'bench-statement-' || g`,
    created_at: `now() - interval '40 days'`,
    distributor_id: String(distributorId),
  };
  await raw(
    `insert into record (${columns.map((c) => `"${c}"`).join(', ')})
       select ${columns.map((c) => override[c] ?? `t."${c}"`).join(', ')} from record t, generate_series(1, ${DEALS}) g where t.id = ${template}`,
  );
  const { first } = statementDays(MONTH);
  // Owed 3% of the price; paid half; the month's days in turn.
  await raw(
    `insert into record_deal (record_id, company_id, building, room, floor_area, total_price_fen, signed_on, contract_picture, property_type,
                              policy_snapshot, base_fen, incentive_fen, commission_fen, paid_fen, settlement_state, created_by)
       select r.id, r.company_id, (1 + r.id % 20) || '栋', (100 + r.id % 3000)::text, 98.50, 100000000 + r.id * 100, date '${first}' + (r.id % 30),
              '/uploads/bench/contract.png', 'RESIDENCE', '{}'::jsonb, 3000000 + r.id * 3, 0, 3000000 + r.id * 3, 1500000, 'PARTIAL', ${admin}
         from record r where r.company_id = $1 and r.submission_id like 'bench-statement-%'`,
    [companyId],
  );
  await raw(
    `insert into commission_payment (deal_id, company_id, amount_fen, paid_on, reference, invoice_no, created_by)
       select d.id, d.company_id, 1500000, d.signed_on, 'REF-' || d.id, 'FP' || lpad(d.id::text, 10, '0'), ${admin}
         from record_deal d join record r on r.id = d.record_id where r.submission_id like 'bench-statement-%'`,
  );
  await raw(
    `insert into commission_payment (deal_id, company_id, amount_fen, paid_on, reference, invoice_no, created_by, reversed_at, reversed_by, reverse_reason)
       select d.id, d.company_id, 1000, d.signed_on, 'REF-R-' || d.id, '', ${admin}, now(), ${admin}, '重复登记'
         from record_deal d join record r on r.id = d.record_id where r.submission_id like 'bench-statement-%' and d.id % 10 = 0`,
  );
  await raw('analyze');
  return distributorId;
}

async function bench(database: Database, raw: Raw, kind: string): Promise<void> {
  print(`\n=== statement bench (${kind}): ${DEALS.toLocaleString('en-US')} deals of one distributor in ${MONTH}; node ${process.version}`);
  await database.migrate();
  await seedDemo(database.db);
  const companyId = Number((await raw('select company_id from company_host where host = $1', [BENCH_HOST]))[0]!.company_id);
  const t0 = performance.now();
  const distributorId = await seedDeals(raw, companyId);
  print(`seeded in ${((performance.now() - t0) / 1000).toFixed(1)} s`);

  const app = await buildApp(testConfig({ LOG_LEVEL: 'error' }), database);
  await app.listen({ port: PORT, host: '127.0.0.1' });
  const dir = mkdtempSync(path.join(tmpdir(), 'baobei-statement-bench-'));
  const results: Measure[] = [];
  try {
    const headers = { companyid: String(companyId), 'content-type': 'application/json' };
    const signed = await fetch(`http://${BENCH_HOST}:${PORT}/api/admin/auth/sign`, { method: 'POST', headers, body: JSON.stringify({ phone: OPERATOR, password: '123456' }) });
    const token = ((await signed.json()) as { data: { token: string } }).data.token;
    const auth = { companyid: String(companyId), authorization: token };
    const base = `http://${BENCH_HOST}:${PORT}`;

    const download = async (label: string) => {
      const file = path.join(dir, `${label.replace(/\W+/g, '-')}.xlsx`);
      const run = await measured(async () => {
        const res = await fetch(`${base}/api/admin/export/statement?distributorId=${distributorId}&month=${MONTH}`, { headers: auth });
        if (res.status !== 200 || !res.body) throw new Error(`export: ${res.status} ${await res.text()}`);
        await pipeline(Readable.fromWeb(res.body as WebReadableStream<Uint8Array>), createWriteStream(file));
        return Number(res.headers.get(EXPORT_ROWS_HEADER));
      });
      const readBack = await countRows(file);
      // The deals' sheet has a 合计 row the count leaves out.
      const ok = readBack === run.value + 1;
      rmSync(file);
      return { label, rows: run.value, ms: run.ms, peakOverBase: run.peakOverBase, note: ok ? `read back ${readBack.toLocaleString('en-US')} rows ✓` : `read back ${readBack} ✗` };
    };
    await download('warm-up');
    for (let round = 1; round <= ROUNDS; round++) results.push(await download(`export #${round}`));

    const getJson = async (label: string, url: string) => {
      const run = await measured(async () => {
        const res = await fetch(`${base}${url}`, { headers: auth });
        const body = (await res.json()) as { code: number; data: { deals?: unknown[]; list?: unknown[]; sums: { dealCount: number } } };
        if (res.status !== 200) throw new Error(`${url}: ${res.status}`);
        return body.data;
      });
      return { label, rows: run.value.deals?.length ?? run.value.list?.length ?? 0, ms: run.ms, peakOverBase: run.peakOverBase, note: `${run.value.sums.dealCount.toLocaleString('en-US')} deals summed` };
    };
    await getJson('warm', `/api/admin/statement/get?distributorId=${distributorId}&month=${MONTH}`);
    results.push(await getJson('get page 1', `/api/admin/statement/get?distributorId=${distributorId}&month=${MONTH}&pageSize=20`));
    results.push(await getJson('list', `/api/admin/statement/list?month=${MONTH}`));

    // Raw: the same rows, the same driver, all at once, nothing written.
    const { first, last } = statementDays(MONTH);
    const rawRows = async () => {
      const deals = await raw(
        `select d.id, d.record_id, d.signed_on, r.customer_name, h.name, d.building, d.room, u.name as reporter, r.shop_name, d.total_price_fen,
                coalesce(d.adjusted_commission_fen, d.commission_fen) as owed, d.paid_fen, d.settlement_state
           from record_deal d join record r on r.id = d.record_id join house h on h.id = r.house_id join "user" u on u.id = r.reporter_id
          where r.company_id = $1 and r.distributor_id = $2 and d.company_id = $1 and d.signed_on between $3 and $4 order by d.signed_on, d.id`,
        [companyId, distributorId, first, last],
      );
      const payments = await raw(
        `select p.id, p.paid_on, p.amount_fen, p.invoice_no, p.reference, p.reversed_at, p.reverse_reason, d.record_id, r.customer_name, d.building, d.room
           from commission_payment p join record_deal d on d.id = p.deal_id join record r on r.id = d.record_id
          where r.company_id = $1 and r.distributor_id = $2 and d.company_id = $1 and d.signed_on between $3 and $4 order by p.paid_on, p.id`,
        [companyId, distributorId, first, last],
      );
      return deals.length + payments.length;
    };
    await rawRows();
    for (let round = 1; round <= ROUNDS; round++) {
      const run = await measured(rawRows);
      results.push({ label: `raw SQL #${round}`, rows: run.value, ms: run.ms, peakOverBase: run.peakOverBase, note: 'deals + payments, all in memory' });
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
    await app.close();
  }

  print('\nstatement        rows       time    RSS peak over base   note');
  for (const r of results) {
    print([padDisplay(r.label, 12), r.rows.toLocaleString('en-US').padStart(9), `${(r.ms / 1000).toFixed(2)} s`.padStart(10), `+${mb(r.peakOverBase)}`.padStart(14), '   ', r.note].join(' '));
  }
  const exports = results.filter((r) => r.label.startsWith('export')).sort((a, b) => a.ms - b.ms);
  const median = exports[Math.floor(exports.length / 2)];
  const worstMb = Math.max(...exports.map((r) => r.peakOverBase)) / MB;
  if (median) {
    print(
      `export of ${DEALS.toLocaleString('en-US')} deals: median ${(median.ms / 1000).toFixed(2)} s (goal ≤ ${GOALS.exportSeconds} s) ${mark(median.ms / 1000 <= GOALS.exportSeconds)}, ` +
        `RSS peak +${worstMb.toFixed(1)} MB (goal ≤ ${GOALS.exportMb} MB) ${mark(worstMb <= GOALS.exportMb)}`,
    );
  }
  print(`process maxRSS ${(process.resourceUsage().maxRSS / 1024).toFixed(1)} MB (the whole run: data build, app and database${kind === 'pglite' ? ' (PGlite is in this process)' : ''})`);
}

const url = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL;
if (url) await withScratchPostgres(url, 'baobei_bench_statement', (database, raw) => bench(database, raw, 'postgres'));
else await withPglite((database, raw) => bench(database, raw, 'pglite'));
