import { sql } from 'drizzle-orm';
import { type AnyPgColumn, boolean, check, date, index, integer, numeric, pgTable, primaryKey, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import type { BuildingProperty, PhoneRule, ProtectionMode, SellingStatus } from '@baobei/shared/rules/house';
import { tz, createdAt, money } from './columns';
import { city } from './city';
import { company } from './company';
import { user } from './user';

export const houseFeature = pgTable('house_feature', {
  id: serial('id').primaryKey(),
  companyId: integer('company_id').notNull().references(() => company.id),
  name: text('name').notNull(),
  icon: text('icon').notNull().default(''),
  sort: integer('sort').notNull().default(0),
  /** Offered as a choice (filters, the listing form, home navigation); a retired one stays on the listings that have it (migration 0029). */
  active: boolean('active').notNull().default(true),
  version: integer('version').notNull().default(1),
});

export const house = pgTable(
  'house',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id').notNull().references(() => company.id),
    cityId: integer('city_id').notNull().references(() => city.id),
    name: text('name').notNull(),
    sellingStatus: text('selling_status').$type<SellingStatus>().notNull().default('SELLING'),
    tags: text('tags').array().notNull().default(sql`'{}'::text[]`),
    packagePrice: money('package_price'),
    averagePrice: money('average_price'),
    buildingDiagram: text('building_diagram').notNull().default(''),
    buildingVideo: text('building_video').notNull().default(''),
    buildingVr: text('building_vr').notNull().default(''),
    buildingAddress: text('building_address').notNull().default(''),
    plannedArea: numeric('planned_area', { mode: 'number' }),
    buildingArea: numeric('building_area', { mode: 'number' }),
    plannedHousehold: integer('planned_household'),
    plotRatio: numeric('plot_ratio', { mode: 'number' }),
    greeningRate: numeric('greening_rate', { mode: 'number' }),
    propertyFee: numeric('property_fee', { mode: 'number' }),
    propertyCompany: text('property_company').notNull().default(''),
    deliverTime: text('deliver_time').notNull().default(''),
    projectIntroduction: text('project_introduction').notNull().default(''),
    projectIntro: text('project_intro').notNull().default(''),
    buildingTrait: text('building_trait').notNull().default(''),
    projectSupporting: text('project_supporting').notNull().default(''),
    /** BD-09 coordinates as the developer supplies them (DECISIONS.md, Maps). */
    longitude: numeric('longitude', { precision: 10, scale: 6, mode: 'number' }),
    latitude: numeric('latitude', { precision: 10, scale: 6, mode: 'number' }),
    onSiteTel: text('on_site_tel').notNull().default(''),
    /** Minutes between reporting and the earliest visit. */
    reportLeadTime: integer('report_lead_time').notNull().default(30),
    reportProtectHours: integer('report_protect_hours').notNull().default(72),
    takeLookProtectHours: integer('take_look_protect_hours').notNull().default(720),
    ruleTel: text('rule_tel').$type<PhoneRule>().notNull().default('FULL'),
    /** 报备为王 or 到访为王 (migration 0022, docs/decisions/053; a CHECK keeps the two values). */
    protectionMode: text('protection_mode').$type<ProtectionMode>().notNull().default('REPORT_FIRST'),
    isNeedIdCard: boolean('is_need_id_card').notNull().default(false),
    isFullName: boolean('is_full_name').notNull().default(false),
    isNotFullName: boolean('is_not_full_name').notNull().default(false),
    isAlert: boolean('is_alert').notNull().default(false),
    specialHintTitle: text('special_hint_title').notNull().default(''),
    specialTip: text('special_tip').notNull().default(''),
    incentivePolicy: text('incentive_policy').notNull().default(''),
    incentiveTimeStr: text('incentive_time_str').notNull().default(''),
    incentiveFull: text('incentive_full').notNull().default(''),
    houseRecordTips: text('house_record_tips').notNull().default(''),
    commissionRule: text('commission_rule').notNull().default(''),
    commissionPolicy: text('commission_policy').notNull().default(''),
    /** Per-listing secret for the signed external report list link (part 2, section 2.9). */
    externalLinkVersion: integer('external_link_version').notNull().default(1),
    sort: integer('sort').notNull().default(0),
    active: boolean('active').notNull().default(true),
    /** Optimistic concurrency of the console's edits (migration 0013): every change adds one. */
    version: integer('version').notNull().default(1),
    createdAt: createdAt(),
    updatedAt: tz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    check('house_protection_mode_check', sql`${t.protectionMode} in ('REPORT_FIRST', 'VISIT_FIRST')`),
    index('house_company_city_idx').on(t.companyId, t.cityId),
    // The house list in list order, on sale only: the cursor's seek and the first page's
    // index-only count (migration 0011, docs/decisions/016).
    index('house_active_sort_idx').on(t.companyId, t.sort, t.id).where(sql`${t.active}`),
    // The company's MASKED listings, which the developer side's report keyword reads (decision 019).
    index('house_masked_idx').on(t.companyId, t.id).where(sql`${t.ruleTel} = 'MASKED'`),
    // Keyword search is a substring match (ILIKE '%…%') on Chinese names and addresses: only
    // trigram indexes serve it (docs/decisions/005). Migration 0001 creates pg_trgm first.
    // fastupdate off: listings are written rarely and searched often, so each write goes
    // straight into the index instead of a pending list that slows searches until a vacuum.
    index('house_name_trgm_idx').using('gin', t.name.op('gin_trgm_ops')).with({ fastupdate: false }),
    index('house_address_trgm_idx').using('gin', t.buildingAddress.op('gin_trgm_ops')).with({ fastupdate: false }),
    // A keyword of one or two characters has no trigram: the name's and address's characters
    // and character pairs (text_grams, migration 0014, docs/decisions/041) serve it instead.
    index('house_grams_idx')
      .using('gin', sql`(text_grams(${t.name}) || text_grams(${t.buildingAddress}))`)
      .with({ fastupdate: false }),
  ],
);

