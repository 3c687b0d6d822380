import { z } from 'zod';
import { adminHomeMessages as text_ } from '../messages/admin';
import { IN_APP_PATH } from '../rules/console-fields';
import { COLUMN_TYPES } from '../rules/house';
import { parseShanghaiMinute } from '../rules/shanghai-time';
import { dbId, dbInt, dbNumber, preprocess, storedPicture, text, type NumberInput } from './fields';

/**
 * The console's home content (issue 15, item 5; docs/decisions/042): banners, the navigation
 * grid, columns and the company's cities, as the app's home page reads them (index_banner,
 * index_nav, index_column, index_column_house, city). Messages name the field; a refused body
 * carries `data.field` for the console's forms.
 */


const picture = (field: string, required: string) => storedPicture(field, { invalid: text_.pictureInvalid(field), required });
const inAppLink = (field: string) => text(field, 500).refine((v) => v === '' || IN_APP_PATH.test(v), { error: text_.inAppLinkInvalid(field) });
const title = (field: string, max: number) => text(field, max).refine((v) => v !== '', { error: text_.titleRequired });
/** A city of the company, or null (''/absent on create) for every city. */
const cityScope = preprocess<NumberInput | null | undefined>()((v) => (v === '' || v === undefined || v === 0 ? null : v), dbId('城市').nullable());
/** 'YYYY-MM-DD HH:mm' in Shanghai time, or '' (null, absent) for an open end. */
const minute = (field: string) =>
  preprocess<string | null | undefined>()(
    (v) => (v === null || v === undefined ? '' : v),
    z.string({ error: text_.timeInvalid(field) }).refine((v) => v === '' || parseShanghaiMinute(v) !== null, { error: text_.timeInvalid(field) }),
  );
const ids = (field: string, max: number) =>
  z
    .array(dbId(field), { error: `${field}格式不正确` })
    .max(max, { error: text_.tooMany(field, max) })
    .refine((list) => new Set(list).size === list.length, { error: text_.repeated(field) });

export const HOME_COLUMN_TYPES = [COLUMN_TYPES.PROJECT, COLUMN_TYPES.VIDEO, COLUMN_TYPES.FEATURED, COLUMN_TYPES.VR] as const;
const columnType = preprocess<NumberInput>()(
  (v) => (typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : v),
  z.number({ error: text_.columnTypeInvalid }).refine((n) => (HOME_COLUMN_TYPES as readonly number[]).includes(n), { error: text_.columnTypeInvalid }),
);

const version = dbInt('版本号', 0);
const idVersion = { id: dbId('ID'), version };

/** The list calls: a city's content as the app shows it there (its own rows and every city's), or every row. */
export const homeListQuerySchema = z.object({ cityId: dbId('城市').optional() });

/** `POST …/delete`. */
export const homeIdVersionSchema = z.object(idVersion);

/** `POST …/reorder`: every row of the list as read, in the new order, with the versions read. */
export const homeReorderSchema = z.object({
  items: z
    .array(z.object(idVersion), { error: '排序格式不正确' })
    .min(1, { error: '排序格式不正确' })
    .max(200, { error: text_.tooMany('排序', 200) })
    .refine((list) => new Set(list.map((i) => i.id)).size === list.length, { error: text_.repeated('排序') }),
});
export type HomeReorderInput = z.infer<typeof homeReorderSchema>;

// Banners ---------------------------------------------------------------------------------------

const bannerFields = {
  cityId: cityScope,
  image: picture('图片', text_.imageRequired),
  title: text('标题', 40),
  /** Where a tap leads in the app: a listing (/house/detail/<id>), a page (/house/list?feature=…), or nowhere (''). */
  link: inAppLink('链接'),
  startAt: minute('开始时间'),
  endAt: minute('结束时间'),
  sort: dbInt('排序', 0, 1_000_000),
};
const periodRule = <T extends { startAt?: string | undefined; endAt?: string | undefined }>(b: T) =>
  !b.startAt || !b.endAt || b.startAt < b.endAt;

