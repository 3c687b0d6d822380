import { z } from 'zod';
import { adminHouseMessages as text_ } from '../messages/admin';
import { CONTACT_PHONE, WEB_LINK } from '../rules/console-fields';
import {
  HOUSE_FIELD_KEYS,
  HOUSE_FIELDS,
  isNumberField,
  type HouseFieldSpec,
  type HouseNumberFieldKey,
  type HouseTextFieldKey,
} from '../rules/house-fields';
import { BUILDING_PROPERTY_KEYS, PHONE_RULES, PROTECTION_MODES, SELLING_STATUSES } from '../rules/house';
import { reportHintFields } from './house';
import { dbId, dbInt, dbNumber, isCalendarDay, optionalText, pageNumber, preprocess, storedPicture, text, type NumberInput } from './fields';

/**
 * The console's listings (issue 15, item 4): every field of the listing model as the house
 * tables hold it, with Chinese messages naming the field; a refused body carries `data.field`
 * (the first failed field, the top-level name for a nested list) for the console's forms.
 */


const picture = (field: string) => storedPicture(field, { invalid: text_.pictureInvalid(field) });
const requiredPicture = (field: string) => picture(field).refine((v) => v !== '', { error: text_.pictureInvalid(field) });
const link = (field: string) => text(field, 500).refine((v) => v === '' || WEB_LINK.test(v), { error: text_.linkInvalid(field) });
const phone = (field: string) => text(field, 20).refine((v) => v === '' || CONTACT_PHONE.test(v), { error: text_.phoneInvalid(field) });
const flag = (field: string) => z.boolean({ error: `${field}格式不正确` });
/** A number or none: null, '' and absent are none. */
const nullableNumber = (field: string, min: number, max: number) =>
  preprocess<NumberInput | null | undefined>()((v) => (v === '' || v === undefined ? null : v), dbNumber(field, min, max).nullable());
const nullableInt = (field: string, min: number, max: number) =>
  preprocess<NumberInput | null | undefined>()((v) => (v === '' || v === undefined ? null : v), dbInt(field, min, max).nullable());
const rule = (message: string, min: number, max: number) =>
  preprocess<NumberInput>()(
    (v) => (typeof v === 'string' && /^\s*\d+\s*$/.test(v) ? Number(v) : v),
    z.number({ error: message }).refine((n) => Number.isInteger(n) && n >= min && n <= max, { error: message }),
  );
const list = <S extends z.ZodType>(field: string, item: S, max: number) =>
  z.array(item, { error: `${field}格式不正确` }).max(max, { error: text_.tooMany(field, max) });
const day = (field: string) =>
  preprocess<string | null | undefined>()(
    (v) => (v === '' || v === undefined ? null : v),
    z.string({ error: `${field}格式不正确` }).refine(isCalendarDay, { error: `${field}格式不正确` }).nullable(),
  );

type NumberFieldInput = z.ZodOptional<ReturnType<typeof nullableNumber>>;
type TextFieldInput = z.ZodOptional<ReturnType<typeof text>>;

/** The descriptive fields' inputs (rules/house-fields): each optional, its limits and label from the registry. */
function houseFieldInputs() {
  const inputs = HOUSE_FIELD_KEYS.map((key) => {
    const spec: HouseFieldSpec = HOUSE_FIELDS[key];
    if (spec.kind === 'decimal') return [key, nullableNumber(spec.label, 0, spec.max).optional()];
    if (spec.kind === 'count') return [key, nullableInt(spec.label, 0, spec.max).optional()];
    return [key, text(spec.label, spec.max).optional()];
  });
  return Object.fromEntries(inputs) as { [K in HouseNumberFieldKey]: NumberFieldInput } & { [K in HouseTextFieldKey]: TextFieldInput };
}

/** The descriptive fields as the console's answer holds them: a number or null, or a text. */
function houseFieldAnswers() {
  const answers = HOUSE_FIELD_KEYS.map((key) => [key, isNumberField(HOUSE_FIELDS[key]) ? z.number().nullable() : z.string()]);
  return Object.fromEntries(answers) as { [K in HouseNumberFieldKey]: z.ZodNullable<z.ZodNumber> } & { [K in HouseTextFieldKey]: z.ZodString };
}

