import { adminImportMessages as text_ } from '@baobei/shared/messages/admin';
import { DISTRIBUTOR_IMPORT_SHEET, SHOP_IMPORT_SHEET, type DistributorImportKey, type ShopImportKey } from '@baobei/shared/rules/distributor-import';
import type { ImportColumn, ImportSheet } from '@baobei/shared/rules/excel-import';
import { isMainlandPhone } from '@baobei/shared/rules/phone';
import { createDistributorSchema, type CreateDistributorInput } from '@baobei/shared/schemas/admin-distributor';
import type { ImportCheck, ImportResult } from '@baobei/shared/schemas/admin-import';
import { text } from '@baobei/shared/schemas/fields';
import { writeAuditLog } from '../../db/audit-log';
import type { Db, Executor } from '../../db/client';
import { importErrors, readImportWorkbook } from '../../lib/excel-import';
import { importService, type ImportService } from '../../lib/import-routes';
import type { ImportedAccount } from '../user/imported-accounts';
import type { Users } from '../user/user-module';
import { createDistributorRepository } from './distributor-repository';

const SHEETS = [DISTRIBUTOR_IMPORT_SHEET, SHOP_IMPORT_SHEET] as const;

const shopName = text('门店名称', 30).refine((v) => v !== '', { error: text_.required('门店名称') });
const personName = text('店长姓名', 30).refine((v) => v !== '', { error: text_.required('店长姓名') });

const columnOf = (sheet: ImportSheet, key: string): ImportColumn | null => sheet.columns.find((c) => c.key === key) ?? null;
const FIELD_COLUMN: Partial<Record<keyof CreateDistributorInput, DistributorImportKey>> = { cityId: 'city', channelUserId: 'channelPhone' };

interface PlannedShop {
  row: number;
  /** The file's distributor (its index in `distributors`) or the company's (its id). */
  of: { planned: number } | { id: number };
  shopName: string;
  managerName: string;
  managerPhone: string;
}

/**
 * The distributor import (issue 30, item 4; docs/decisions/083): distributors with their general
 * account, as 新建分销商 makes them, and shops with their managers, as a general account's 员工管理
 * adds them. Every row checked first (the create form's schema, cities and channel contacts by
 * name and phone, credit codes and phones free in the company and in the file); then all in one
 * transaction, one audit row per distributor and per account, or nothing.
 */
/** A distributor as distributor.create's audit row names its fields. */
function auditValues(v: { companyId: number; name: string; shortName: string; creditNo: string; address: string; locationId: number; channelUserId: number | null; managerName: string; managerPhone: string }) {
  const { companyId: _company, locationId, ...rest } = v;
  return { ...rest, cityId: locationId };
}

