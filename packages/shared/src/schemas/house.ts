import { z } from 'zod';
import { BUILDING_PROPERTY_KEYS, PROTECTION_MODES, SELLING_STATUSES } from '../rules/house';
import { HOUSE_FIELD_KEYS, type HouseFieldKey } from '../rules/house-fields';
import { messages } from '../messages';
import { choice, dbId, dbInt, dbNumber, preprocess, text, type NumberInput } from './fields';

/**
 * Listing calls of part 1 (sections 3 and 7). Fields marked "signed in" are absent for
 * visitors: the server leaves them out, and the response schema strips what is not listed.
 */
/** The listing's descriptive fields in the phone's answer: each a text. */
const HOUSE_FIELD_TEXTS = Object.fromEntries(HOUSE_FIELD_KEYS.map((key) => [key, z.string()])) as Record<HouseFieldKey, z.ZodString>;

/** What a listing asks of a report (part 1, section 2's hints): the console edits them, the phone shows them. */
export const reportHintFields = {
  isNeedIdCard: z.boolean(),
  isFullName: z.boolean(),
  isNotFullName: z.boolean(),
  isAlert: z.boolean(),
  specialHintTitle: z.string(),
  specialTip: z.string(),
};

export const showPriceSchema = z.object({ price: z.string(), unit: z.string() });

/** POST /api/index/get-house-list — page and pageSize in the query string, filters here. */
export const houseListFiltersSchema = z.object({
  keyword: text('搜索关键词', 50),
  /** A city id of the tree (a province id covers its cities). 0 or absent: every area. */
  areaId: dbInt('区域', 0).optional().default(0),
  /** A PRICE_OPTIONS value, `min-max` in 万 (`500-` has no maximum); '' or absent: any price. */
  price: text('价格', 20).pipe(z.string().regex(/^(\d{1,6}-\d{0,6})?$/, { error: messages.input.invalid('价格') })),
  /** A feature id (houseTese). */
  houseTese: dbInt('楼盘特色', 0).optional().default(0),
  sellingStatus: choice('销售状态', SELLING_STATUSES),
  /**
   * Issue 32 item 5 (decision 090), signed in only (a visitor's list ignores them, as it shows
   * no commission): 佣金从高到低, the property type the commission is read for (''
   * reads 住宅), 高佣 (at or above the company's line) and 有激励 (an incentive period now).
   */
  order: choice('排序', ['COMMISSION']),
  commissionProperty: choice('物业类型', BUILDING_PROPERTY_KEYS),
  highCommission: choice('高佣', ['1']),
  incentive: choice('有激励', ['1']),
});
export type HouseListFilters = z.infer<typeof houseListFiltersSchema>;

/** The list without any filter: what an absent body reads as. */
export const NO_HOUSE_FILTERS: HouseListFilters = {
  keyword: '',
  areaId: 0,
  price: '',
  houseTese: 0,
  sellingStatus: '',
  order: '',
  commissionProperty: '',
  highCommission: '',
  incentive: '',
};

export const houseListItemSchema = z.object({
  id: z.number(),
  name: z.string(),
  buildingDiagram: z.string(),
  buildingVideo: z.string(),
  buildingVr: z.string(),
  regionName: z.string(),
  sellingStatus: z.enum(SELLING_STATUSES),
  sellingStatusCn: z.string(),
  themeName: z.array(z.string()),
  showPrice: showPriceSchema,
  /** Building area with its unit, e.g. '89-143㎡' or '120㎡'; '' when unknown. */
  buildingArea: z.string(),
  incentiveTimeStr: z.string(),
  incentiveFull: z.string(),
  houseRecordTips: z.string(),
  // Signed in only:
  reportProtectDays: z.string().optional(),
  reportProtect: z.number().optional(),
  takeLookProtectDays: z.string().optional(),
  takeLookProtect: z.number().optional(),
  commissionPolicy: z.object({ secondaryPoint: z.string(), secondaryAward: z.string() }).optional(),
  /** Signed in, sorted or filtered by commission: one home's estimated commission in 分, null when it cannot be told. */
  commissionEstimateFen: z.number().nullable().optional(),
});
export type HouseListItem = z.infer<typeof houseListItemSchema>;