export const HOUSE_PICTURE_TYPES = ['EFFECT', 'REAL', 'SAMPLE', 'PLAN', 'AROUND'] as const;
export const HOUSE_CONTACT_KINDS = ['ONSITE', 'CHANNEL'] as const;

export const houseContactInputSchema = z.object({
  /** ONSITE: 案场联系人; CHANNEL: 渠道联系人. */
  kind: z.enum(HOUSE_CONTACT_KINDS, { error: '联系人类型格式不正确' }),
  name: text('联系人姓名', 20).refine((v) => v !== '', { error: '请填写联系人姓名' }),
  phone: phone('联系人电话').refine((v) => v !== '', { error: '请填写联系人电话' }),
});

/** One album picture; the list's order is the album's order. */
export const housePictureInputSchema = z.object({
  picType: z.enum(HOUSE_PICTURE_TYPES, { error: '相册类型格式不正确' }),
  albumName: text('相册名称', 20).refine((v) => v !== '', { error: '请填写相册名称' }),
  picUrl: requiredPicture('相册图片'),
  description: text('图片说明', 200),
});

export const houseUnitTypeInputSchema = z.object({
  typeName: text('户型名称', 40).refine((v) => v !== '', { error: '请填写户型名称' }),
  typeThumb: picture('户型图'),
  typeDescription: text('户型描述', 2000),
  typeTheme: text('户型标签', 100),
  discountPolicy: text('优惠政策', 2000),
  floorArea: nullableNumber('建筑面积', 0, 100_000),
  /** Its plan pictures (album 户型图, grouped first on the detail page). */
  pictures: list('户型图片', z.object({ picUrl: requiredPicture('户型图片'), description: text('图片说明', 200) }), 30).default([]),
});

export const commissionPolicyInputSchema = z
  .object({
    buildingProperty: z.enum(BUILDING_PROPERTY_KEYS, { error: '物业类型格式不正确' }),
    policyStartDate: day('政策开始日期'),
    policyEndDate: day('政策结束日期'),
    longTerm: flag('长期有效'),
    secondaryPoint: text('佣金点位', 200),
    secondaryAward: text('奖励', 500),
    secondaryRemark: text('备注', 2000),
  })
  .refine((p) => !p.policyStartDate || !p.policyEndDate || p.policyStartDate <= p.policyEndDate, {
    error: text_.policyPeriodInvalid,
    path: ['policyEndDate'],
  });

/** Every field of a listing, each optional: create fills the rest with defaults, update changes what it names. */
const houseFields = {
  name: text('楼盘名称', 60)
    .refine((v) => v !== '', { error: text_.nameRequired })
    .optional(),
  cityId: dbId('城市').optional(),
  sellingStatus: z.enum(SELLING_STATUSES, { error: '销售状态格式不正确' }).optional(),
  tags: list('楼盘标签', text('楼盘标签', 20).refine((v) => v !== '', { error: '楼盘标签不能为空' }), 10).optional(),
  /** The company's features (house_feature) the listing carries. */
  featureIds: list('楼盘特色', dbId('楼盘特色'), 20).optional(),
  /** 万/套; shown first when set (formatShowPrice). */
  packagePrice: nullableNumber('总价', 0, 1_000_000).optional(),
  /** 元/㎡; shown when there is no total price. */
  averagePrice: nullableNumber('均价', 0, 10_000_000).optional(),
  buildingDiagram: picture('楼盘主图').optional(),
  buildingVideo: link('视频').optional(),
  buildingVr: link('VR').optional(),
  buildingAddress: text('楼盘地址', 200).optional(),
  ...houseFieldInputs(),
  /** BD-09, as the map picks them or as typed. */
  longitude: nullableNumber('经度', -180, 180).optional(),
  latitude: nullableNumber('纬度', -90, 90).optional(),
  onSiteTel: phone('案场电话').optional(),
  /** Minutes between reporting and the earliest visit (the company's default when a create leaves it out). */
  reportLeadTime: rule(text_.leadTimeInvalid, 0, 1440).optional(),
  /** Hours a report is protected (the company's default when a create leaves it out). */
  reportProtectHours: rule(text_.protectHoursInvalid, 1, 8760).optional(),
  takeLookProtectHours: rule(text_.takeLookHoursInvalid, 1, 87600).optional(),
  ruleTel: z.enum(PHONE_RULES, { error: '报备号码规则格式不正确' }).optional(),
  /** 报备为王 / 到访为王 (docs/decisions/053); REPORT_FIRST when a create leaves it out. */
  protectionMode: z.enum(PROTECTION_MODES, { error: '客户保护规则格式不正确' }).optional(),
  isNeedIdCard: flag('需要身份证').optional(),
  isFullName: flag('需要全名').optional(),
  isNotFullName: flag('可不填全名').optional(),
  isAlert: flag('报备弹窗提示').optional(),
  specialHintTitle: text('特别提示标题', 50).optional(),
  specialTip: text('特别提示', 2000).optional(),
  incentivePolicy: text('激励政策', 2000).optional(),
  incentiveTimeStr: text('激励时间', 100).optional(),
  incentiveFull: text('激励详情', 5000).optional(),
  houseRecordTips: text('报备提示', 2000).optional(),
  commissionRule: text('佣金规则', 5000).optional(),
  commissionPolicy: text('佣金政策说明', 5000).optional(),
  sort: dbInt('排序', 0, 1_000_000).optional(),
  contacts: list('联系人', houseContactInputSchema, 50).optional(),
  albums: list('相册', housePictureInputSchema, 300).optional(),
  unitTypes: list('户型', houseUnitTypeInputSchema, 50).optional(),
  commissionPolicies: list('佣金政策', commissionPolicyInputSchema, 50).optional(),
};

