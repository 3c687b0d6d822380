import { adminImportMessages as text_ } from '@baobei/shared/messages/admin';
import { ACCOUNT_IMPORT_SHEET, IMPORTABLE_ROLE_LABELS, type AccountImportKey, type ImportableRole } from '@baobei/shared/rules/account-import';
import { keyOfLabel } from '@baobei/shared/rules/excel-import';
import { isMainlandPhone } from '@baobei/shared/rules/phone';
import { isBroker, isShopManager } from '@baobei/shared/rules/access';
import { isChannelRole, isDistributorRole } from '@baobei/shared/rules/roles';
import type { ImportCheck, ImportResult } from '@baobei/shared/schemas/admin-import';
import { text } from '@baobei/shared/schemas/fields';
import { writeAuditLog } from '../../db/audit-log';
import type { Db, Executor } from '../../db/client';
import { importErrors, readImportWorkbook } from '../../lib/excel-import';
import { importService, type ImportService } from '../../lib/import-routes';
import { createAccountImportRepository } from './account-import-repository';
import { createImportedAccounts, type ImportedAccount } from './imported-accounts';

const SHEETS = [ACCOUNT_IMPORT_SHEET] as const;

const fields = {
  name: text('姓名', 30).refine((v) => v !== '', { error: text_.required('姓名') }),
  shopName: text('门店名称', 30),
  manageArea: text('管理区域', 100),
};

interface PlannedAccount {
  row: number;
  role: ImportableRole;
  name: string;
  phone: string;
  distributorId: number | null;
  shopName: string;
  manageArea: string;
  /** A broker's shop: the shop manager's key `distributorId:shopName`. */
  shopKey: string | null;
}

const shopKeyOf = (distributorId: number, shop: string) => `${distributorId}:${shop}`;

/**
 * The account import (issue 30, item 4; docs/decisions/083): accounts of the mobile app's roles,
 * as 账号管理 and a general account's 员工管理 make them. A 店长 or 业务员 names its distributor
 * (the company's, by full name) and shop; a 业务员's manager is its shop's 店长, already there or
 * a row of this file. All in one transaction, one audit row per account, or nothing.
 */