export const createBannerSchema = z
  .object({ ...bannerFields, sort: bannerFields.sort.optional() })
  .refine(periodRule, { error: text_.periodInvalid, path: ['endAt'] });
export type CreateBannerInput = z.infer<typeof createBannerSchema>;

export const updateBannerSchema = z
  .object({
    ...idVersion,
    cityId: cityScope.optional(),
    image: bannerFields.image.optional(),
    title: bannerFields.title.optional(),
    link: bannerFields.link.optional(),
    startAt: bannerFields.startAt.optional(),
    endAt: bannerFields.endAt.optional(),
    sort: bannerFields.sort.optional(),
  })
  .refine(periodRule, { error: text_.periodInvalid, path: ['endAt'] });
export type UpdateBannerInput = z.infer<typeof updateBannerSchema>;

export const adminBannerSchema = z.object({
  id: z.number(),
  cityId: z.number().nullable(),
  /** '' for every city. */
  cityName: z.string(),
  image: z.string(),
  title: z.string(),
  link: z.string(),
  /** 'YYYY-MM-DD HH:mm' Shanghai time, '' open. */
  startAt: z.string(),
  endAt: z.string(),
  /** Shown in the app now (within its period). */
  live: z.boolean(),
  sort: z.number(),
  version: z.number(),
});
export type AdminBanner = z.infer<typeof adminBannerSchema>;
export const adminBannerListSchema = z.object({ list: z.array(adminBannerSchema) });

// Navigation grid -------------------------------------------------------------------------------

const navFields = {
  cityId: cityScope,
  title: title('标题', 10),
  icon: picture('图标', text_.iconRequired),
  /** The feature whose listings the item opens (/house/list?feature=…); null: the whole list. */
  featureId: preprocess<NumberInput | null | undefined>()((v) => (v === '' || v === undefined || v === 0 ? null : v), dbId('楼盘特色').nullable()),
  sort: dbInt('排序', 0, 1_000_000),
};
export const createNavSchema = z.object({ ...navFields, sort: navFields.sort.optional() });
export type CreateNavInput = z.infer<typeof createNavSchema>;
export const updateNavSchema = z.object({
  ...idVersion,
  cityId: navFields.cityId.optional(),
  title: navFields.title.optional(),
  icon: navFields.icon.optional(),
  featureId: navFields.featureId.optional(),
  sort: navFields.sort.optional(),
});
export type UpdateNavInput = z.infer<typeof updateNavSchema>;

export const adminNavSchema = z.object({
  id: z.number(),
  cityId: z.number().nullable(),
  cityName: z.string(),
  title: z.string(),
  icon: z.string(),
  featureId: z.number().nullable(),
  /** '' when none. */
  featureName: z.string(),
  sort: z.number(),
  version: z.number(),
});
export type AdminNav = z.infer<typeof adminNavSchema>;
export const adminNavListSchema = z.object({ list: z.array(adminNavSchema) });

// Columns ---------------------------------------------------------------------------------------

const columnFields = {
  cityId: cityScope,
  /** 1 楼盘推荐, 2 视频看房, 3 精选, 4 VR看房 (COLUMN_TYPES); 2 and 4 are hidden in the app while empty. */
  type: columnType,
  title: title('标题', 20),
  description: text('描述', 100),
  /** "更多" in the app: an in-app path; '' opens the whole list. */
  moreLink: inAppLink('更多链接'),
  /** The listings of the column, in their order (withdrawn ones are kept but not shown). */
  houseIds: ids('楼盘', 50),
  sort: dbInt('排序', 0, 1_000_000),
};
export const createColumnSchema = z.object({ ...columnFields, houseIds: columnFields.houseIds.default([]), sort: columnFields.sort.optional() });
export type CreateColumnInput = z.infer<typeof createColumnSchema>;
export const updateColumnSchema = z.object({
  ...idVersion,
  cityId: columnFields.cityId.optional(),
  type: columnFields.type.optional(),
  title: columnFields.title.optional(),
  description: columnFields.description.optional(),
  moreLink: columnFields.moreLink.optional(),
  houseIds: columnFields.houseIds.optional(),
  sort: columnFields.sort.optional(),
});
export type UpdateColumnInput = z.infer<typeof updateColumnSchema>;

