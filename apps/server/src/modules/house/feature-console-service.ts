import { adminFeatureMessages as text_ } from '@baobei/shared/messages/admin';
import type { AdminFeature, CreateFeatureInput, ReorderFeaturesInput, UpdateFeatureInput } from '@baobei/shared/schemas/admin-feature';
import type { Db } from '../../db/client';
import { ConflictError, NotFoundError, ValidationError } from '../../lib/errors';
import type { SessionUser } from '../auth/session-repository';
import { createFeatureRepository, type FeatureChanges, type FeatureRow } from './feature-repository';

type Diff = Record<string, { old: unknown; new: unknown }>;

const present = (row: FeatureRow, houseCount: number): AdminFeature => ({
  id: row.id,
  name: row.name,
  icon: row.icon,
  sort: row.sort,
  active: row.active,
  houseCount,
  version: row.version,
});

/**
 * The console's 楼盘特色 (issue 30, item 1; docs/decisions/078): a company's listing features,
 * added, renamed, ordered, retired and restored. A retired feature is no longer offered (the
 * app's filter, the listing form, home navigation) but stays on the listings that have it, so
 * nothing a listing shows changes. Every change and its audit row are one transaction, under
 * the lock of the company's features (names unique, one order).
 */
export function createFeatureConsoleService({ db }: { db: Db }) {
  const audit = (r: ReturnType<typeof createFeatureRepository>, actor: SessionUser, action: string, row: FeatureRow, detail: Record<string, unknown>) =>
    r.audit({
      companyId: actor.companyId,
      actorId: actor.id,
      action,
      entity: 'feature',
      entityId: row.id,
      detail: { actorCompanyId: actor.companyId, actorRole: actor.role, version: row.version, ...detail },
    });

  return {
    async list(actor: SessionUser) {
      const rows = await createFeatureRepository(db).allWithCounts(actor.companyId);
      return { list: rows.map(({ row, houseCount }) => present(row, houseCount)) };
    },

    async create(actor: SessionUser, input: CreateFeatureInput): Promise<AdminFeature> {
      return db.transaction(async (tx) => {
        const r = createFeatureRepository(tx);
        const rows = await r.lockAll(actor.companyId);
        if (rows.some((f) => f.name === input.name)) throw new ValidationError(text_.nameTaken(input.name), { field: 'name' });
        const values = { name: input.name, icon: '', sort: rows.reduce((max, f) => Math.max(max, f.sort + 1), 0) };
        const created = await r.insert({ companyId: actor.companyId, ...values });
        await audit(r, actor, 'feature.create', created, { values });
        return present(created, 0);
      });
    },

    async update(actor: SessionUser, input: UpdateFeatureInput): Promise<AdminFeature> {
      return db.transaction(async (tx) => {
        const r = createFeatureRepository(tx);
        const rows = await r.lockAll(actor.companyId);
        const row = rows.find((f) => f.id === input.id);
        if (!row) throw new NotFoundError(text_.notFound);
        if (row.version !== input.version) throw new ConflictError(text_.staleVersion, { reload: true, version: row.version });
        if (input.name !== undefined && input.name !== row.name && rows.some((f) => f.name === input.name)) {
          throw new ValidationError(text_.nameTaken(input.name), { field: 'name' });
        }
        const changes: FeatureChanges = {};
        const diff: Diff = {};
        for (const field of ['name', 'active'] as const) {
          const value = input[field];
          if (value === undefined || value === row[field]) continue;
          Object.assign(changes, { [field]: value });
          diff[field] = { old: row[field], new: value };
        }
        const houseCount = await r.houseCount(row.id);
        if (Object.keys(diff).length === 0) return present(row, houseCount);
        const updated = await r.update(actor.companyId, row.id, row.version, changes);
        if (!updated) throw new ConflictError(text_.staleVersion, { reload: true });
        await audit(r, actor, 'feature.update', updated, { changes: diff });
        return present(updated, houseCount);
      });
    },

    /** The whole list in its new order, as read: a feature missing or stale is refused, nothing moves. */
    async reorder(actor: SessionUser, input: ReorderFeaturesInput) {
      return db.transaction(async (tx) => {
        const r = createFeatureRepository(tx);
        const rows = await r.lockAll(actor.companyId);
        const byId = new Map(rows.map((f) => [f.id, f]));
        for (const item of input.items) {
          const row = byId.get(item.id);
          if (!row) throw new NotFoundError(text_.notFound);
          if (row.version !== item.version) throw new ConflictError(text_.staleVersion, { reload: true, version: row.version });
        }
        if (input.items.length !== rows.length) throw new ConflictError(text_.staleVersion, { reload: true });
        for (const [sort, item] of input.items.entries()) {
          const row = byId.get(item.id)!;
          if (row.sort === sort) continue;
          const updated = await r.update(actor.companyId, row.id, row.version, { sort });
          if (!updated) throw new ConflictError(text_.staleVersion, { reload: true });
          await audit(r, actor, 'feature.reorder', updated, { changes: { sort: { old: row.sort, new: sort } } });
        }
        const counted = await r.allWithCounts(actor.companyId);
        return { list: counted.map(({ row, houseCount }) => present(row, houseCount)) };
      });
    },
  };
}
export type FeatureConsoleService = ReturnType<typeof createFeatureConsoleService>;
