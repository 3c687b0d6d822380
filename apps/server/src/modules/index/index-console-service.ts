import { adminHomeMessages as text_ } from '@baobei/shared/messages/admin';
import { formatShanghaiMinute, parseShanghaiMinute } from '@baobei/shared/rules/shanghai-time';
import type {
  AdminBanner,
  AdminColumn,
  AdminNav,
  CreateBannerInput,
  CreateColumnInput,
  CreateNavInput,
  HomeReorderInput,
  UpdateBannerInput,
  UpdateColumnInput,
  UpdateNavInput,
} from '@baobei/shared/schemas/admin-home';
import type { Db, Executor } from '../../db/client';
import { ConflictError, NotFoundError, ValidationError } from '../../lib/errors';
import type { SessionUser } from '../auth/session-repository';
import { consolePictureCheck, type ConsoleUploads } from '../upload/console-pictures';
import {
  createIndexConsoleRepository,
  type BannerRow,
  type ColumnRow,
  type ContentKind,
  type NavRow,
} from './index-console-repository';
import type { CityService } from '../city/city-service';

type Diff = Record<string, { old: unknown; new: unknown }>;
type Repo = ReturnType<typeof createIndexConsoleRepository>;

const same = (a: unknown, b: unknown) => a === b || JSON.stringify(a) === JSON.stringify(b);
const minuteOf = (at: Date | null) => (at ? formatShanghaiMinute(at) : '');
const instantOf = (text: string) => (text === '' ? null : parseShanghaiMinute(text));

/** The audit entity and the 404 of each kind. */
const KINDS = {
  banner: { entity: 'index_banner', notFound: text_.bannerNotFound },
  nav: { entity: 'index_nav', notFound: text_.navNotFound },
  column: { entity: 'index_column', notFound: text_.columnNotFound },
} as const satisfies Record<ContentKind, { entity: string; notFound: string }>;

/** The fields the console edits, in the order an audit row lists them. */
const FIELDS = {
  banner: ['cityId', 'image', 'title', 'link', 'startAt', 'endAt', 'sort'],
  nav: ['cityId', 'title', 'icon', 'featureId', 'sort'],
  column: ['cityId', 'type', 'title', 'description', 'moreLink', 'houseIds', 'sort'],
} as const;

interface ItemOf {
  banner: AdminBanner;
  nav: AdminNav;
  column: AdminColumn;
}
interface RowOf {
  banner: BannerRow;
  nav: NavRow;
  column: ColumnRow;
}


/**
 * The console's home content (issue 15, item 5; docs/decisions/042). Every call acts on the
 * host's company (the caller's session company, for both console roles); a row of another
 * company is 404. A change and its audit row (actor, old and new values) are one transaction;
 * the app reads the tables on every home load, so a change shows on its next load.
 */
/** The picture of a banner or a grid item, with the field a refusal names (docs/decisions/062). */
function homePictures(input: { image?: string | undefined; icon?: string | undefined }) {
  return [
    ...(input.image ? [{ url: input.image, field: '图片', data: { field: 'image' } }] : []),
    ...(input.icon ? [{ url: input.icon, field: '图标', data: { field: 'icon' } }] : []),
  ];
}