export const adminColumnSchema = z.object({
  id: z.number(),
  cityId: z.number().nullable(),
  cityName: z.string(),
  type: z.number(),
  title: z.string(),
  description: z.string(),
  moreLink: z.string(),
  houseIds: z.array(z.number()),
  /** The listings in order; `active` false: withdrawn, kept in the column but not shown. */
  houses: z.array(z.object({ id: z.number(), name: z.string(), active: z.boolean() })),
  sort: z.number(),
  version: z.number(),
});
export type AdminColumn = z.infer<typeof adminColumnSchema>;
export const adminColumnListSchema = z.object({ list: z.array(adminColumnSchema) });

// Cities ----------------------------------------------------------------------------------------

export const adminCitySchema = z.object({
  id: z.number(),
  /** null: a province (its cities are the ones a user chooses). */
  parentId: z.number().nullable(),
  name: z.string(),
  /** The centre (BD-09) the app's locating picks the nearest city by; null when not set. */
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  enabled: z.boolean(),
  isDefault: z.boolean(),
  sort: z.number(),
  version: z.number(),
});
export type AdminCity = z.infer<typeof adminCitySchema>;
export const adminCityListSchema = z.object({ list: z.array(adminCitySchema) });

/** A region's name: required, at most CITY_NAME_MAX characters. */
export const CITY_NAME_MAX = 20;
const cityName = text('名称', CITY_NAME_MAX).refine((v) => v !== '', { error: text_.cityNameRequired });
const coordinate = (field: string, min: number, max: number) =>
  preprocess<NumberInput | null | undefined>()((v) => (v === '' ? null : v), dbNumber(field, min, max).nullable());
const citySort = dbInt('排序', 0, 9999);
/** Both coordinates or neither: a centre with one of them is no place. */
const bothOrNeither = (v: { latitude?: number | null | undefined; longitude?: number | null | undefined }) =>
  v.latitude === undefined && v.longitude === undefined ? true : (v.latitude ?? null) === null === ((v.longitude ?? null) === null);

/**
 * `POST /api/admin/home/city/create` (issue 30, item 1; docs/decisions/078): a province (no
 * parent) or a city under a province, with its centre and order. A company's first city becomes
 * its default city.
 */
export const createCitySchema = z
  .object({
    parentId: preprocess<NumberInput | null | undefined>()((v) => (v === '' || v === 0 || v === undefined ? null : v), dbId('上级区域').nullable()),
    name: cityName,
    latitude: coordinate('纬度', -90, 90).optional(),
    longitude: coordinate('经度', -180, 180).optional(),
    sort: citySort.optional(),
  })
  .refine(bothOrNeither, { error: text_.cityCoordinatesPair, path: ['latitude'] });
export type CreateCityInput = z.infer<typeof createCitySchema>;

/**
 * `POST /api/admin/home/city/update`: switch a city on or off, or make it the default (the others
 * lose it); rename it, move its centre, change its order. Only the fields sent change.
 */
export const updateCitySchema = z
  .object({
    ...idVersion,
    enabled: z.boolean({ error: '启用状态格式不正确' }).optional(),
    /** Only true is meaningful: the default moves here from the current one. */
    isDefault: z.literal(true, { error: '默认城市格式不正确' }).optional(),
    name: cityName.optional(),
    latitude: coordinate('纬度', -90, 90).optional(),
    longitude: coordinate('经度', -180, 180).optional(),
    sort: citySort.optional(),
  })
  .refine(bothOrNeither, { error: text_.cityCoordinatesPair, path: ['latitude'] });
export type UpdateCityInput = z.infer<typeof updateCitySchema>;