/** GET /api/index/get-search-info: the filter options of the house list. */
export const searchInfoSchema = z.object({
  areaList: z.array(z.object({ text: z.string(), value: z.number(), children: z.array(z.object({ text: z.string(), value: z.number() })).nullable() })),
  priceList: z.array(z.object({ text: z.string(), value: z.string() })),
  houseTeseList: z.array(z.object({ text: z.string(), value: z.number() })),
  statusList: z.array(z.object({ text: z.string(), value: z.string() })),
});
export type SearchInfo = z.infer<typeof searchInfoSchema>;

export const albumSchema = z.object({
  picType: z.string(),
  name: z.string(),
  typeIndex: z.number(),
  list: z.array(z.object({ picUrl: z.string(), picTypeCn: z.string(), desc: z.string() })),
});

export const unitTypeSchema = z.object({
  typeName: z.string(),
  typeThumb: z.string(),
  typeDescription: z.string(),
  typeTheme: z.string(),
  discountPolicy: z.string(),
  floorArea: z.string(),
});

export const contactSchema = z.object({
  name: z.string(),
  phone: z.string(),
  /** '(渠道对接人)' for channel contacts, '' for on-site staff. */
  label: z.string(),
});

/** POST /api/index/get-house-data { id, shareUser? } */
export const houseDetailQuerySchema = z.object({
  id: dbId('楼盘'),
  /** The sharing agent of a shared page; absent, null or '' for an ordinary visit. */
  shareUser: preprocess<NumberInput | null | undefined>()((v) => (v === null || v === '' ? undefined : v), dbId('分享人').optional()),
});

export const houseDetailSchema = z.object({
  id: z.number(),
  name: z.string(),
  packagePrice: z.number().nullable(),
  averagePrice: z.number().nullable(),
  showPrice: showPriceSchema,
  isFavorite: z.boolean(),
  ...reportHintFields,
  /** Unit-type albums first, then the other pictures under 'details' (楼盘详情). */
  albums: z.array(albumSchema),
  buildingDiagram: z.string(),
  buildingVideo: z.string(),
  buildingVr: z.string(),
  buildingType: z.array(unitTypeSchema),
  /** BD-09 as stored; the client converts to GCJ-02 for the map. */
  longitude: z.number().nullable(),
  latitude: z.number().nullable(),
  onSiteTel: z.string(),
  contacts: z.array(contactSchema),
  /** Minutes. */
  reportLeadTime: z.number(),
  reportLeadTimeStr: z.string(),
  ruleTel: z.enum(['FULL', 'MASKED']),
  /** 报备为王 or 到访为王 (docs/decisions/053): the report form and the detail say which. */
  protectionMode: z.enum(PROTECTION_MODES),
  incentivePolicy: z.string(),
  buildingAddress: z.string(),
  /** The descriptive fields (rules/house-fields), each as text: a number as written, none as ''. */
  ...HOUSE_FIELD_TEXTS,
  themeName: z.array(z.string()),
  regionName: z.string(),
  sellingStatus: z.enum(SELLING_STATUSES),
  sellingStatusCn: z.string(),
  /** The sharing agent on a shared page (/house/detail/:id/:shareId). */
  shareUser: z.object({ uid: z.number(), label: z.string(), avatar: z.string(), phone: z.string() }).nullable(),
  // Signed in only:
  commission: z
    .object({ commissionRule: z.string(), commissionPolicy: z.string(), incentiveTimeStr: z.string() })
    .optional(),
  reportProtect: z.number().optional(),
  reportProtectDays: z.string().optional(),
  takeLookProtect: z.number().optional(),
  takeLookProtectDays: z.string().optional(),
});
export type HouseDetail = z.infer<typeof houseDetailSchema>;

