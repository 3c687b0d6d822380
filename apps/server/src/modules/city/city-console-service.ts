import { adminHomeMessages as text_ } from '@baobei/shared/messages/admin';
import type { AdminCity, CreateCityInput, UpdateCityInput } from '@baobei/shared/schemas/admin-home';
import type { Db } from '../../db/client';
import { ConflictError, NotFoundError, ValidationError } from '../../lib/errors';
import type { SessionUser } from '../auth/session-repository';
import { createCityRepository, type CityChanges, type CityRow } from './city-repository';

type Diff = Record<string, { old: unknown; new: unknown }>;

/** A city under a province (the app chooses cities, not provinces). */
const isChoosable = (rows: readonly CityRow[], row: CityRow) => row.parentId !== null && rows.some((p) => p.id === row.parentId && p.parentId === null);

const presentCity = (c: CityRow): AdminCity => ({
  id: c.id,
  parentId: c.parentId,
  name: c.name,
  latitude: c.latitude,
  longitude: c.longitude,
  enabled: c.enabled,
  isDefault: c.isDefault,
  sort: c.sort,
  version: c.version,
});

/** Another region of the same level and parent already has this name. */
const nameTaken = (rows: readonly CityRow[], parentId: number | null, name: string, except?: number) =>
  rows.some((c) => c.parentId === parentId && c.name === name && c.id !== except);

/**
 * The console's 城市 (issue 15, item 5; docs/decisions/042): the company's city tree with its
 * switches; provinces and cities added, renamed, placed and ordered by the operator (issue 30,
 * docs/decisions/078). A change and its audit row are one transaction, under the lock of the
 * company's city rows (one default at a time, names unique per level).
 */
export function createCityConsoleService({ db }: { db: Db }) {
  return {
    /**
     * A province, a city under one of the company's provinces, or a district (区县) under one of
     * its cities. A company's first city becomes its default city, so a new company's app has a
     * home page as soon as it has a city; a district never is one.
     */
    async create(actor: SessionUser, input: CreateCityInput): Promise<AdminCity> {
      return db.transaction(async (tx) => {
        const r = createCityRepository(tx);
        const rows = await r.lockAll(actor.companyId);
        // Three levels (docs/decisions/086): a province, a city under it, a district under a city.
        const parent = input.parentId === null ? null : rows.find((c) => c.id === input.parentId);
        if (parent === undefined) throw new ValidationError(text_.cityParentNotProvince, { field: 'parentId' });
        if (parent && parent.parentId !== null && !isChoosable(rows, parent)) throw new ValidationError(text_.regionTooDeep, { field: 'parentId' });
        if (nameTaken(rows, input.parentId, input.name)) throw new ValidationError(text_.cityNameTaken(input.name), { field: 'name' });
        const isCity = parent !== null && parent.parentId === null;
        const firstCity = isCity && !rows.some((c) => isChoosable(rows, c));
        const values = {
          companyId: actor.companyId,
          parentId: input.parentId,
          name: input.name,
          latitude: input.latitude ?? null,
          longitude: input.longitude ?? null,
          sort: input.sort ?? 0,
          isDefault: firstCity && !rows.some((c) => c.isDefault),
        };
        const created = await r.insert(values);
        const { companyId: _company, ...logged } = values;
        await r.audit({
          companyId: actor.companyId,
          actorId: actor.id,
          action: 'home.city.create',
          entity: 'city',
          entityId: created.id,
          detail: { actorCompanyId: actor.companyId, actorRole: actor.role, version: created.version, values: logged },
        });
        return presentCity(created);
      });
    },

    async list(actor: SessionUser) {
      return { list: (await createCityRepository(db).all(actor.companyId)).map(presentCity) };
    },

    /**
     * Switches a city on or off, or makes it the default (the former default loses it, with
     * its own version and audit row); renames it (unique among its siblings), moves its centre,
     * changes its order. The default city stays enabled and choosable: disabling
     * it or its province is refused, as is making a disabled city or a province the default.
     */
    async update(actor: SessionUser, input: UpdateCityInput): Promise<AdminCity> {
      return db.transaction(async (tx) => {
        const r = createCityRepository(tx);
        const audit = (id: number, version: number, changes: Diff) =>
          r.audit({
            companyId: actor.companyId,
            actorId: actor.id,
            action: 'home.city.update',
            entity: 'city',
            entityId: id,
            detail: { actorCompanyId: actor.companyId, actorRole: actor.role, version, changes },
          });
        const rows = await r.lockAll(actor.companyId);
        const row = rows.find((c) => c.id === input.id);
        if (!row) throw new NotFoundError(text_.cityNotFound);
        if (row.version !== input.version) throw new ConflictError(text_.staleVersion, { reload: true, version: row.version });
        const enabled = input.enabled ?? row.enabled;
        const changes: CityChanges = {};
        const diff: Diff = {};
        if (input.name !== undefined && input.name !== row.name) {
          if (nameTaken(rows, row.parentId, input.name, row.id)) throw new ValidationError(text_.cityNameTaken(input.name), { field: 'name' });
          changes.name = input.name;
          diff.name = { old: row.name, new: input.name };
        }
        for (const field of ['latitude', 'longitude', 'sort'] as const) {
          const value = input[field];
          if (value === undefined || value === row[field]) continue;
          Object.assign(changes, { [field]: value });
          diff[field] = { old: row[field], new: value };
        }
        if (enabled !== row.enabled) {
          const current = rows.find((c) => c.isDefault);
          if (!enabled && current && (current.id === row.id || current.parentId === row.id)) {
            throw new ValidationError(text_.defaultCityDisabled, { field: 'enabled' });
          }
          changes.enabled = enabled;
          diff.enabled = { old: row.enabled, new: enabled };
        }
        if (input.isDefault && !row.isDefault) {
          const parent = rows.find((c) => c.id === row.parentId);
          if (!enabled || !isChoosable(rows, row) || !parent?.enabled) {
            throw new ValidationError(text_.defaultCityNotChoosable, { field: 'isDefault' });
          }
          for (const other of rows.filter((c) => c.isDefault && c.id !== row.id)) {
            const cleared = await r.update(actor.companyId, other.id, other.version, { isDefault: false });
            if (!cleared) throw new ConflictError(text_.staleVersion, { reload: true });
            await audit(other.id, cleared.version, { isDefault: { old: true, new: false } });
          }
          changes.isDefault = true;
          diff.isDefault = { old: false, new: true };
        }
        if (Object.keys(diff).length === 0) return presentCity(row);
        const updated = await r.update(actor.companyId, row.id, row.version, changes);
        if (!updated) throw new ConflictError(text_.staleVersion, { reload: true });
        await audit(row.id, updated.version, diff);
        return presentCity(updated);
      });
    },
  };
}
export type CityConsoleService = ReturnType<typeof createCityConsoleService>;