export function createDistributorImportService({ db, users }: { db: Db; users: Pick<Users, 'createImported'> }): ImportService {
  async function plan(x: Executor, companyId: number, file: Buffer) {
    const [distributorRows, shopRows] = await readImportWorkbook(file, SHEETS);
    const repo = createDistributorRepository(x);
    const phones = [...distributorRows.map((r) => r.cells.managerPhone), ...shopRows.map((r) => r.cells.managerPhone)].filter(isMainlandPhone);
    // One after another: in the import's transaction they share one connection.
    const cities = await repo.citiesByName(companyId);
    const channels = await repo.channelContactsByPhone(
      companyId,
      distributorRows.map((r) => r.cells.channelPhone).filter((p) => p !== ''),
    );
    const held = await repo.phonesHeld(companyId, phones);
    const known = await repo.byNamesOrCreditNos(
      companyId,
      shopRows.map((r) => r.cells.distributor),
      distributorRows.map((r) => r.cells.creditNo.toUpperCase()),
    );
    const errors = importErrors();
    const phoneRow = new Map<string, number>();
    /** A phone once in the file and free in the company, else the row's error. */
    const freePhone = (sheet: ImportSheet, row: number, key: string, phone: string) => {
      const fail = (message: string) => errors.add(sheet, row, columnOf(sheet, key), message);
      if (held.has(phone)) return fail(text_.phoneTaken(phone));
      const earlier = phoneRow.get(phone);
      if (earlier !== undefined) return fail(text_.duplicateInFile(columnOf(sheet, key)!.header, earlier));
      phoneRow.set(phone, row);
    };

    const distributors: { row: number; input: CreateDistributorInput }[] = [];
    const nameRow = new Map<string, number>();
    const creditRow = new Map<string, number>();
    for (const { row, cells } of distributorRows) {
      const fail = (key: DistributorImportKey, message: string) => errors.add(DISTRIBUTOR_IMPORT_SHEET, row, columnOf(DISTRIBUTOR_IMPORT_SHEET, key), message);
      let ok = true;
      const cityId = cities.get(cells.city);
      if (cells.city !== '' && cityId === undefined) {
        fail('city', text_.cityUnknown(cells.city));
        ok = false;
      }
      const channelUserId = cells.channelPhone === '' ? null : channels.get(cells.channelPhone);
      if (channelUserId === undefined) {
        fail('channelPhone', text_.channelUnknown(cells.channelPhone));
        ok = false;
      }
      const parsed = createDistributorSchema.safeParse({ ...cells, cityId: cityId ?? (cells.city === '' ? '' : 1), channelUserId: channelUserId ?? null });
      if (!parsed.success) {
        for (const issue of parsed.error.issues) {
          const field = String(issue.path[0] ?? '') as keyof CreateDistributorInput;
          fail(FIELD_COLUMN[field] ?? (field as DistributorImportKey), issue.message);
        }
        continue;
      }
      const input = parsed.data;
      if (known.some((d) => d.creditNo === input.creditNo)) fail('creditNo', text_.creditNoTaken);
      else if (creditRow.has(input.creditNo)) fail('creditNo', text_.duplicateInFile('统一社会信用代码', creditRow.get(input.creditNo)!));
      else creditRow.set(input.creditNo, row);
      if (nameRow.has(input.name)) fail('name', text_.duplicateInFile('分销商名称', nameRow.get(input.name)!));
      else nameRow.set(input.name, row);
      freePhone(DISTRIBUTOR_IMPORT_SHEET, row, 'managerPhone', input.managerPhone);
      if (ok) distributors.push({ row, input });
    }

    const shops: PlannedShop[] = [];
    const namesInSheet = new Set(distributorRows.map((r) => r.cells.name));
    for (const { row, cells } of shopRows) {
      const fail = (key: ShopImportKey, message: string) => errors.add(SHOP_IMPORT_SHEET, row, columnOf(SHOP_IMPORT_SHEET, key), message);
      const planned = distributors.findIndex((d) => d.input.name === cells.distributor);
      const existing = known.filter((d) => d.name === cells.distributor);
      let of: PlannedShop['of'] | null = null;
      if (cells.distributor === '') fail('distributor', text_.required('分销商名称'));
      else if (planned >= 0) of = { planned };
      else if (existing.length === 1) of = { id: existing[0]!.id };
      // A distributor of the sheet with errors of its own: they are named there.
      else if (!namesInSheet.has(cells.distributor)) fail('distributor', text_.distributorUnknown(cells.distributor));
      const shop = shopName.safeParse(cells.shopName);
      if (!shop.success) fail('shopName', shop.error.issues[0]!.message);
      const manager = personName.safeParse(cells.managerName);
      if (!manager.success) fail('managerName', manager.error.issues[0]!.message);
      if (!isMainlandPhone(cells.managerPhone)) fail('managerPhone', text_.phoneInvalid('店长手机号'));
      else freePhone(SHOP_IMPORT_SHEET, row, 'managerPhone', cells.managerPhone);
      if (of && shop.success && manager.success) shops.push({ row, of, shopName: shop.data, managerName: manager.data, managerPhone: cells.managerPhone });
    }

    const check: ImportCheck = errors.result([
      { sheet: DISTRIBUTOR_IMPORT_SHEET, rows: distributorRows.length },
      { sheet: SHOP_IMPORT_SHEET, rows: shopRows.length },
    ]);
    return { check, distributors, shops };
  }

  return importService({
    db,
    sheets: SHEETS,
    plan,
    async write(tx, actor, { check, distributors, shops }): Promise<ImportResult> {
      const companyId = actor.companyId;
      const values = distributors.map(({ input }) => ({
        companyId,
        name: input.name,
        shortName: input.shortName,
        creditNo: input.creditNo,
        address: input.address ?? '',
        locationId: input.cityId,
        channelUserId: input.channelUserId ?? null,
        managerName: input.managerName,
        managerPhone: input.managerPhone,
      }));
      const ids = await createDistributorRepository(tx).insertMany(values);
      const account = (distributorId: number, fields: Pick<ImportedAccount, 'name' | 'phone' | 'shopName' | 'distributorControl'>): ImportedAccount => ({
        companyId,
        distributorId,
        role: 'DIANZHANG',
        ...fields,
      });
      const accounts = [
        ...distributors.map((d, i) => account(ids[i]!, { name: d.input.managerName, phone: d.input.managerPhone, shopName: d.input.shortName, distributorControl: true })),
        ...shops.map((s) => account('planned' in s.of ? ids[s.of.planned]! : s.of.id, { name: s.managerName, phone: s.managerPhone, shopName: s.shopName, distributorControl: false })),
      ];
      const accountIds = await users.createImported(tx, accounts, { actorId: actor.id, actorRole: actor.role });
      const detail = { actorCompanyId: companyId, actorRole: actor.role };
      await writeAuditLog(tx, [
        ...values.map((v, i) => ({ companyId, actorId: actor.id, action: 'distributor.import', entity: 'distributor', entityId: ids[i]!, detail: { ...detail, version: 1, row: distributors[i]!.row, values: auditValues(v) } })),
        { companyId, actorId: actor.id, action: 'import.distributors', entity: 'import', entityId: null, detail: { ...detail, sheetRows: check.rows, distributors: ids.length, accounts: accountIds.length } },
      ]);
      return { created: ids.length, ids };
    },
  });
}
