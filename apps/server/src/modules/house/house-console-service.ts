import { messages } from '@baobei/shared/messages';
import { formatShowPrice } from '@baobei/shared/rules/house-format';
import { HOUSE_FIELD_KEYS } from '@baobei/shared/rules/house-fields';
import type {
  AdminHouse,
  AdminHouseHistoryItem,
  AdminHouseListItem,
  AdminHouseListQuery,
  CreateHouseInput,
  UpdateHouseInput,
} from '@baobei/shared/schemas/admin-house';
import type { BatchResult } from '@baobei/shared/schemas/admin-batch';
import type { Db, Executor } from '../../db/client';
import { readAll } from '../../db/reads';
import { eachRow, requireAll } from '../../lib/batch';
import { ConflictError, NotFoundError, ValidationError } from '../../lib/errors';
import type { SessionUser } from '../auth/session-repository';
import type { ExternalLinks } from '../record/record-module';
import type { PictureField } from '../upload/upload-service';
import { consolePictureCheck, type ConsoleUploads } from '../upload/console-pictures';
import { createHouseConsoleRepository, type HouseChanges, type HouseRow, type HouseValues } from './house-console-repository';

const text_ = messages.adminHouse;

/** The listing's own columns the console edits, in the order the audit row lists them. */
const HOUSE_COLUMNS = [
  'name',
  'cityId',
  'sellingStatus',
  'tags',
  'packagePrice',
  'averagePrice',
  'buildingDiagram',
  'buildingVideo',
  'buildingVr',
  'buildingAddress',
  ...HOUSE_FIELD_KEYS,
  'longitude',
  'latitude',
  'onSiteTel',
  'reportLeadTime',
  'reportProtectHours',
  'takeLookProtectHours',
  'ruleTel',
  'protectionMode',
  'isNeedIdCard',
  'isFullName',
  'isNotFullName',
  'isAlert',
  'specialHintTitle',
  'specialTip',
  'incentivePolicy',
  'incentiveTimeStr',
  'incentiveFull',
  'houseRecordTips',
  'commissionRule',
  'commissionPolicy',
  'sort',
] as const satisfies readonly (keyof HouseValues & keyof AdminHouse)[];

/** The nested lists, each replaced as a whole when sent. */
const LIST_FIELDS = ['featureIds', 'contacts', 'albums', 'unitTypes', 'commissionPolicies'] as const;
type ListField = (typeof LIST_FIELDS)[number];

type Diff = Record<string, { old: unknown; new: unknown }>;

const same = (a: unknown, b: unknown) => a === b || JSON.stringify(a) === JSON.stringify(b);

function pickDefined<T extends object>(input: T, fields: readonly (keyof T)[]) {
  const values: Partial<T> = {};
  for (const field of fields) if (input[field] !== undefined) values[field] = input[field];
  return values;
}

/**
 * The console's listings (issue 15, item 4). Every call acts on the host's company (the
 * caller's session company, for both console roles); a listing of another company is 404. A
 * change, its nested lists and its audit row (actor, old and new values) are one transaction.
 */