/** `POST /api/admin/house/create`: a name and a city; everything else has a default. */
export const createHouseSchema = z.object({
  ...houseFields,
  name: text('楼盘名称', 60).refine((v) => v !== '', { error: text_.nameRequired }),
  /** Absent, null or '' reads as 0: 请选择城市. */
  cityId: preprocess<NumberInput | null | undefined>()(
    (v) => (v === '' || v === null || v === undefined ? 0 : v),
    dbInt('城市', 0).refine((v) => v > 0, { error: text_.cityRequired }),
  ),
});
export type CreateHouseInput = z.infer<typeof createHouseSchema>;

/** `POST /api/admin/house/update`: the version read and the fields to change; a list sent replaces the whole list. */
export const updateHouseSchema = z.object({ id: dbId('楼盘ID'), version: dbInt('版本号', 0), ...houseFields });
export type UpdateHouseInput = z.infer<typeof updateHouseSchema>;

/** `POST /api/admin/house/withdraw` and `/restore`. */
export const houseVersionSchema = z.object({ id: dbId('楼盘ID'), version: dbInt('版本号', 0) });

export const houseIdQuerySchema = z.object({ id: dbId('楼盘ID') });

// Answers --------------------------------------------------------------------------------------

export const adminHouseSchema = z.object({
  id: z.number(),
  name: z.string(),
  cityId: z.number(),
  cityName: z.string(),
  sellingStatus: z.enum(SELLING_STATUSES),
  tags: z.array(z.string()),
  featureIds: z.array(z.number()),
  features: z.array(z.object({ id: z.number(), name: z.string() })),
  packagePrice: z.number().nullable(),
  averagePrice: z.number().nullable(),
  /** The price as the app shows it: total price first, else average, else 暂无. */
  showPrice: z.object({ price: z.string(), unit: z.string() }),
  buildingDiagram: z.string(),
  buildingVideo: z.string(),
  buildingVr: z.string(),
  buildingAddress: z.string(),
  ...houseFieldAnswers(),
  longitude: z.number().nullable(),
  latitude: z.number().nullable(),
  onSiteTel: z.string(),
  reportLeadTime: z.number(),
  reportProtectHours: z.number(),
  takeLookProtectHours: z.number(),
  ruleTel: z.enum(PHONE_RULES),
  protectionMode: z.enum(PROTECTION_MODES),
  ...reportHintFields,
  incentivePolicy: z.string(),
  incentiveTimeStr: z.string(),
  incentiveFull: z.string(),
  houseRecordTips: z.string(),
  commissionRule: z.string(),
  commissionPolicy: z.string(),
  sort: z.number(),
  contacts: z.array(z.object({ kind: z.enum(HOUSE_CONTACT_KINDS), name: z.string(), phone: z.string() })),
  albums: z.array(
    z.object({ picType: z.enum(HOUSE_PICTURE_TYPES), albumName: z.string(), picUrl: z.string(), description: z.string() }),
  ),
  unitTypes: z.array(
    z.object({
      typeName: z.string(),
      typeThumb: z.string(),
      typeDescription: z.string(),
      typeTheme: z.string(),
      discountPolicy: z.string(),
      floorArea: z.number().nullable(),
      pictures: z.array(z.object({ picUrl: z.string(), description: z.string() })),
    }),
  ),
  commissionPolicies: z.array(
    z.object({
      buildingProperty: z.enum(BUILDING_PROPERTY_KEYS),
      policyStartDate: z.string().nullable(),
      policyEndDate: z.string().nullable(),
      longTerm: z.boolean(),
      secondaryPoint: z.string(),
      secondaryAward: z.string(),
      secondaryRemark: z.string(),
    }),
  ),
  /** false: withdrawn (已撤回), out of the app's lists, search and detail; its reports stay. */
  active: z.boolean(),
  /** Optimistic concurrency: send it back with update, withdraw, restore; a stale one is 409. */
  version: z.number(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type AdminHouse = z.infer<typeof adminHouseSchema>;

/** `GET /api/admin/house/list`: ProTable's paging and filters. */
export const adminHouseListQuerySchema = z.object({
  page: pageNumber.optional().default(1),
  pageSize: dbInt('每页条数', 1, 100).optional().default(20),
  /** Part of the name. */
  keyword: optionalText('关键词', 50),
  cityId: dbId('城市').optional(),
  sellingStatus: z.enum(SELLING_STATUSES, { error: '销售状态格式不正确' }).optional(),
  featureId: dbId('楼盘特色').optional(),
  tag: optionalText('楼盘标签', 20),
  /** 'true' 上架, 'false' 已撤回; absent: both. */
  active: z.enum(['true', 'false'], { error: '上架状态格式不正确' }).optional(),
});
export type AdminHouseListQuery = z.infer<typeof adminHouseListQuerySchema>;

export const adminHouseListItemSchema = z.object({
  id: z.number(),
  name: z.string(),
  cityId: z.number(),
  cityName: z.string(),
  showPrice: z.object({ price: z.string(), unit: z.string() }),
  sellingStatus: z.enum(SELLING_STATUSES),
  tags: z.array(z.string()),
  /** The company's features the listing carries (the table's 特色 column). */
  features: z.array(z.object({ id: z.number(), name: z.string() })),
  /** The main picture (楼盘主图), '' for none: the table's thumbnail. */
  buildingDiagram: z.string(),
  active: z.boolean(),
  /** Reports of the listing (record_house_status_idx). */
  reportCount: z.number(),
  sort: z.number(),
  version: z.number(),
  updatedAt: z.string(),
});
export type AdminHouseListItem = z.infer<typeof adminHouseListItemSchema>;

export const adminHouseListSchema = z.object({
  list: z.array(adminHouseListItemSchema),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
});

/** `GET /api/admin/house/history`: the listing's audit rows, newest first. */
export const adminHouseHistoryQuerySchema = z.object({
  id: dbId('楼盘ID'),
  page: pageNumber.optional().default(1),
  pageSize: dbInt('每页条数', 1, 100).optional().default(20),
});

export const adminHouseHistoryItemSchema = z.object({
  id: z.number(),
  /** house.create, house.update, house.withdraw, house.restore. */
  action: z.string(),
  actorId: z.number().nullable(),
  actorName: z.string(),
  actorRole: z.string(),
  /** The listing's version after the change. */
  version: z.number().nullable(),
  /**
   * The changed fields in the listing's field order, each value written as JSON text (`null`
   * for none; a create's old values are all `null`); the audit row keeps the values themselves.
   */
  changes: z.array(z.object({ field: z.string(), old: z.string(), new: z.string() })),
  createdAt: z.string(),
});
export type AdminHouseHistoryItem = z.infer<typeof adminHouseHistoryItemSchema>;

/**
 * `GET /api/admin/house/arrival-link?id=` and `POST /api/admin/house/renew-arrival-link { id }`:
 * the listing's signed external arrival link (到访确认链接, decision 011), the record module's own
 * link; `path` is the mobile app's page, the console puts its origin in front.
 */
export const adminArrivalLinkSchema = z.object({ houseId: z.number(), houseName: z.string(), path: z.string() });
export type AdminArrivalLink = z.infer<typeof adminArrivalLinkSchema>;

export const adminHouseHistorySchema = z.object({
  list: z.array(adminHouseHistoryItemSchema),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
});
