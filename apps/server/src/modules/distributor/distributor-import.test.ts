import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { adminImportMessages as text_ } from '@baobei/shared/messages/admin';
import { ACCOUNT_IMPORT_SHEET } from '@baobei/shared/rules/account-import';
import { DISTRIBUTOR_IMPORT_SHEET, SHOP_IMPORT_SHEET } from '@baobei/shared/rules/distributor-import';
import { creditCodeCheckChar } from '@baobei/shared/rules/registration';
import { queryRows } from '../../db/client';
import { city, distributor, user } from '../../db/schema';
import { verifyPassword } from '../../lib/password';
import { CONSOLE_ACCOUNTS, DEMO_ACCOUNTS } from '../../test/accounts';
import { importWorkbook, uploadImport, type Cells } from '../../test/import-workbook';
import { createTestApp, HOSTS, type TestApp } from '../../test/test-app';

/**
 * Issue 30, item 4: distributors with their general accounts and shops, then accounts, imported
 * from Excel: every row checked first, then all or nothing, one audit row per object; the
 * imported accounts have no password and sign in with an SMS code.
 */

let t: TestApp;
let operator = '';
let companyA = 0;
let cityName = '';

const code = (n: number) => {
  const body = `91460200MA5C${String(n).padStart(5, '0')}`;
  return body + creditCodeCheckChar(body)!;
};
const distributorRow = (n: number, extra: Cells = {}): Cells => ({
  name: `导入测试房产经纪有限公司${n}`,
  shortName: `导入${n}`,
  creditNo: code(n),
  city: cityName,
  address: '海口市',
  managerName: `总账号${n}`,
  managerPhone: `1355000${String(n).padStart(4, '0')}`,
  ...extra,
});
const shopRow = (n: number, shop: string, phone: string, extra: Cells = {}): Cells => ({ distributor: `导入测试房产经纪有限公司${n}`, shopName: shop, managerName: `${shop}店长`, managerPhone: phone, ...extra });
const distributorFile = (distributors: Cells[], shops: Cells[] = []) =>
  importWorkbook([
    { sheet: DISTRIBUTOR_IMPORT_SHEET, rows: distributors },
    { sheet: SHOP_IMPORT_SHEET, rows: shops },
  ]);
const counts = async () =>
  (
    await queryRows<{ distributors: number; users: number; audits: number }>(
      t.database.db,
      sql`select (select count(*)::int from distributor where company_id = ${companyA}) as distributors,
                 (select count(*)::int from "user" where company_id = ${companyA}) as users,
                 (select count(*)::int from audit_log where company_id = ${companyA} and action like '%import%') as audits`,
    )
  )[0]!;

beforeAll(async () => {
  t = await createTestApp();
  companyA = await t.companyIdOf(HOSTS.localhost);
  cityName = (await t.database.db.select({ name: city.name }).from(city).where(and(eq(city.companyId, companyA), sql`${city.parentId} is not null`, eq(city.enabled, true))).limit(1))[0]!.name;
  operator = await t.consoleLogin(CONSOLE_ACCOUNTS.operator);
}, 120_000);
afterAll(async () => {
  await t?.close();
});