export function createAccountImportService({ db }: { db: Db }): ImportService {
  async function plan(x: Executor, companyId: number, file: Buffer) {
    const [rows] = await readImportWorkbook(file, SHEETS);
    const repo = createAccountImportRepository(x);
    const distributors = await repo.distributorsByName(companyId, [...new Set(rows.map((r) => r.cells.distributor).filter((n) => n !== ''))]);
    const managers = await repo.shopManagersOf(
      companyId,
      distributors.map((d) => d.id),
    );
    const held = await repo.phonesHeld(companyId, rows.map((r) => r.cells.phone).filter(isMainlandPhone));
    const shopsWithManager = new Set(managers.map((m) => shopKeyOf(m.distributorId, m.shopName)));
    const errors = importErrors();
    const accounts: PlannedAccount[] = [];
    const phoneRow = new Map<string, number>();

    for (const { row, cells } of rows) {
      const fail = (key: AccountImportKey, message: string) => errors.add(ACCOUNT_IMPORT_SHEET, row, ACCOUNT_IMPORT_SHEET.columns.find((c) => c.key === key)!, message);
      const before = errors.count;
      const name = fields.name.safeParse(cells.name);
      if (!name.success) fail('name', name.error.issues[0]!.message);
      if (!isMainlandPhone(cells.phone)) fail('phone', text_.phoneInvalid('手机号'));
      else if (held.has(cells.phone)) fail('phone', text_.phoneTaken(cells.phone));
      else if (phoneRow.has(cells.phone)) fail('phone', text_.duplicateInFile('手机号', phoneRow.get(cells.phone)!));
      else phoneRow.set(cells.phone, row);
      const role = keyOfLabel(IMPORTABLE_ROLE_LABELS, cells.role);
      const roleCell = cells.role;
      if (roleCell.length === 0) fail('role', text_.required('角色'));
      else if (!role) fail('role', text_.optionUnknown('角色', Object.values(IMPORTABLE_ROLE_LABELS)));
      const shop = fields.shopName.safeParse(cells.shopName);
      if (!shop.success) fail('shopName', shop.error.issues[0]!.message);
      const area = fields.manageArea.safeParse(cells.manageArea);
      if (!area.success) fail('manageArea', area.error.issues[0]!.message);
      let distributorId: number | null = null;
      if (isDistributorRole(role)) {
        const found = distributors.filter((d) => d.name === cells.distributor);
        if (cells.distributor === '' || cells.shopName === '') fail(cells.distributor === '' ? 'distributor' : 'shopName', text_.distributorRequired(cells.role));
        else if (found.length !== 1) fail('distributor', text_.distributorUnknown(cells.distributor));
        else distributorId = found[0]!.id;
      }
      if (errors.count > before || !role || !name.success || !shop.success || !area.success) continue;
      accounts.push({
        row,
        role,
        name: name.data,
        phone: cells.phone,
        distributorId,
        shopName: distributorId === null ? '' : shop.data,
        manageArea: isChannelRole(role) ? area.data : '',
        shopKey: isBroker(role) && distributorId !== null ? shopKeyOf(distributorId, shop.data) : null,
      });
    }
    // A broker's shop needs its manager: one already there, or a 店长 row of this file.
    const shopsInFile = new Set(accounts.filter((a) => isShopManager(a.role)).map((a) => shopKeyOf(a.distributorId!, a.shopName)));
    for (const a of accounts) {
      if (a.shopKey && !shopsWithManager.has(a.shopKey) && !shopsInFile.has(a.shopKey)) {
        errors.add(ACCOUNT_IMPORT_SHEET, a.row, ACCOUNT_IMPORT_SHEET.columns.find((c) => c.key === 'shopName')!, text_.shopUnknown(a.shopName));
      }
    }
    const check: ImportCheck = errors.result([{ sheet: ACCOUNT_IMPORT_SHEET, rows: rows.length }]);
    return { check, accounts, managers };
  }

  return importService({
    db,
    sheets: SHEETS,
    plan,
    async write(tx, actor, { check, accounts, managers }): Promise<ImportResult> {
      const companyId = actor.companyId;
      const value = (a: PlannedAccount, managerId: number | null): ImportedAccount => ({
        companyId,
        role: a.role,
        name: a.name,
        phone: a.phone,
        distributorId: a.distributorId,
        shopName: a.shopName,
        manageArea: a.manageArea,
        managerId,
      });
      const by = (planned: PlannedAccount[]) => ({ actorId: actor.id, actorRole: actor.role, rows: planned.map((a) => a.row) });
      // Shop managers first: the brokers of their shops point at them.
      const shopManagers = accounts.filter((a) => !isBroker(a.role));
      const firstIds = await createImportedAccounts(
        tx,
        shopManagers.map((a) => value(a, null)),
        by(shopManagers),
      );
      const managerOf = new Map<string, number>();
      for (const m of managers) if (!managerOf.has(shopKeyOf(m.distributorId, m.shopName))) managerOf.set(shopKeyOf(m.distributorId, m.shopName), m.id);
      shopManagers.forEach((a, i) => {
        if (isShopManager(a.role) && !managerOf.has(shopKeyOf(a.distributorId!, a.shopName))) managerOf.set(shopKeyOf(a.distributorId!, a.shopName), firstIds[i]!);
      });
      const brokers = accounts.filter((a) => isBroker(a.role));
      const brokerIds = await createImportedAccounts(
        tx,
        brokers.map((a) => value(a, managerOf.get(a.shopKey!)!)),
        by(brokers),
      );
      const created = [...shopManagers, ...brokers];
      const ids = [...firstIds, ...brokerIds];
      await writeAuditLog(tx, {
        companyId,
        actorId: actor.id,
        action: 'import.accounts',
        entity: 'import',
        entityId: null,
        detail: { actorCompanyId: companyId, actorRole: actor.role, sheetRows: check.rows, accounts: ids.length },
      });
      // The answer in the sheet's order.
      const byRow = new Map(created.map((a, i) => [a.row, ids[i]!]));
      const inOrder = accounts.map((a) => byRow.get(a.row)!);
      return { created: inOrder.length, ids: inOrder };
    },
  });
}