export const houseFeatureLink = pgTable(
  'house_feature_link',
  {
    houseId: integer('house_id').notNull().references(() => house.id),
    featureId: integer('feature_id').notNull().references(() => houseFeature.id),
  },
  (t) => [primaryKey({ columns: [t.houseId, t.featureId] }), index('feature_link_feature_idx').on(t.featureId)],
);

/** Album pictures; unit-type pictures are grouped first on the detail page. */
export const housePicture = pgTable(
  'house_picture',
  {
    id: serial('id').primaryKey(),
    houseId: integer('house_id').notNull().references(() => house.id),
    /** The unit type a plan picture shows (albums group unit types first). */
    unitTypeId: integer('unit_type_id').references((): AnyPgColumn => houseUnitType.id),
    picType: text('pic_type').$type<'UNIT' | 'EFFECT' | 'REAL' | 'SAMPLE' | 'PLAN' | 'AROUND'>().notNull(),
    albumName: text('album_name').notNull(),
    picUrl: text('pic_url').notNull(),
    description: text('description').notNull().default(''),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [index('house_picture_house_idx').on(t.houseId)],
);

export const houseUnitType = pgTable(
  'house_unit_type',
  {
    id: serial('id').primaryKey(),
    houseId: integer('house_id').notNull().references(() => house.id),
    typeName: text('type_name').notNull(),
    typeThumb: text('type_thumb').notNull().default(''),
    typeDescription: text('type_description').notNull().default(''),
    typeTheme: text('type_theme').notNull().default(''),
    discountPolicy: text('discount_policy').notNull().default(''),
    floorArea: numeric('floor_area', { mode: 'number' }),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [index('house_unit_type_house_idx').on(t.houseId)],
);

export const houseContact = pgTable(
  'house_contact',
  {
    id: serial('id').primaryKey(),
    houseId: integer('house_id').notNull().references(() => house.id),
    kind: text('kind').$type<'ONSITE' | 'CHANNEL'>().notNull(),
    name: text('name').notNull(),
    phone: text('phone').notNull(),
  },
  (t) => [index('house_contact_house_idx').on(t.houseId)],
);

export const commissionPolicy = pgTable(
  'commission_policy',
  {
    id: serial('id').primaryKey(),
    houseId: integer('house_id').notNull().references(() => house.id),
    buildingProperty: text('building_property').$type<BuildingProperty>().notNull(),
    policyStartDate: date('policy_start_date'),
    policyEndDate: date('policy_end_date'),
    longTerm: boolean('long_term').notNull().default(false),
    secondaryPoint: text('secondary_point').notNull().default(''),
    secondaryAward: text('secondary_award').notNull().default(''),
    secondaryRemark: text('secondary_remark').notNull().default(''),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [index('commission_policy_house_idx').on(t.houseId, t.buildingProperty)],
);

export const favorite = pgTable(
  'favorite',
  {
    userId: integer('user_id').notNull().references(() => user.id),
    houseId: integer('house_id').notNull().references(() => house.id),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.houseId] }),
    // The favourites page lists a user's favourites newest first; the cursor is (created_at, house_id).
    index('favorite_user_created_idx').on(t.userId, t.createdAt, t.houseId),
  ],
);

export const shareVisit = pgTable(
  'share_visit',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id').notNull().references(() => company.id),
    houseId: integer('house_id').notNull().references(() => house.id),
    shareUserId: integer('share_user_id').notNull().references(() => user.id),
    visitorUserId: integer('visitor_user_id').references(() => user.id),
    openid: text('openid').notNull().default(''),
    /** The spec records a visit twice: once for the visitor, once for the sharer. */
    side: text('side').$type<'VISITOR' | 'SHARER'>().notNull(),
    /** Who visited, once per day (migration 0006): 'u:<account>', 'o:<openid>' or 'h:<hash of IP and user agent>'; '' before. */
    visitorKey: text('visitor_key').notNull().default(''),
    /** The visit's day in the company's time zone. */
    visitDay: date('visit_day', { mode: 'string' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('share_visit_sharer_idx').on(t.companyId, t.shareUserId, t.createdAt),
    // /my/share: the visits of one shared listing, and the repeat-visit check on recording.
    index('share_visit_house_idx').on(t.companyId, t.shareUserId, t.houseId, t.createdAt),
    uniqueIndex('share_visit_daily_uq')
      .on(t.companyId, t.shareUserId, t.houseId, t.side, t.visitDay, t.visitorKey)
      .where(sql`${t.visitorKey} <> ''`),
  ],
);