/** GET /api/index/policy-property-group?buildingId= (signed in). */
export const policyGroupSchema = z.array(z.object({ label: z.string(), value: z.string(), count: z.number() }));

/** POST /api/index/commission-policy-list?page=&pageSize= { buildingId, buildingProperty } (signed in). */
export const commissionPolicyQuerySchema = z.object({
  buildingId: dbId('楼盘'),
  buildingProperty: text('物业类型', 20).pipe(z.string().min(1, { error: messages.input.invalid('物业类型') })),
});
export const commissionPolicyItemSchema = z.object({
  policyStartDate: z.string(),
  policyEndDate: z.string(),
  longTerm: z.boolean(),
  buildingPropertyCn: z.string(),
  secondaryPoint: z.string(),
  secondaryAward: z.string(),
  secondaryRemark: z.string(),
});

/** GET /api/index/get-index-data?cityId= */
export const indexHouseCardSchema = z.object({
  id: z.number(),
  name: z.string(),
  logo: z.string(),
  tags: z.array(z.string()),
  showPrice: showPriceSchema,
  buildingVideo: z.string(),
  buildingVr: z.string(),
});
export const indexDataSchema = z.object({
  city: z.object({ text: z.string(), value: z.number(), pid: z.number().nullable() }),
  banners: z.array(z.object({ id: z.number(), image: z.string(), title: z.string(), link: z.string() })),
  navs: z.array(z.object({ id: z.number(), title: z.string(), icon: z.string(), featureId: z.number().nullable() })),
  /** Types 1-4 (COLUMN_TYPES); empty video (2) and VR (4) columns are left out by the server. */
  columns: z.array(
    z.object({
      id: z.number(),
      type: z.number(),
      title: z.string(),
      description: z.string(),
      moreLink: z.string(),
      list: z.array(indexHouseCardSchema),
    }),
  ),
});
export type IndexData = z.infer<typeof indexDataSchema>;

/** GET /api/index/get-city-by-location?latitude=&longitude= : the nearest city of the tree. */
export const locateQuerySchema = z.object({
  latitude: dbNumber('纬度', -90, 90),
  longitude: dbNumber('经度', -180, 180),
});
export const locatedCitySchema = z.object({ text: z.string(), value: z.number(), pid: z.number().nullable() });

/** POST /api/user/favorite-house { id, status (1 add, 0 remove), name } */
export const favoriteToggleSchema = z.object({
  id: dbId('楼盘'),
  status: dbInt('收藏状态', 0, 1),
  name: text('楼盘名称', 100),
});

/** POST /api/user/favorite-house-list?page=&pageSize= */
export const favoriteItemSchema = z.object({
  houseId: z.number(),
  houseName: z.string(),
  buildingDiagram: z.string(),
  buildingVideo: z.string(),
  buildingVr: z.string(),
  regionName: z.string(),
  packagePrice: z.number().nullable(),
  averagePrice: z.number().nullable(),
  showPrice: showPriceSchema,
  tags: z.array(z.string()),
  incentiveTimeStr: z.string(),
  commissionPoint: z.string(),
  reportProtect: z.string(),
  takeLookProtect: z.string(),
  /** The report channel (报备渠道): how this listing takes reports. */
  chengjiaoDesc: z.string(),
});

/** POST /api/user/add-share-to-visitor and /api/user/add-share-to-shar { openid, shareUser, houseid } */
export const shareVisitSchema = z.object({
  openid: text('微信标识', 128),
  shareUser: dbId('分享人'),
  houseid: dbId('楼盘'),
});

/** The answer of POST /api/user/favorite-house. */
export const favoriteToggleResultSchema = z.object({ id: z.number(), isFavorite: z.boolean() });
