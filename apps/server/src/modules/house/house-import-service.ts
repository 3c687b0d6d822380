import type { z } from 'zod';
import { adminImportMessages as text_ } from '@baobei/shared/messages/admin';
import { keyOfLabel, readYesNo, splitCellList, type ImportColumn } from '@baobei/shared/rules/excel-import';
import { BUILDING_PROPERTIES, SELLING_STATUS_TEXT } from '@baobei/shared/rules/house';
import { HOUSE_IMPORT_SHEET, HOUSE_POLICY_IMPORT_SHEET, type HouseImportKey, type HousePolicyImportKey } from '@baobei/shared/rules/house-import';
import { protectionModeMessages } from '@baobei/shared/messages/protection-mode';
import { commissionPolicyInputSchema, createHouseSchema, type CreateHouseInput } from '@baobei/shared/schemas/admin-house';
import type { ImportCheck, ImportResult } from '@baobei/shared/schemas/admin-import';
import type { Db, Executor } from '../../db/client';
import { importErrors, readImportWorkbook } from '../../lib/excel-import';
import { importService } from '../../lib/import-routes';
import { NotFoundError } from '../../lib/errors';
import { messages } from '@baobei/shared/messages';
import type { HouseValues } from './house-console-repository';
import { createHouseImportRepository, type PolicyRow } from './house-import-repository';

const SHEETS = [HOUSE_IMPORT_SHEET, HOUSE_POLICY_IMPORT_SHEET] as const;
type Policy = z.output<typeof commissionPolicyInputSchema>;

/** The create form's fields an import fills, beside the listing's own columns. */
const FIELD_OF_COLUMN: Partial<Record<string, HouseImportKey>> = { cityId: 'city', featureIds: 'features' };
const NUMBER_COLUMNS = [
  'packagePrice',
  'averagePrice',
  'longitude',
  'latitude',
  'reportProtectHours',
  'takeLookProtectHours',
  'reportLeadTime',
  'sort',
] as const satisfies readonly HouseImportKey[];
const TEXT_COLUMNS = ['name', 'buildingAddress', 'onSiteTel', 'commissionRule', 'houseRecordTips'] as const satisfies readonly HouseImportKey[];

const columnOf = <K extends string>(sheet: { columns: readonly ImportColumn<K>[] }, key: string): ImportColumn | null =>
  sheet.columns.find((c) => c.key === key) ?? null;

/** A checked listing, ready to write: its create input (policies from the second sheet) and its row. */
interface PlannedHouse {
  row: number;
  input: CreateHouseInput;
}

/**
 * The listing import (issue 30, item 4; docs/decisions/083): a workbook of listings (sheet 楼盘)
 * and their commission policies (sheet 佣金政策, joined by name). Every row is read as the
 * console's create form would send it and checked by the same schema, cities and features by
 * their names in the company; the import writes every listing or none, in one transaction with
 * one audit row per listing and one for the import.
 */
