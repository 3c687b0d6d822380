/**
 * `npm run bench:export` (issue 16, item 4; docs/decisions/049): the console's report export
 * through its real route, at 10,000 and 100,000 rows, with the memory it takes.
 *
 * On PostgreSQL (BENCH_DATABASE_URL or TEST_DATABASE_URL, a URL whose user may create databases)
 * it builds a scratch database (dropped at the end) with the demo data and the company of
 * 127.0.0.1 grown to BENCH_REPORTS reports (default 100,000; scale-data.ts, the scale bench's
 * builders), BENCH_LISTINGS listings (1,000) and BENCH_USERS accounts (1,000). Without a URL it
 * does the same in PGlite. Then it starts the app in this process on BENCH_PORT (3861), signs in
 * as that company's operator, and downloads GET /api/admin/export/records over HTTP, the body
 * streamed to a file, for a period holding about 10,000 reports and then for every report,
 * each twice. During each download it samples RSS and the V8 heap every 5 ms and prints the
 * time, rows/s, the file's size and bytes per row, and the peaks over the baseline before it;
 * the second time it also collects every 250 ms (npm script: --expose-gc) for the peak live heap.
 * The file is read back with exceljs's streaming reader to check its row count.
 *
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:export
 */
import { createWriteStream, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import ExcelJS from 'exceljs';
import { shanghaiDay } from '@baobei/shared/rules/shanghai-time';
import { EXPORT_ROWS_HEADER } from '@baobei/shared/schemas/admin-export';
import { buildApp } from '../app';
import { testConfig } from '../config';
import type { Database } from '../db/client';
import { padDisplay, print, withPglite, withScratchPostgres, type Raw } from './bench-support';
import { BENCH_HOST } from './http-load';
import { buildScale } from './scale-data';

const PORT = Number(process.env.BENCH_PORT ?? 3861);
const OPERATOR = '13900000009';
const SCALE = {
  reports: Number(process.env.BENCH_REPORTS ?? 100_000),
  listings: Number(process.env.BENCH_LISTINGS ?? 1_000),
  users: Number(process.env.BENCH_USERS ?? 1_000),
};
const MB = 1024 * 1024;
const mb = (bytes: number) => `${(bytes / MB).toFixed(1)} MB`;

interface Run {
  label: string;
  rows: number;
  ms: number;
  bytes: number;
  baseRss: number;
  peakRss: number;
  baseHeap: number;
  peakHeap: number;
  peakLive: number;
  readBack: number;
}

/** Rows of the file's first sheet but the header, read by exceljs's streaming reader. */
async function countRows(file: string): Promise<number> {
  let rows = 0;
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(file, { worksheets: 'emit', sharedStrings: 'ignore', styles: 'ignore', hyperlinks: 'ignore' });
  for await (const sheet of reader) {
    for await (const row of sheet as AsyncIterable<unknown>) {
      void row;
      rows += 1;
    }
    break;
  }
  return rows - 1;
}

async function download(label: string, query: string, auth: Record<string, string>, dir: string, collect = false): Promise<Run> {
  (globalThis as { gc?: () => void }).gc?.();
  await new Promise((r) => setTimeout(r, 200));
  const base = process.memoryUsage();
  let peakRss = base.rss;
  let peakHeap = base.heapUsed;
  // RSS every 5 ms; the live heap (after a full collection, so garbage not yet collected does
  // not count as held) every 250 ms.
  const gc = collect ? (globalThis as { gc?: () => void }).gc : undefined;
  let peakLive = base.heapUsed;
  let tick = 0;
  const sampler = setInterval(() => {
    tick += 1;
    if (gc && tick % 50 === 0) {
      gc();
      peakLive = Math.max(peakLive, process.memoryUsage().heapUsed);
    }
    const m = process.memoryUsage();
    peakRss = Math.max(peakRss, m.rss);
    peakHeap = Math.max(peakHeap, m.heapUsed);
  }, 5);
  const file = path.join(dir, `${label.replace(/\W+/g, '-')}.xlsx`);
  const started = performance.now();
  const res = await fetch(`http://127.0.0.1:${PORT}/api/admin/export/records?${query}`, { headers: auth });
  if (res.status !== 200 || !res.body) throw new Error(`export ${label}: ${res.status} ${await res.text()}`);
  const rows = Number(res.headers.get(EXPORT_ROWS_HEADER));
  let bytes = 0;
  const counted = Readable.fromWeb(res.body as WebReadableStream<Uint8Array>);
  counted.on('data', (chunk: Buffer) => (bytes += chunk.length));
  await pipeline(counted, createWriteStream(file));
  const ms = performance.now() - started;
  clearInterval(sampler);
  const readBack = await countRows(file);
  rmSync(file);
  return { label, rows, ms, bytes, baseRss: base.rss, peakRss, baseHeap: base.heapUsed, peakHeap, peakLive, readBack };
}

async function bench(database: Database, raw: Raw, kind: string): Promise<void> {
  print(`\n=== ${kind}: ${SCALE.reports.toLocaleString('en-US')} reports, ${SCALE.listings.toLocaleString('en-US')} listings, ${SCALE.users.toLocaleString('en-US')} accounts; node ${process.version}`);
  await database.migrate();
  const companyId = await buildScale(database.db, raw, SCALE, print);
  // About 10,000 reports: those from the Shanghai day of the 10,000th newest on.
  const [tenth] = await raw('select created_at from record where company_id = $1 order by created_at desc, id desc offset 9999 limit 1', [companyId]);
  const from = shanghaiDay(new Date(String(tenth?.created_at ?? new Date().toISOString())));
  const today = shanghaiDay(new Date());

  const app = await buildApp(testConfig({ LOG_LEVEL: 'error' }), database);
  await app.listen({ port: PORT, host: '127.0.0.1' });
  const dir = mkdtempSync(path.join(tmpdir(), 'baobei-export-bench-'));
  try {
    const headers = { companyid: String(companyId), 'content-type': 'application/json' };
    const signed = await fetch(`http://${BENCH_HOST}:${PORT}/api/admin/auth/sign`, { method: 'POST', headers, body: JSON.stringify({ phone: OPERATOR, password: '123456' }) });
    const token = ((await signed.json()) as { data: { token: string } }).data.token;
    const auth = { companyid: String(companyId), authorization: token };
    const runs: Run[] = [];
    // Once untimed: the plans, the JIT and exceljs's modules warm, as in a running server.
    await download('warm-up', `dateFrom=${today}&dateTo=${today}`, auth, dir);
    // Round 1 timed as it runs; round 2 with a full collection every 250 ms (slower), for the live heap.
    for (const round of [1, 2]) {
      runs.push(await download(`~10k #${round}`, `dateFrom=${from}&dateTo=${today}`, auth, dir, round === 2));
      runs.push(await download(`all #${round}`, '', auth, dir, round === 2));
    }
    print('\nexport           rows      time     rows/s     file   B/row   RSS base → peak (Δ)        heap base → peak (Δ)          live heap peak (Δ)   read back');
    for (const r of runs) {
      print(
        [
          padDisplay(r.label, 10),
          String(r.rows.toLocaleString('en-US')).padStart(10),
          `${(r.ms / 1000).toFixed(2)} s`.padStart(9),
          Math.round(r.rows / (r.ms / 1000)).toLocaleString('en-US').padStart(10),
          mb(r.bytes).padStart(9),
          (r.rows ? (r.bytes / r.rows).toFixed(0) : '-').padStart(7),
          `  ${mb(r.baseRss)} → ${mb(r.peakRss)} (+${mb(r.peakRss - r.baseRss)})`.padEnd(30),
          `${mb(r.baseHeap)} → ${mb(r.peakHeap)} (+${mb(r.peakHeap - r.baseHeap)})`.padEnd(30),
          (r.label.includes('#2') ? `${mb(r.peakLive)} (+${mb(r.peakLive - r.baseHeap)})` : '-').padEnd(21),
          r.readBack === r.rows ? `${r.readBack.toLocaleString('en-US')} ✓` : `${r.readBack} ✗`,
        ].join(' '),
      );
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
    await app.close();
  }
}

const url = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
if (url) await withScratchPostgres(url, 'baobei_bench_export', (database, raw) => bench(database, raw, 'postgres'));
else await withPglite((database, raw) => bench(database, raw, 'pglite'));