describe('distributor import', () => {
  it('names every bad row and writes nothing, then imports distributors, general accounts and shops in one go', async () => {
    const before = await counts();
    const bad = await distributorFile(
      [
        distributorRow(1),
        distributorRow(2, { creditNo: 'ABC', city: '火星' }),
        distributorRow(3, { managerPhone: DEMO_ACCOUNTS.broker }),
        distributorRow(4, { managerPhone: '13550000001' }),
      ],
      [shopRow(1, '嘉积店', '13551000001'), shopRow(9, '无主店', '13551000002'), shopRow(1, '', '123')],
    );
    const check = await uploadImport(t, '/api/admin/distributor/import-check', operator, bad);
    expect(check.statusCode, check.body).toBe(200);
    const errors: { sheet: string; row: number; column: string; message: string }[] = check.json().data.errors;
    const at = (sheet: string, row: number) => errors.filter((e) => e.sheet === sheet && e.row === row).map((e) => e.column).sort();
    expect(at('分销商', 2)).toEqual([]);
    expect(at('分销商', 3)).toEqual(['所在城市', '统一社会信用代码'].sort());
    expect(errors.find((e) => e.row === 4 && e.sheet === '分销商')!.message).toBe(text_.phoneTaken(DEMO_ACCOUNTS.broker));
    expect(errors.find((e) => e.row === 5 && e.sheet === '分销商')!.message).toBe(text_.duplicateInFile('负责人手机号', 2));
    expect(errors.find((e) => e.sheet === '门店' && e.row === 3)!.message).toBe(text_.distributorUnknown('导入测试房产经纪有限公司9'));
    expect(at('门店', 4)).toEqual(['店长手机号', '门店名称'].sort());
    const refused = await uploadImport(t, '/api/admin/distributor/import', operator, bad, { 'idempotency-key': 'dist-import-bad-01' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().data.errorCount).toBe(check.json().data.errorCount);
    expect(await counts()).toEqual(before);

    const good = await distributorFile([distributorRow(11), distributorRow(12)], [shopRow(11, '嘉积店', '13551000011'), shopRow(11, '博鳌店', '13551000012')]);
    const done = await uploadImport(t, '/api/admin/distributor/import', operator, good, { 'idempotency-key': 'dist-import-good-01' });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().msg).toBe(text_.imported(2, '分销商'));
    const ids: number[] = done.json().data.ids;
    const made = await t.database.db.select({ id: distributor.id, name: distributor.name }).from(distributor).where(inArray(distributor.id, ids));
    expect(made.map((d) => d.name).sort()).toEqual(['导入测试房产经纪有限公司11', '导入测试房产经纪有限公司12']);
    const people = await t.database.db
      .select({ phone: user.phone, distributorId: user.distributorId, control: user.distributorControl, shop: user.shopName, hash: user.passwordHash, mustChange: user.mustChangePassword })
      .from(user)
      .where(inArray(user.distributorId, ids))
      .orderBy(user.phone);
    expect(people.map((p) => [p.phone, p.control, p.shop])).toEqual([
      ['13550000011', true, '导入11'],
      ['13550000012', true, '导入12'],
      ['13551000011', false, '嘉积店'],
      ['13551000012', false, '博鳌店'],
    ]);
    // No password: nothing verifies, not even the initial rule's last six digits.
    expect(people.every((p) => p.hash === '' && !p.mustChange)).toBe(true);
    expect(await verifyPassword(people[0]!.hash, '000011')).toBe(false);
    const signIn = await t.call({ method: 'POST', url: '/api/login/sign', host: HOSTS.localhost, payload: { username: '13550000011', password: '000011' } });
    expect(signIn.statusCode).not.toBe(200);
    // One audit row per distributor, per account, and the import's.
    expect((await counts()).audits - before.audits).toBe(2 + 4 + 1);
  });
});

describe('account import', () => {
  it('imports staff of an existing distributor, brokers under their shop’s manager from the file, all or nothing', async () => {
    const [seeded] = await t.database.db.select({ id: distributor.id, name: distributor.name }).from(distributor).where(eq(distributor.companyId, companyA)).orderBy(distributor.id).limit(1);
    const rows: Cells[] = [
      { name: '导入审核员', phone: '13552000001', role: '审核员' },
      { name: '导入渠道', phone: '13552000002', role: '渠道', manageArea: '琼海' },
      { name: '导入店长', phone: '13552000003', role: '店长', distributor: seeded!.name, shopName: '导入新店' },
      { name: '导入业务员', phone: '13552000004', role: '业务员', distributor: seeded!.name, shopName: '导入新店' },
    ];
    const badFile = await importWorkbook([{ sheet: ACCOUNT_IMPORT_SHEET, rows: [...rows, { name: '孤儿业务员', phone: '13552000005', role: '业务员', distributor: seeded!.name, shopName: '没有店长的店' }, { name: '', phone: '1', role: '老板' }] }]);
    const before = await counts();
    const check = await uploadImport(t, '/api/admin/account/import-check', operator, badFile);
    const errors: { row: number; column: string; message: string }[] = check.json().data.errors;
    expect(errors.filter((e) => e.row <= 5)).toEqual([]);
    expect(errors.find((e) => e.row === 6)).toMatchObject({ column: '门店名称', message: text_.shopUnknown('没有店长的店') });
    expect(errors.filter((e) => e.row === 7).map((e) => e.column).sort()).toEqual(['姓名', '手机号', '角色'].sort());
    expect((await uploadImport(t, '/api/admin/account/import', operator, badFile, { 'idempotency-key': 'acct-import-bad-01' })).statusCode).toBe(400);
    expect(await counts()).toEqual(before);

    const done = await uploadImport(t, '/api/admin/account/import', operator, await importWorkbook([{ sheet: ACCOUNT_IMPORT_SHEET, rows }]), { 'idempotency-key': 'acct-import-good-01' });
    expect(done.statusCode, done.body).toBe(200);
    const ids: number[] = done.json().data.ids;
    const made = await t.database.db.select({ id: user.id, role: user.role, managerId: user.managerId, distributorId: user.distributorId, area: user.manageArea }).from(user).where(inArray(user.id, ids));
    const byPhoneOrder = ids.map((id) => made.find((m) => m.id === id)!);
    expect(byPhoneOrder.map((m) => m.role)).toEqual(['AUDITOR', 'CHANNEL', 'DIANZHANG', 'YUEWUYUAN']);
    expect(byPhoneOrder[1]!.area).toBe('琼海');
    // The broker's manager is the shop manager of the same file.
    expect(byPhoneOrder[3]!.managerId).toBe(ids[2]);
    expect(byPhoneOrder[3]!.distributorId).toBe(seeded!.id);
    expect((await counts()).audits - before.audits).toBe(4 + 1);
  });
});
