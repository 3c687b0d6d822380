import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { adminImportMessages as text_ } from '@baobei/shared/messages/admin';
import { HOUSE_IMPORT_SHEET, HOUSE_POLICY_IMPORT_SHEET } from '@baobei/shared/rules/house-import';
import { queryRows } from '../../db/client';
import { city, houseFeature } from '../../db/schema';
import { CONSOLE_ACCOUNTS } from '../../test/accounts';
import { importWorkbook, uploadImport, type Cells } from '../../test/import-workbook';
import { createTestApp, HOSTS, type TestApp } from '../../test/test-app';

/** Issue 30, item 4: listings imported from Excel: the template, the dry run, all or nothing, once. */

let t: TestApp;
let operator = '';
let otherOperator = '';
let cityName = '';
let featureName = '';
let companyA = 0;

/** The listing workbook: its two sheets' rows. */
const workbook = (houses: Cells[], policies: Cells[] = [], options: { dropHeader?: string } = {}) =>
  importWorkbook(
    [
      { sheet: HOUSE_IMPORT_SHEET, rows: houses },
      { sheet: HOUSE_POLICY_IMPORT_SHEET, rows: policies },
    ],
    options,
  );
const upload = (url: string, token: string, file: Buffer, headers: Record<string, string> = {}, host: string = HOSTS.localhost) => uploadImport(t, url, token, file, headers, host);

const counts = async () =>
  (
    await queryRows<{ houses: number; policies: number; audits: number }>(
      t.database.db,
      sql`select (select count(*)::int from house where company_id = ${companyA}) as houses,
                 (select count(*)::int from commission_policy p join house h on h.id = p.house_id where h.company_id = ${companyA}) as policies,
                 (select count(*)::int from audit_log where company_id = ${companyA} and action in ('house.import', 'import.houses')) as audits`,
    )
  )[0]!;

const listing = (name: string, extra: Cells = {}): Cells => ({ name, city: cityName, sellingStatus: '在售', packagePrice: 120, tags: '近海、精装', features: featureName, ...extra });

beforeAll(async () => {
  t = await createTestApp();
  companyA = await t.companyIdOf(HOSTS.localhost);
  const db = t.database.db;
  cityName = (await db.select({ name: city.name }).from(city).where(and(eq(city.companyId, companyA), sql`${city.parentId} is not null`, eq(city.enabled, true))).limit(1))[0]!.name;
  featureName = (await db.select({ name: houseFeature.name }).from(houseFeature).where(and(eq(houseFeature.companyId, companyA), eq(houseFeature.active, true))).limit(1))[0]!.name;
  operator = await t.consoleLogin(CONSOLE_ACCOUNTS.operator);
  otherOperator = await t.consoleLogin(CONSOLE_ACCOUNTS.secondOperator, { host: HOSTS.second });
}, 120_000);
afterAll(async () => {
  await t?.close();
});