export function createHouseImportService({ db }: { db: Db }) {
  /** Reads and checks the workbook in `x`: the plan when there is no error, and the dry run's answer. */
  async function plan(x: Executor, companyId: number, file: Buffer): Promise<{ check: ImportCheck; houses: PlannedHouse[] }> {
    const [houseRows, policyRows] = await readImportWorkbook(file, SHEETS);
    const repo = createHouseImportRepository(x);
    // One after another: in the import's transaction they share one connection.
    const cities = await repo.citiesByName(companyId);
    const features = await repo.activeFeaturesByName(companyId);
    const existing = await repo.existingNames(
      companyId,
      houseRows.map((r) => r.cells.name),
    );
    const errors = importErrors();
    const houses: PlannedHouse[] = [];
    const rowOfName = new Map<string, number>();

    for (const { row, cells } of houseRows) {
      const fail = (key: HouseImportKey | null, message: string) => errors.add(HOUSE_IMPORT_SHEET, row, key ? columnOf(HOUSE_IMPORT_SHEET, key) : null, message);
      const candidate = houseCandidate(cells, fail, cities, features);
      const parsed = createHouseSchema.safeParse(candidate);
      if (!parsed.success) {
        for (const issue of parsed.error.issues) {
          const field = String(issue.path[0] ?? '');
          fail((FIELD_OF_COLUMN[field] ?? field) as HouseImportKey, issue.message);
        }
        continue;
      }
      const input = parsed.data;
      const earlier = rowOfName.get(input.name);
      if (earlier !== undefined) fail('name', text_.duplicateInFile('楼盘名称', earlier));
      else rowOfName.set(input.name, row);
      if (cities.has(cells.city) && existing.has(`${input.cityId}:${input.name}`)) fail('name', text_.houseExists(input.name));
      houses.push({ row, input: { ...input, commissionPolicies: [] } });
    }

    const byName = new Map(houses.map((h) => [h.input.name, h]));
    const namesInSheet = new Set(houseRows.map((r) => r.cells.name));
    for (const { row, cells } of policyRows) {
      const fail = (key: HousePolicyImportKey | null, message: string) =>
        errors.add(HOUSE_POLICY_IMPORT_SHEET, row, key ? columnOf(HOUSE_POLICY_IMPORT_SHEET, key) : null, message);
      const policy = policyOf(cells, fail);
      const owner = byName.get(cells.house);
      if (cells.house === '') fail('house', text_.required('楼盘名称'));
      else if (!namesInSheet.has(cells.house)) fail('house', text_.policyHouseUnknown(cells.house));
      if (policy && owner) owner.input.commissionPolicies!.push(policy);
    }

    const check = errors.result([
      { sheet: HOUSE_IMPORT_SHEET, rows: houseRows.length },
      { sheet: HOUSE_POLICY_IMPORT_SHEET, rows: policyRows.length },
    ]);
    return { check, houses: check.errorCount === 0 ? houses : [] };
  }

  return importService({
    db,
    sheets: SHEETS,
    plan,
    /** Every listing of the file, with its features, policies and audit row. */
    async write(tx, actor, { check, houses }): Promise<ImportResult> {
      const repo = createHouseImportRepository(tx);
      const defaults = await repo.companyDefaults(actor.companyId);
      if (!defaults) throw new NotFoundError(messages.common.companyNotFound);
      const values = houses.map(({ input }) => houseValues(input, defaults));
      const ids = await repo.insertHouses(actor.companyId, values);
      await repo.insertFeatureLinks(houses.flatMap((h, i) => [...new Set(h.input.featureIds ?? [])].map((featureId) => ({ houseId: ids[i]!, featureId }))));
      await repo.insertPolicies(
        houses.flatMap((h, i) => (h.input.commissionPolicies ?? []).map((p, sort): PolicyRow => ({ ...p, houseId: ids[i]!, sort }))),
      );
      const detail = { actorCompanyId: actor.companyId, actorRole: actor.role };
      await repo.insertAudit([
        ...houses.map((h, i) => ({
          companyId: actor.companyId,
          actorId: actor.id,
          action: 'house.import',
          entity: 'house',
          entityId: ids[i]!,
          detail: { ...detail, version: 1, row: h.row, changes: createdFields({ ...values[i]!, featureIds: h.input.featureIds ?? [], commissionPolicies: h.input.commissionPolicies ?? [] }) },
        })),
        {
          companyId: actor.companyId,
          actorId: actor.id,
          action: 'import.houses',
          entity: 'import',
          entityId: null,
          detail: { ...detail, sheetRows: check.rows, houses: ids.length, policies: check.sheets[1]!.rows },
        },
      ]);
      return { created: ids.length, ids };
    },
  });
}

type Fail = (key: HouseImportKey | null, message: string) => void;