export function createIndexConsoleService({ db, uploads, cities }: { db: Db; uploads: ConsoleUploads; cities: Pick<CityService, 'all'> }) {
  const requirePictures = consolePictureCheck(uploads);
  /** The console's view of rows of one kind: city names, feature names, a column's listings. */
  async function present<K extends ContentKind>(x: Executor, kind: K, companyId: number, rows: RowOf[K][]): Promise<ItemOf[K][]> {
    const r = createIndexConsoleRepository(x);
    const names = new Map((await cities.all(companyId, x)).map((c) => [c.id, c.name]));
    const cityName = (id: number | null) => (id === null ? '' : (names.get(id) ?? ''));
    if (kind === 'banner') {
      const now = Date.now();
      return (rows as BannerRow[]).map((b) => ({
        id: b.id,
        cityId: b.cityId,
        cityName: cityName(b.cityId),
        image: b.image,
        title: b.title,
        link: b.link,
        startAt: minuteOf(b.startAt),
        endAt: minuteOf(b.endAt),
        live: (!b.startAt || b.startAt.getTime() <= now) && (!b.endAt || b.endAt.getTime() > now),
        sort: b.sort,
        version: b.version,
      })) as ItemOf[K][];
    }
    if (kind === 'nav') {
      const features = new Map((await r.features(companyId)).map((f) => [f.id, f.name]));
      return (rows as NavRow[]).map((n) => ({
        id: n.id,
        cityId: n.cityId,
        cityName: cityName(n.cityId),
        title: n.title,
        icon: n.icon,
        featureId: n.featureId,
        featureName: n.featureId === null ? '' : (features.get(n.featureId) ?? ''),
        sort: n.sort,
        version: n.version,
      })) as ItemOf[K][];
    }
    const houses = await r.columnHouses(
      companyId,
      rows.map((c) => c.id),
    );
    return (rows as ColumnRow[]).map((c) => {
      const own = houses.filter((h) => h.columnId === c.id).map(({ id, name, active }) => ({ id, name, active }));
      return {
        id: c.id,
        cityId: c.cityId,
        cityName: cityName(c.cityId),
        type: c.type,
        title: c.title,
        description: c.description,
        moreLink: c.moreLink,
        houseIds: own.map((h) => h.id),
        houses: own,
        sort: c.sort,
        version: c.version,
      };
    }) as ItemOf[K][];
  }

  async function presentOne<K extends ContentKind>(x: Executor, kind: K, companyId: number, row: RowOf[K]): Promise<ItemOf[K]> {
    return (await present(x, kind, companyId, [row]))[0]!;
  }

  /** The city, feature and listings named belong to the company (400 naming the field otherwise). */
  async function checkRefs(r: Repo, companyId: number, input: { cityId?: number | null | undefined; featureId?: number | null | undefined; houseIds?: number[] | undefined }) {
    if (input.cityId !== undefined && input.cityId !== null && !(await r.cityOfCompany(companyId, input.cityId))) {
      throw new ValidationError(text_.cityUnknown, { field: 'cityId' });
    }
    if (input.featureId !== undefined && input.featureId !== null && !(await r.featureOfCompany(companyId, input.featureId))) {
      throw new ValidationError(text_.featureUnknown, { field: 'featureId' });
    }
    if (input.houseIds?.length) {
      const known = await r.housesOfCompany(companyId, input.houseIds);
      if (input.houseIds.some((id) => !known.includes(id))) throw new ValidationError(text_.houseUnknown, { field: 'houseIds' });
    }
  }

  function audit(x: Executor, actor: SessionUser, entity: string, action: string, id: number, version: number | null, changes: Diff) {
    return createIndexConsoleRepository(x).insertAudit({
      companyId: actor.companyId,
      actorId: actor.id,
      action,
      entity,
      entityId: id,
      detail: { actorCompanyId: actor.companyId, actorRole: actor.role, version, changes },
    });
  }

  async function lockAt<K extends ContentKind>(r: Repo, kind: K, companyId: number, input: { id: number; version: number }): Promise<RowOf[K]> {
    const row = await r.lock(kind, companyId, input.id);
    if (!row) throw new NotFoundError(KINDS[kind].notFound);
    if (row.version !== input.version) throw new ConflictError(text_.staleVersion, { reload: true, version: row.version });
    return row;
  }

  /** The table's values of a create or an update's fields (banner times as instants). */
  function valuesOf(kind: ContentKind, input: Record<string, unknown>): Record<string, unknown> {
    const values: Record<string, unknown> = {};
    for (const field of FIELDS[kind]) {
      const value = input[field];
      if (value === undefined || field === 'houseIds') continue;
      values[field] = field === 'startAt' || field === 'endAt' ? instantOf(value as string) : value;
    }
    return values;
  }

  async function list<K extends ContentKind>(kind: K, actor: SessionUser, cityId: number | undefined) {
    const rows = await createIndexConsoleRepository(db).list(kind, actor.companyId, cityId);
    return { list: await present(db, kind, actor.companyId, rows) };
  }

  async function create<K extends ContentKind>(kind: K, actor: SessionUser, input: CreateBannerInput | CreateNavInput | CreateColumnInput): Promise<ItemOf[K]> {
    return db.transaction(async (tx) => {
      const r = createIndexConsoleRepository(tx);
      await checkRefs(r, actor.companyId, input);
      await requirePictures(tx, actor.companyId, homePictures(input as { image?: string; icon?: string }));
      const sort = input.sort ?? (await r.nextSort(kind, actor.companyId, input.cityId));
      const values = { ...valuesOf(kind, input), sort };
      const row = await r.insert(kind, actor.companyId, values as never);
      if ('houseIds' in input) await r.replaceColumnHouses(row.id, input.houseIds);
      const created = await presentOne(tx, kind, actor.companyId, row as RowOf[K]);
      const diff: Diff = {};
      for (const field of FIELDS[kind]) diff[field] = { old: null, new: (created as Record<string, unknown>)[field] };
      await audit(tx, actor, KINDS[kind].entity, `home.${kind}.create`, row.id, row.version, diff);
      return created;
    });
  }

  /**
   * Changes what the input names, if the version is still the one the caller read (409 with
   * the current version otherwise). A save that changes nothing writes nothing and keeps the version.
   */
  async function update<K extends ContentKind>(
    kind: K,
    actor: SessionUser,
    input: (UpdateBannerInput | UpdateNavInput | UpdateColumnInput) & { id: number; version: number },
  ): Promise<ItemOf[K]> {
    return db.transaction(async (tx) => {
      const r = createIndexConsoleRepository(tx);
      const row = await lockAt(r, kind, actor.companyId, input);
      await checkRefs(r, actor.companyId, input);
      const before = (await presentOne(tx, kind, actor.companyId, row)) as Record<string, unknown>;
      const diff: Diff = {};
      for (const field of FIELDS[kind]) {
        const value = (input as Record<string, unknown>)[field];
        if (value === undefined || same(value, before[field])) continue;
        diff[field] = { old: before[field], new: value };
      }
      if (kind === 'banner') {
        const startAt = (diff.startAt?.new ?? before.startAt) as string;
        const endAt = (diff.endAt?.new ?? before.endAt) as string;
        if (startAt && endAt && startAt >= endAt) throw new ValidationError(text_.periodInvalid, { field: 'endAt' });
      }
      if (Object.keys(diff).length === 0) return before as ItemOf[K];
      await requirePictures(tx, actor.companyId, homePictures({ image: diff.image?.new as string | undefined, icon: diff.icon?.new as string | undefined }));
      const changes = valuesOf(
        kind,
        Object.fromEntries(Object.entries(diff).map(([field, c]) => [field, c.new])),
      );
      const updated = await r.update(kind, actor.companyId, input.id, input.version, changes as never);
      if (!updated) throw new ConflictError(text_.staleVersion, { reload: true });
      if (diff.houseIds) await r.replaceColumnHouses(input.id, diff.houseIds.new as number[]);
      await audit(tx, actor, KINDS[kind].entity, `home.${kind}.update`, input.id, updated.version, diff);
      return presentOne(tx, kind, actor.companyId, updated as RowOf[K]);
    });
  }

  async function remove(kind: ContentKind, actor: SessionUser, input: { id: number; version: number }): Promise<null> {
    return db.transaction(async (tx) => {
      const r = createIndexConsoleRepository(tx);
      const row = await lockAt(r, kind, actor.companyId, input);
      const before = (await presentOne(tx, kind, actor.companyId, row)) as Record<string, unknown>;
      if (!(await r.remove(kind, actor.companyId, input.id, input.version))) throw new ConflictError(text_.staleVersion, { reload: true });
      const diff: Diff = {};
      for (const field of FIELDS[kind]) diff[field] = { old: before[field], new: null };
      await audit(tx, actor, KINDS[kind].entity, `home.${kind}.delete`, input.id, null, diff);
      return null;
    });
  }

  /** Sorts the rows in the order given (0, 1, …); each row whose place changes gets a new version and an audit row. */
  async function reorder<K extends ContentKind>(kind: K, actor: SessionUser, input: HomeReorderInput) {
    return db.transaction(async (tx) => {
      const r = createIndexConsoleRepository(tx);
      const rows = await r.lockMany(kind, actor.companyId, input.items.map((i) => i.id));
      const byId = new Map(rows.map((row) => [row.id, row]));
      for (const item of input.items) {
        const row = byId.get(item.id);
        if (!row) throw new NotFoundError(KINDS[kind].notFound);
        if (row.version !== item.version) throw new ConflictError(text_.staleVersion, { reload: true, version: row.version });
      }
      const changed: RowOf[K][] = [];
      for (const [sort, item] of input.items.entries()) {
        const row = byId.get(item.id)!;
        if (row.sort === sort) {
          changed.push(row);
          continue;
        }
        const updated = await r.update(kind, actor.companyId, row.id, row.version, { sort } as never);
        if (!updated) throw new ConflictError(text_.staleVersion, { reload: true });
        await audit(tx, actor, KINDS[kind].entity, `home.${kind}.reorder`, row.id, updated.version, { sort: { old: row.sort, new: sort } });
        changed.push(updated as RowOf[K]);
      }
      return { list: await present(tx, kind, actor.companyId, changed) };
    });
  }

  function content<K extends ContentKind>(kind: K) {
    return {
      list: (actor: SessionUser, cityId: number | undefined) => list(kind, actor, cityId),
      create: (actor: SessionUser, input: K extends 'banner' ? CreateBannerInput : K extends 'nav' ? CreateNavInput : CreateColumnInput) =>
        create(kind, actor, input),
      update: (actor: SessionUser, input: K extends 'banner' ? UpdateBannerInput : K extends 'nav' ? UpdateNavInput : UpdateColumnInput) =>
        update(kind, actor, input),
      remove: (actor: SessionUser, input: { id: number; version: number }) => remove(kind, actor, input),
      reorder: (actor: SessionUser, input: HomeReorderInput) => reorder(kind, actor, input),
    };
  }

  return {
    banner: content('banner'),
    nav: content('nav'),
    column: content('column'),
  };
}
export type IndexConsoleService = ReturnType<typeof createIndexConsoleService>;