describe('listing import', () => {
  it('offers a template with the sheets and headers it reads back', async () => {
    const res = await t.call({ method: 'GET', url: '/api/admin/house/import-template', token: operator, host: HOSTS.localhost });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ExcelJS.Buffer);
    expect(book.worksheets.map((w) => w.name)).toEqual(['楼盘', '佣金政策', '填写说明']);
    expect((book.getWorksheet('楼盘')!.getRow(1).values as unknown[]).slice(1)).toEqual(HOUSE_IMPORT_SHEET.columns.map((c) => c.header));
    // The template itself, empty, is "no rows".
    const empty = await upload('/api/admin/house/import-check', operator, res.rawPayload);
    expect(empty.statusCode).toBe(400);
    expect(empty.json().msg).toBe(text_.noRows);
  });

  it('dry-runs a file with bad rows naming sheet, row and column, and its import writes nothing', async () => {
    const before = await counts();
    const file = await workbook(
      [
        listing('导入测试甲'),
        listing('', { city: '不存在的城市' }),
        listing('导入测试乙', { sellingStatus: '热卖', packagePrice: 'abc' }),
        listing('导入测试甲'),
      ],
      [
        { house: '导入测试甲', buildingProperty: '住宅', secondaryPoint: '3%', longTerm: '是' },
        { house: '不在表里', buildingProperty: '车位', longTerm: '也许' },
      ],
    );
    const check = await upload('/api/admin/house/import-check', operator, file);
    expect(check.statusCode, check.body).toBe(200);
    const data = check.json().data;
    expect(data.rows).toBe(6);
    expect(data.sheets).toEqual([
      { name: '楼盘', rows: 4 },
      { name: '佣金政策', rows: 2 },
    ]);
    const at = (sheet: string, row: number) => data.errors.filter((e: { sheet: string; row: number }) => e.sheet === sheet && e.row === row);
    expect(at('楼盘', 2)).toEqual([]);
    expect(at('楼盘', 3)).toEqual(
      expect.arrayContaining([
        { sheet: '楼盘', row: 3, column: '城市', message: text_.cityUnknown('不存在的城市') },
        { sheet: '楼盘', row: 3, column: '楼盘名称', message: '请填写楼盘名称' },
      ]),
    );
    expect(at('楼盘', 4).map((e: { column: string }) => e.column).sort()).toEqual(['总价（万/套）', '销售状态']);
    expect(at('楼盘', 5)).toEqual([{ sheet: '楼盘', row: 5, column: '楼盘名称', message: text_.duplicateInFile('楼盘名称', 2) }]);
    expect(at('佣金政策', 3).map((e: { column: string }) => e.column).sort()).toEqual(['楼盘名称', '物业类型', '长期有效'].sort());
    expect(data.errorCount).toBe(data.errors.length);
    expect(check.json().msg).toBe(text_.checkedWithErrors(data.errorCount));

    const refused = await upload('/api/admin/house/import', operator, file, { 'idempotency-key': 'import-bad-rows-0001' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().msg).toBe(text_.hasErrors(data.errorCount));
    expect(refused.json().data.errors).toEqual(data.errors);
    expect(await counts()).toEqual(before);
  });

  it('imports every row in one go with its policies, audited per listing, once per Idempotency-Key', async () => {
    const before = await counts();
    const houses = Array.from({ length: 20 }, (_, i) => listing(`导入楼盘${String(i + 1).padStart(2, '0')}`, { averagePrice: 15000 + i }));
    const file = await workbook(houses, [
      { house: '导入楼盘01', buildingProperty: '住宅', secondaryPoint: '3%', longTerm: '是' },
      { house: '导入楼盘01', buildingProperty: '商铺', secondaryPoint: '2万/套', policyStartDate: new Date(Date.UTC(2026, 0, 1)), policyEndDate: '2026-12-31', longTerm: '否' },
    ]);
    const withoutKey = await upload('/api/admin/house/import', operator, file);
    expect(withoutKey.statusCode).toBe(400);
    expect(withoutKey.json().msg).toBe(text_.keyMissing);

    const key = { 'idempotency-key': 'import-twenty-0001' };
    const done = await upload('/api/admin/house/import', operator, file, key);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().msg).toBe(text_.imported(20, '楼盘'));
    const ids: number[] = done.json().data.ids;
    expect(ids).toHaveLength(20);
    expect(await counts()).toEqual({ houses: before.houses + 20, policies: before.policies + 2, audits: before.audits + 21 });

    // The first listing as the console's form reads it: city, status, tags, feature, policies.
    const got = await t.call({ method: 'GET', url: `/api/admin/house/get?id=${ids[0]}`, token: operator, host: HOSTS.localhost });
    expect(got.json().data).toMatchObject({
      name: '导入楼盘01',
      cityName,
      sellingStatus: 'SELLING',
      packagePrice: 120,
      averagePrice: 15000,
      tags: ['近海', '精装'],
      features: [{ name: featureName }],
      commissionPolicies: [
        { buildingProperty: 'RESIDENCE', secondaryPoint: '3%', longTerm: true },
        { buildingProperty: 'SHOP', secondaryPoint: '2万/套', policyStartDate: '2026-01-01', policyEndDate: '2026-12-31', longTerm: false },
      ],
    });
    const history = await t.call({ method: 'GET', url: `/api/admin/house/history?id=${ids[0]}`, token: operator, host: HOSTS.localhost });
    expect(history.json().data.list.map((r: { action: string }) => r.action)).toEqual(['house.import']);

    // The same key again: the first answer, nothing written twice.
    const again = await upload('/api/admin/house/import', operator, file, key);
    expect(again.statusCode).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json().data.ids).toEqual(ids);
    // Another key: the names are taken now, so the dry run says so and nothing is written.
    const twice = await upload('/api/admin/house/import', operator, file, { 'idempotency-key': 'import-twenty-0002' });
    expect(twice.statusCode).toBe(400);
    expect(twice.json().data.errors[0]).toMatchObject({ sheet: '楼盘', row: 2, column: '楼盘名称', message: text_.houseExists('导入楼盘01') });
    expect((await counts()).houses).toBe(before.houses + 20);
  });

  it("reads names in the caller's company only, and refuses what is not a workbook of the template", async () => {
    // A city only company A has: company B's dry run does not know it.
    const [province] = await t.database.db.select({ id: city.id }).from(city).where(and(eq(city.companyId, companyA), sql`${city.parentId} is null`)).limit(1);
    await t.database.db.insert(city).values({ companyId: companyA, parentId: province!.id, name: '仅甲公司城' });
    const own = await upload('/api/admin/house/import-check', operator, await workbook([listing('本公司楼盘', { city: '仅甲公司城' })]));
    expect(own.json().data.errorCount).toBe(0);
    const other = await upload('/api/admin/house/import-check', otherOperator, await workbook([listing('别家公司楼盘', { city: '仅甲公司城', features: '' })]), {}, HOSTS.second);
    expect(other.statusCode).toBe(200);
    expect(other.json().data.errors).toEqual([{ sheet: '楼盘', row: 2, column: '城市', message: text_.cityUnknown('仅甲公司城') }]);

    const notExcel = await upload('/api/admin/house/import-check', operator, Buffer.from('not a workbook'));
    expect(notExcel.statusCode).toBe(400);
    expect(notExcel.json().msg).toBe(text_.fileInvalid);
    const noHeader = await upload('/api/admin/house/import-check', operator, await workbook([listing('缺列')], [], { dropHeader: '城市' }));
    expect(noHeader.statusCode).toBe(400);
    expect(noHeader.json().msg).toBe(text_.headerMissing('楼盘', '城市'));
    const noFile = await t.call({ method: 'POST', url: '/api/admin/house/import-check', token: operator, host: HOSTS.localhost, payload: {} });
    expect(noFile.statusCode).toBe(400);
    expect(noFile.json().msg).toBe(text_.fileMissing);
  });
});