/** A row of sheet 楼盘 as the create form would send it: names and labels turned into ids and codes. */
function houseCandidate(cells: Record<HouseImportKey, string>, fail: Fail, cities: Map<string, number>, features: Map<string, number>) {
  const candidate: Record<string, unknown> = {};
  for (const key of TEXT_COLUMNS) candidate[key] = cells[key];
  for (const key of NUMBER_COLUMNS) if (cells[key] !== '') candidate[key] = cells[key];
  if (cells.city === '') fail('city', text_.required('城市'));
  else if (!cities.has(cells.city)) fail('city', text_.cityUnknown(cells.city));
  else candidate.cityId = cities.get(cells.city);
  if (cells.sellingStatus !== '') {
    const status = keyOfLabel(SELLING_STATUS_TEXT, cells.sellingStatus);
    if (status) candidate.sellingStatus = status;
    else fail('sellingStatus', text_.optionUnknown('销售状态', Object.values(SELLING_STATUS_TEXT)));
  }
  if (cells.protectionMode !== '') {
    const mode = keyOfLabel(protectionModeMessages.name, cells.protectionMode);
    if (mode) candidate.protectionMode = mode;
    else fail('protectionMode', text_.optionUnknown('客户保护规则', Object.values(protectionModeMessages.name)));
  }
  candidate.tags = splitCellList(cells.tags);
  const featureIds: number[] = [];
  for (const name of splitCellList(cells.features)) {
    const id = features.get(name);
    if (id === undefined) fail('features', text_.featureUnknown(name));
    else featureIds.push(id);
  }
  candidate.featureIds = featureIds;
  // A city error is named above; the schema's 请选择城市 would say it twice.
  if (candidate.cityId === undefined) candidate.cityId = 1;
  return candidate;
}

/** A row of sheet 佣金政策 checked by the listing form's schema; undefined when it has an error. */
function policyOf(cells: Record<HousePolicyImportKey, string>, fail: (key: HousePolicyImportKey | null, message: string) => void): Policy | undefined {
  let ok = true;
  const property = keyOfLabel(BUILDING_PROPERTIES, cells.buildingProperty);
  if (cells.buildingProperty === '') {
    fail('buildingProperty', text_.required('物业类型'));
    ok = false;
  } else if (!property) {
    fail('buildingProperty', text_.optionUnknown('物业类型', Object.values(BUILDING_PROPERTIES)));
    ok = false;
  }
  const longTerm = readYesNo(cells.longTerm);
  if (longTerm === undefined) {
    fail('longTerm', text_.optionUnknown('长期有效', ['是', '否']));
    ok = false;
  }
  const parsed = commissionPolicyInputSchema.safeParse({
    buildingProperty: property ?? 'RESIDENCE',
    policyStartDate: cells.policyStartDate,
    policyEndDate: cells.policyEndDate,
    longTerm: longTerm ?? false,
    secondaryPoint: cells.secondaryPoint,
    secondaryAward: cells.secondaryAward,
    secondaryRemark: cells.secondaryRemark,
  });
  if (!parsed.success) {
    for (const issue of parsed.error.issues) fail(String(issue.path[0] ?? '') as HousePolicyImportKey, issue.message);
    return undefined;
  }
  return ok ? parsed.data : undefined;
}

/** The listing's columns: the company's defaults where the row leaves them empty, as the create call does. */
function houseValues(input: CreateHouseInput, defaults: { defaultProtectHours: number; defaultReportLeadTime: number }): HouseValues {
  const { featureIds: _f, commissionPolicies: _p, contacts: _c, albums: _a, unitTypes: _u, ...columns } = input;
  const values: Record<string, unknown> = { reportProtectHours: defaults.defaultProtectHours, reportLeadTime: defaults.defaultReportLeadTime };
  for (const [key, value] of Object.entries(columns)) if (value !== undefined) values[key] = value;
  return values as HouseValues;
}

/** The audit row's changes of a created listing: every field it was given, from nothing. */
function createdFields(fields: Record<string, unknown>): Record<string, { old: null; new: unknown }> {
  return Object.fromEntries(Object.entries(fields).map(([field, value]) => [field, { old: null, new: value }]));
}