export function createHouseConsoleService({ db, links, uploads }: { db: Db; links: ExternalLinks; uploads: ConsoleUploads }) {
  const repo = createHouseConsoleRepository(db);
  /** docs/decisions/062: a listing's pictures are the company's console uploads (or typed addresses). */
  const requirePictures = consolePictureCheck(uploads);

  async function detail(x: Executor, companyId: number, id: number): Promise<AdminHouse> {
    const r = createHouseConsoleRepository(x);
    const row = await r.find(companyId, id);
    if (!row) throw new NotFoundError(text_.notFound);
    const [features, contacts, pictures, unitTypes, policies] = await readAll(x, [
      () => r.featuresOf(id),
      () => r.contactsOf(id),
      () => r.picturesOf(id),
      () => r.unitTypesOf(id),
      () => r.policiesOf(id),
    ]);
    const { companyId: _c, externalLinkVersion: _e, cityName, createdAt, updatedAt, ...fields } = row;
    return {
      ...fields,
      cityName,
      featureIds: features.map((f) => f.id),
      features,
      showPrice: formatShowPrice(row.packagePrice, row.averagePrice),
      contacts,
      albums: pictures
        .filter((p) => p.unitTypeId === null && p.picType !== 'UNIT')
        .map((p) => ({ picType: p.picType as AdminHouse['albums'][number]['picType'], albumName: p.albumName, picUrl: p.picUrl, description: p.description })),
      unitTypes: unitTypes.map((u) => ({
        typeName: u.typeName,
        typeThumb: u.typeThumb,
        typeDescription: u.typeDescription,
        typeTheme: u.typeTheme,
        discountPolicy: u.discountPolicy,
        floorArea: u.floorArea,
        pictures: pictures.filter((p) => p.unitTypeId === u.id).map((p) => ({ picUrl: p.picUrl, description: p.description })),
      })),
      commissionPolicies: policies.map((p) => ({
        buildingProperty: p.buildingProperty,
        policyStartDate: p.policyStartDate,
        policyEndDate: p.policyEndDate,
        longTerm: p.longTerm,
        secondaryPoint: p.secondaryPoint,
        secondaryAward: p.secondaryAward,
        secondaryRemark: p.secondaryRemark,
      })),
      createdAt: createdAt.toISOString(),
      updatedAt: updatedAt.toISOString(),
    };
  }

  /**
   * The city and features named belong to the company (400 naming the field otherwise). A retired
   * feature is refused unless the listing (`houseId`) has it already: it stays where it was.
   */
  async function checkRefs(x: Executor, companyId: number, input: { cityId?: number | undefined; featureIds?: number[] | undefined }, houseId?: number) {
    const r = createHouseConsoleRepository(x);
    if (input.cityId !== undefined && !(await r.cityOfCompany(companyId, input.cityId))) {
      throw new ValidationError(text_.cityUnknown, { field: 'cityId' });
    }
    if (input.featureIds?.length) {
      const known = await r.featuresOfCompany(companyId, input.featureIds, houseId);
      if (input.featureIds.some((id) => !known.includes(id))) throw new ValidationError(text_.featureUnknown, { field: 'featureIds' });
    }
  }

  /** Writes the nested lists the input names, each replacing the listing's whole list. */
  async function writeLists(x: Executor, houseId: number, input: Partial<Pick<CreateHouseInput, ListField>>) {
    const r = createHouseConsoleRepository(x);
    if (input.featureIds) await r.replaceFeatures(houseId, input.featureIds);
    if (input.contacts) await r.replaceContacts(houseId, input.contacts);
    if (input.albums || input.unitTypes) await r.replaceAlbumsAndUnitTypes(houseId, input.albums, input.unitTypes);
    if (input.commissionPolicies) await r.replacePolicies(houseId, input.commissionPolicies);
  }

  /** A change of `active` at the version read: the row, its audit row; nothing when it is already so. */
  async function setActive(actor: SessionUser, input: { id: number; version: number }, active: boolean): Promise<AdminHouse> {
    return db.transaction(async (tx) => {
      const r = createHouseConsoleRepository(tx);
      const row = await lockAt(r, actor.companyId, input);
      if (row.active === active) return detail(tx, actor.companyId, row.id);
      const updated = await r.update(actor.companyId, row.id, input.version, { active });
      if (!updated) throw new ConflictError(text_.staleVersion, { reload: true });
      await audit(tx, actor, active ? 'house.restore' : 'house.withdraw', row.id, updated.version, { active: { old: row.active, new: active } });
      return detail(tx, actor.companyId, row.id);
    });
  }

  async function lockAt(r: ReturnType<typeof createHouseConsoleRepository>, companyId: number, input: { id: number; version: number }): Promise<HouseRow> {
    const row = await r.lock(companyId, input.id);
    if (!row) throw new NotFoundError(text_.notFound);
    if (row.version !== input.version) throw new ConflictError(text_.staleVersion, { reload: true, version: row.version });
    return row;
  }

  function audit(x: Executor, actor: SessionUser, action: string, houseId: number, version: number, changes: Diff) {
    return createHouseConsoleRepository(x).insertAudit({
      companyId: actor.companyId,
      actorId: actor.id,
      action,
      entityId: houseId,
      detail: { actorCompanyId: actor.companyId, actorRole: actor.role, version, changes },
    });
  }

  return {
    async list(actor: SessionUser, query: AdminHouseListQuery) {
      const { page, pageSize, active, keyword, cityId, sellingStatus, featureId, tag } = query;
      const filters = {
        ...(keyword ? { keyword } : {}),
        ...(cityId !== undefined ? { cityId } : {}),
        ...(sellingStatus ? { sellingStatus } : {}),
        ...(featureId !== undefined ? { featureId } : {}),
        ...(tag ? { tag } : {}),
        ...(active !== undefined ? { active: active === 'true' } : {}),
      };
      const { rows, total } = await repo.list(actor.companyId, filters, page, pageSize);
      const features = await repo.featuresOfHouses(rows.map((r) => r.id));
      const list: AdminHouseListItem[] = rows.map(({ packagePrice, averagePrice, updatedAt, ...row }) => ({
        ...row,
        features: features.filter((f) => f.houseId === row.id).map(({ id, name }) => ({ id, name })),
        showPrice: formatShowPrice(packagePrice, averagePrice),
        updatedAt: updatedAt.toISOString(),
      }));
      return { list, total, page, pageSize };
    },

    get: (actor: SessionUser, id: number) => detail(db, actor.companyId, id),

    /** A new listing; protection hours and lead time default to the company's settings. */
    async create(actor: SessionUser, input: CreateHouseInput): Promise<AdminHouse> {
      return db.transaction(async (tx) => {
        await checkRefs(tx, actor.companyId, input);
        await requirePictures(tx, actor.companyId, housePictures(input));
        const company = await createHouseConsoleRepository(tx).companyDefaults(actor.companyId);
        if (!company) throw new NotFoundError(messages.common.companyNotFound);
        const values = {
          reportProtectHours: company.defaultProtectHours,
          reportLeadTime: company.defaultReportLeadTime,
          ...pickDefined(input, HOUSE_COLUMNS),
          name: input.name,
          cityId: input.cityId,
        } as HouseValues;
        const row = await createHouseConsoleRepository(tx).insert(actor.companyId, values);
        await writeLists(tx, row.id, input);
        const created = await detail(tx, actor.companyId, row.id);
        const diff: Diff = {};
        for (const field of [...HOUSE_COLUMNS, ...LIST_FIELDS]) {
          const value = created[field];
          if (field in values || input[field] !== undefined) diff[field] = { old: null, new: value };
        }
        await audit(tx, actor, 'house.create', row.id, row.version, diff);
        return created;
      });
    },

    /**
     * Changes what the input names, if the version is still the one the caller read (409 with
     * the current version otherwise); a list sent replaces the whole list. A save that changes
     * nothing writes nothing and keeps the version.
     */
    async update(actor: SessionUser, input: UpdateHouseInput): Promise<AdminHouse> {
      return db.transaction(async (tx) => {
        const r = createHouseConsoleRepository(tx);
        await lockAt(r, actor.companyId, input);
        await checkRefs(tx, actor.companyId, input, input.id);
        const before = await detail(tx, actor.companyId, input.id);
        await requirePictures(tx, actor.companyId, housePictures(input), new Set(housePictures(before).map((p) => p.url)));
        const changes: Record<string, unknown> = {};
        const diff: Diff = {};
        for (const field of HOUSE_COLUMNS) {
          const value = input[field];
          if (value === undefined || same(value, before[field])) continue;
          changes[field] = value;
          diff[field] = { old: before[field], new: value };
        }
        const lists: Partial<Pick<CreateHouseInput, ListField>> = {};
        for (const field of LIST_FIELDS) {
          const value = input[field];
          const old = before[field];
          if (value === undefined) continue;
          const normalised = field === 'featureIds' ? [...new Set(value as number[])] : value;
          if (same(normalised, old)) continue;
          Object.assign(lists, { [field]: normalised });
          diff[field] = { old, new: normalised };
        }
        if (Object.keys(diff).length === 0) return before;
        const updated = await r.update(actor.companyId, input.id, input.version, changes as HouseChanges);
        if (!updated) throw new ConflictError(text_.staleVersion, { reload: true });
        await writeLists(tx, input.id, lists);
        await audit(tx, actor, 'house.update', input.id, updated.version, diff);
        return detail(tx, actor.companyId, input.id);
      });
    },

    withdraw: (actor: SessionUser, input: { id: number; version: number }) => setActive(actor, input, false),

    restore: (actor: SessionUser, input: { id: number; version: number }) => setActive(actor, input, true),

    /**
     * 批量下架 / 批量上架 (issue 30, item 3): every id the company's (404 and nothing done
     * otherwise), then each listing as the one-row call does it at the version it has now; one
     * already so is left as it is.
     */
    async setActiveMany(actor: SessionUser, ids: number[], active: boolean): Promise<BatchResult> {
      requireAll(ids, await repo.idsOfCompany(actor.companyId, ids), text_.notFound);
      return eachRow(ids, async (id) => {
        const row = await repo.find(actor.companyId, id);
        if (!row) throw new NotFoundError(text_.notFound);
        await setActive(actor, { id, version: row.version }, active);
      });
    },

    /**
     * The listing's external arrival link (decision 011), the record module's own: the console's
     * roles get what auditors get. Another company's listing is 404 楼盘不存在, as every console call.
     */
    async arrivalLink(actor: SessionUser, id: number) {
      if (!(await repo.find(actor.companyId, id))) throw new NotFoundError(text_.notFound);
      return links.link(actor.companyId, id);
    },

    /** A new arrival link: every older one stops working; the record module writes the audit row (house.external-link-renew). */
    async renewArrivalLink(actor: SessionUser, id: number) {
      if (!(await repo.find(actor.companyId, id))) throw new NotFoundError(text_.notFound);
      return links.renew(actor, id);
    },

    async history(actor: SessionUser, query: { id: number; page: number; pageSize: number }) {
      if (!(await repo.find(actor.companyId, query.id))) throw new NotFoundError(text_.notFound);
      const { rows, total } = await repo.history(actor.companyId, query.id, query.page, query.pageSize);
      const list: AdminHouseHistoryItem[] = rows.map((row) => {
        const detailOf = row.detail as { actorRole?: string; version?: number; changes?: Diff };
        return {
          id: row.id,
          action: row.action,
          actorId: row.actorId,
          actorName: row.actorName ?? '',
          actorRole: detailOf.actorRole ?? '',
          version: detailOf.version ?? null,
          changes: Object.entries(detailOf.changes ?? {}).map(([field, c]) => ({
            field,
            old: JSON.stringify(c.old ?? null),
            new: JSON.stringify(c.new ?? null),
          })),
          createdAt: row.createdAt.toISOString(),
        };
      });
      return { list, total, page: query.page, pageSize: query.pageSize };
    },
  };
}
export type HouseConsoleService = ReturnType<typeof createHouseConsoleService>;

/** The listing's pictures in a create or update input, each with the field a refusal names. */
export function housePictures(input: {
  buildingDiagram?: string | undefined;
  albums?: { picUrl: string }[] | undefined;
  unitTypes?: { typeThumb?: string | undefined; pictures?: { picUrl: string }[] | undefined }[] | undefined;
}): PictureField[] {
  return [
    ...(input.buildingDiagram ? [{ url: input.buildingDiagram, field: '楼盘主图', data: { field: 'buildingDiagram' } }] : []),
    ...(input.albums ?? []).map((a) => ({ url: a.picUrl, field: '相册图片', data: { field: 'albums' } })),
    ...(input.unitTypes ?? []).flatMap((u) => [
      ...(u.typeThumb ? [{ url: u.typeThumb, field: '户型图', data: { field: 'unitTypes' } }] : []),
      ...(u.pictures ?? []).map((p) => ({ url: p.picUrl, field: '户型图片', data: { field: 'unitTypes' } })),
    ]),
  ];
}
