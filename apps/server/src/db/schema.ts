/**
 * The whole data model of ARCHITECTURE.md (Data). Money and points are numeric, times
 * timestamptz, phones text. Every tenant table carries company_id; queries filter by it.
 */
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  date,
  foreignKey,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { Role } from '@baobei/shared/rules/roles';
import type { RecordStatus } from '@baobei/shared/rules/record-status';
import type { MessageKind } from '@baobei/shared/rules/message';
import type { BuildingProperty, PhoneRule, ProtectionMode, SellingStatus } from '@baobei/shared/rules/house';

const tz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const createdAt = () => tz('created_at').notNull().defaultNow();
const money = (name: string) => numeric(name, { precision: 14, scale: 2, mode: 'number' });

export const company = pgTable('company', {
  id: serial('id').primaryKey(),
  code: text('code').notNull().unique(),
  title: text('title').notNull(),
  color: text('color').notNull(),
  gradientColor: text('gradient_color').notNull(),
  logo: text('logo').notNull(),
  subLogo: text('sub_logo').notNull(),
  favicon: text('favicon').notNull(),
  description: text('description').notNull().default(''),
  kefPhone: text('kef_phone').notNull().default(''),
  /** DECISIONS.md: customers per report, default 5. */
  maxCustomersPerReport: integer('max_customers_per_report').notNull().default(5),
  /** docs/decisions/022: only the auditor admin confirms a deal when on (default: the assigned auditor). */
  dealConfirmByAdmin: boolean('deal_confirm_by_admin').notNull().default(false),
  timeZone: text('time_zone').notNull().default('Asia/Shanghai'),
  /** docs/decisions/039: the user agreement text; '' shows the built-in one. */
  agreement: text('agreement').notNull().default(''),
  /** Defaults a new listing takes (house.report_protect_hours, house.report_lead_time in minutes). */
  defaultProtectHours: integer('default_protect_hours').notNull().default(72),
  defaultReportLeadTime: integer('default_report_lead_time').notNull().default(30),
  /** How many hours before a report's protection ends its reporter is warned (docs/decisions/051). */
  protectionWarningHours: integer('protection_warning_hours').notNull().default(24),
  /** The notification kinds the company also sends by SMS (docs/decisions/054; the console's 短信通知). */
  smsNotifyKinds: text('sms_notify_kinds').array().$type<MessageKind[]>().notNull().default(sql`'{}'::text[]`),
  /** The company's WeChat features, when the server has WeChat credentials at all. */
  wechatEnabled: boolean('wechat_enabled').notNull().default(true),
  /** Optimistic concurrency of the console's brand edits: every change adds one. */
  version: integer('version').notNull().default(1),
  updatedAt: tz('updated_at').notNull().defaultNow(),
  createdAt: createdAt(),
});

/** The page host picks the company (part 1, section 1); a company may answer on several hosts. */
export const companyHost = pgTable('company_host', {
  host: text('host').primaryKey(),
  companyId: integer('company_id').notNull().references(() => company.id),
});

export const city = pgTable(
  'city',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id').notNull().references(() => company.id),
    parentId: integer('parent_id'),
    name: text('name').notNull(),
    latitude: numeric('latitude', { precision: 10, scale: 6, mode: 'number' }),
    longitude: numeric('longitude', { precision: 10, scale: 6, mode: 'number' }),
    isDefault: boolean('is_default').notNull().default(false),
    sort: integer('sort').notNull().default(0),
    /** Offered in the app (picker, city lists, home); the console's 城市 switches it (migration 0015). */
    enabled: boolean('enabled').notNull().default(true),
    version: integer('version').notNull().default(1),
  },
  (t) => [index('city_company_idx').on(t.companyId, t.parentId)],
);

export const distributor = pgTable(
  'distributor',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id').notNull().references(() => company.id),
    name: text('name').notNull(),
    shortName: text('short_name').notNull(),
    creditNo: text('credit_no').notNull(),
    businessLicensePic: text('business_license_pic').notNull().default(''),
    address: text('address').notNull().default(''),
    locationId: integer('location_id').references(() => city.id),
    /** The channel contact (CHANNEL user) who looks after this distributor. */
    channelUserId: integer('channel_user_id').references((): AnyPgColumn => user.id),
    managerName: text('manager_name').notNull().default(''),
    managerPhone: text('manager_phone').notNull().default(''),
    /** false: disabled in the console (migration 0016): its people cannot sign in, their sessions ended. */
    active: boolean('active').notNull().default(true),
    disabledAt: tz('disabled_at'),
    version: integer('version').notNull().default(1),
    updatedAt: tz('updated_at').notNull().defaultNow(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('distributor_credit_no_uq').on(t.companyId, t.creditNo),
    index('distributor_channel_idx').on(t.companyId, t.channelUserId),
  ],
);

/** Public registrations waiting for customer-service review (part 2, section 2.8). */
export const distributorRegistration = pgTable(
  'distributor_registration',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id').notNull().references(() => company.id),
    companyLicenseName: text('company_license_name').notNull(),
    name: text('name').notNull(),
    creditNo: text('credit_no').notNull(),
    managerName: text('manager_name').notNull(),
    managerPhone: text('manager_phone').notNull(),
    address: text('address').notNull(),
    businessLicensePic: text('business_license_pic').notNull(),
    locationId: integer('location_id').references(() => city.id),
    channelId: integer('channel_id').references((): AnyPgColumn => user.id),
    passwordHash: text('password_hash').notNull(),
    status: text('status').$type<'PENDING' | 'APPROVED' | 'REJECTED'>().notNull().default('PENDING'),
    reason: text('reason').notNull().default(''),
    reviewedBy: integer('reviewed_by').references((): AnyPgColumn => user.id),
    reviewedAt: tz('reviewed_at'),
    distributorId: integer('distributor_id').references(() => distributor.id),
    createdAt: createdAt(),
  },
  (t) => [
    index('registration_status_idx').on(t.companyId, t.status),
    // One pending registration per phone and per credit code (migration 0006).
    uniqueIndex('registration_pending_phone_uq').on(t.companyId, t.managerPhone).where(sql`${t.status} = 'PENDING'`),
    uniqueIndex('registration_pending_credit_uq').on(t.companyId, t.creditNo).where(sql`${t.status} = 'PENDING'`),
  ],
);

export const user = pgTable(
  'user',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id').notNull().references(() => company.id),
    distributorId: integer('distributor_id').references(() => distributor.id),
    role: text('role').$type<Role>().notNull(),
    /** The general account of a distributor (part 2, section 6). */
    distributorControl: boolean('distributor_control').notNull().default(false),
    shopName: text('shop_name').notNull().default(''),
    /** A broker's shop manager. */
    managerId: integer('manager_id').references((): AnyPgColumn => user.id),
    name: text('name').notNull(),
    phone: text('phone').notNull(),
    sex: integer('sex').notNull().default(0),
    resume: text('resume').notNull().default(''),
    avatar: text('avatar').notNull().default(''),
    /** Channel staff: the area they manage (channelList.manageArea). */
    manageArea: text('manage_area').notNull().default(''),
    /** Auditors: 0 on duty, 1 on vacation. */
    vacation: integer('vacation').notNull().default(0),
    passwordHash: text('password_hash').notNull(),
    mustChangePassword: boolean('must_change_password').notNull().default(false),
    active: boolean('active').notNull().default(true),
    /** Optimistic concurrency of the console's account edits (migration 0017, docs/decisions/047). */
    version: integer('version').notNull().default(1),
    updatedAt: tz('updated_at').notNull().defaultNow(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('user_company_phone_uq').on(t.companyId, t.phone),
    index('user_distributor_idx').on(t.companyId, t.distributorId),
    index('user_manager_idx').on(t.managerId),
    index('user_role_idx').on(t.companyId, t.role),
  ],
);

/** External identities (WeChat), keyed by (provider, openid) so they never collide with phones. */
export const userIdentity = pgTable(
  'user_identity',
  {
    companyId: integer('company_id').notNull().references(() => company.id),
    provider: text('provider').notNull(),
    subject: text('subject').notNull(),
    userId: integer('user_id').notNull().references(() => user.id),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.provider, t.subject] }),
    index('identity_user_idx').on(t.userId),
    // One WeChat account per user: binding a second one asks to unbind the first.
    uniqueIndex('identity_user_provider_uq').on(t.companyId, t.userId, t.provider),
  ],
);

/**
 * WeChat OAuth `state` values (docs/decisions/015): single use, short-lived, and tied to
 * whoever asked for them, so a code obtained elsewhere cannot be replayed into another
 * browser (sign-in) or another account (binding). Only the SHA-256 of the state is kept.
 */
export const oauthState = pgTable(
  'oauth_state',
  {
    stateHash: text('state_hash').primaryKey(),
    companyId: integer('company_id').notNull().references(() => company.id),
    purpose: text('purpose').$type<'login' | 'bind'>().notNull(),
    /** Sign-in: SHA-256 of the nonce in the browser's cookie. */
    browserHash: text('browser_hash'),
    /** Binding: the session that asked (no foreign key: expired sessions are purged, states outlive nothing). */
    sessionId: integer('session_id'),
    expiresAt: tz('expires_at').notNull(),
    usedAt: tz('used_at'),
    createdAt: createdAt(),
  },
  (t) => [index('oauth_state_expiry_idx').on(t.expiresAt)],
);

/** DECISIONS.md: opaque 256-bit tokens stored hashed, sliding expiry 7 days. */
export const session = pgTable(
  'session',
  {
    id: serial('id').primaryKey(),
    tokenHash: text('token_hash').notNull().unique(),
    userId: integer('user_id').notNull().references(() => user.id),
    companyId: integer('company_id').notNull().references(() => company.id),
    expiresAt: tz('expires_at').notNull(),
    lastSeenAt: tz('last_seen_at').notNull().defaultNow(),
    revokedAt: tz('revoked_at'),
    createdAt: createdAt(),
  },
  (t) => [index('session_user_idx').on(t.userId)],
);

export const smsCode = pgTable(
  'sms_code',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id').notNull().references(() => company.id),
    phone: text('phone').notNull(),
    purpose: text('purpose').$type<'login' | 'retrieve' | 'phone'>().notNull(),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: tz('expires_at').notNull(),
    usedAt: tz('used_at'),
    ip: text('ip').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [
    index('sms_code_phone_idx').on(t.companyId, t.phone, t.createdAt),
    index('sms_code_ip_idx').on(t.ip, t.createdAt),
  ],
);

export const captcha = pgTable('captcha', {
  sn: text('sn').primaryKey(),
  answerHash: text('answer_hash').notNull(),
  expiresAt: tz('expires_at').notNull(),
  usedAt: tz('used_at'),
  createdAt: createdAt(),
});

/** Fixed-window counters for rate limits and login throttling. */
export const rateCounter = pgTable('rate_counter', {
  key: text('key').primaryKey(),
  count: integer('count').notNull().default(0),
  resetAt: tz('reset_at').notNull(),
});

export const houseFeature = pgTable('house_feature', {
  id: serial('id').primaryKey(),
  companyId: integer('company_id').notNull().references(() => company.id),
  name: text('name').notNull(),
  icon: text('icon').notNull().default(''),
  sort: integer('sort').notNull().default(0),
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

export const indexBanner = pgTable(
  'index_banner',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id').notNull().references(() => company.id),
    cityId: integer('city_id').references(() => city.id),
    image: text('image').notNull(),
    title: text('title').notNull().default(''),
    link: text('link').notNull().default(''),
    sort: integer('sort').notNull().default(0),
    /** The active period (migration 0015): shown from start_at (inclusive) until end_at (exclusive); null is open. */
    startAt: timestamp('start_at', { withTimezone: true }),
    endAt: timestamp('end_at', { withTimezone: true }),
    version: integer('version').notNull().default(1),
  },
  (t) => [index('index_banner_company_idx').on(t.companyId, t.cityId)],
);

export const indexNav = pgTable('index_nav', {
  id: serial('id').primaryKey(),
  companyId: integer('company_id').notNull().references(() => company.id),
  /** A city's grid item, or every city's (null), as banners and columns (migration 0015). */
  cityId: integer('city_id'),
  title: text('title').notNull(),
  icon: text('icon').notNull(),
  featureId: integer('feature_id').references(() => houseFeature.id),
  sort: integer('sort').notNull().default(0),
  version: integer('version').notNull().default(1),
}, (t) => [foreignKey({ name: 'index_nav_city_id_fkey', columns: [t.cityId], foreignColumns: [city.id] })]);

export const indexColumn = pgTable(
  'index_column',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id').notNull().references(() => company.id),
    cityId: integer('city_id').references(() => city.id),
    /** 1 projects, 2 video, 3 featured, 4 VR (COLUMN_TYPES in the shared package). */
    type: integer('type').notNull(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    moreLink: text('more_link').notNull().default(''),
    sort: integer('sort').notNull().default(0),
    version: integer('version').notNull().default(1),
  },
  (t) => [index('index_column_company_idx').on(t.companyId, t.cityId)],
);

export const indexColumnHouse = pgTable(
  'index_column_house',
  {
    columnId: integer('column_id').notNull().references(() => indexColumn.id),
    houseId: integer('house_id').notNull().references(() => house.id),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.columnId, t.houseId] })],
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

export const customer = pgTable(
  'customer',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id').notNull().references(() => company.id),
    ownerId: integer('owner_id').notNull().references(() => user.id),
    distributorId: integer('distributor_id').references(() => distributor.id),
    name: text('name').notNull(),
    sex: integer('sex').notNull().default(0),
    phone: text('phone').notNull(),
    telType: integer('tel_type').notNull().default(0),
    /** Pinyin initial of the name (A-Z or #) for the grouped list. */
    anchor: text('anchor').notNull().default('#'),
    deletedAt: tz('deleted_at'),
    createdAt: createdAt(),
  },
  (t) => [
    index('customer_owner_idx').on(t.companyId, t.ownerId),
    index('customer_phone_idx').on(t.companyId, t.phone),
    // One live customer per owner and phone (migration 0006): a deleted one does not count.
    uniqueIndex('customer_owner_phone_live_uq').on(t.companyId, t.ownerId, t.phone).where(sql`${t.deletedAt} is null`),
  ],
);

export const customerImage = pgTable(
  'customer_image',
  {
    id: serial('id').primaryKey(),
    customerId: integer('customer_id').notNull().references(() => customer.id),
    url: text('url').notNull(),
  },
  (t) => [index('customer_image_customer_idx').on(t.customerId)],
);

/** A report (报备): one listing and one customer, with a snapshot of the customer. */
export const record = pgTable(
  'record',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id').notNull().references(() => company.id),
    houseId: integer('house_id').notNull().references(() => house.id),
    customerId: integer('customer_id').references(() => customer.id),
    customerName: text('customer_name').notNull(),
    customerSex: integer('customer_sex').notNull().default(0),
    customerPhone: text('customer_phone').notNull(),
    /** First 3 + last 4 digits: the duplicate rule compares on it (DECISIONS.md, 撞单). */
    customerPhoneMasked: text('customer_phone_masked').notNull(),
    customerTelType: integer('customer_tel_type').notNull().default(0),
    customerPics: jsonb('customer_pics').$type<string[]>().notNull().default([]),
    reporterId: integer('reporter_id').notNull().references(() => user.id),
    distributorId: integer('distributor_id').references(() => distributor.id),
    /** The reporter's shop manager at submit time, for the shop's visibility. */
    shopManagerId: integer('shop_manager_id').references(() => user.id),
    /**
     * The reporter's shop (二级公司) at submit time: a report keeps the shop it was made under when
     * its broker later moves (migration 0028, issue 28 item 3). The distributor is distributor_id.
     */
    shopName: text('shop_name').notNull().default(''),
    channelUserId: integer('channel_user_id').references(() => user.id),
    auditorId: integer('auditor_id').references(() => user.id),
    dkName: text('dk_name').notNull().default(''),
    dkPhone: text('dk_phone').notNull().default(''),
    visitorNum: integer('visitor_num').notNull().default(1),
    reception: text('reception').notNull().default(''),
    remark: text('remark').notNull().default(''),
    estimatedVisitTime: tz('estimated_visit_time').notNull(),
    visitTime: tz('visit_time'),
    status: text('status').$type<RecordStatus>().notNull().default('RECORDSTART'),
    approvalResult: text('approval_result').notNull().default(''),
    protectUntil: tz('protect_until').notNull(),
    /**
     * When the report's protection ended (its due time), written by the protection job: the
     * duplicate rule, 重新报备 and 已过保护期 read it (migration 0019, docs/decisions/051).
     */
    protectionExpiredAt: tz('protection_expired_at'),
    /** When the reporter was warned of the coming end; set once, so the warning goes once. */
    protectionWarnedAt: tz('protection_warned_at'),
    /** Optimistic concurrency for status changes. */
    version: integer('version').notNull().default(1),
    submissionId: text('submission_id').notNull(),
    createdAt: createdAt(),
    auditAt: tz('audit_at'),
    operateAt: tz('operate_at'),
  },
  (t) => [
    // The lists are newest first (docs/decisions/016): each scope's index ends in created_at, id
    // (a page walks it and stops; a cursor seeks in it), then status (the tabs' grouped count
    // reads the index only). The whole company's: AUDITORADMIN, the channel roles.
    index('record_company_status_idx').on(t.companyId, t.status, t.createdAt, t.id),
    index('record_reporter_idx').on(t.companyId, t.reporterId, t.createdAt, t.id, t.status),
    index('record_distributor_idx').on(t.companyId, t.distributorId, t.createdAt, t.id, t.status),
    index('record_shop_manager_idx').on(t.companyId, t.shopManagerId, t.createdAt, t.id, t.status),
    index('record_auditor_idx').on(t.companyId, t.auditorId, t.status),
    index('record_company_created_idx').on(t.companyId, t.createdAt, t.id, t.status),
    index('record_auditor_created_idx').on(t.companyId, t.auditorId, t.createdAt, t.id, t.status),
    // The lists' keyword (migration 0011): the customer's name, the phone as entered and the
    // phone as the developer side reads it on a MASKED listing (hidePhone in SQL, the
    // expression record-tracking-repository.ts writes).
    index('record_customer_name_trgm_idx').using('gin', t.customerName.op('gin_trgm_ops')).with({ fastupdate: false }),
    index('record_customer_phone_trgm_idx').using('gin', t.customerPhone.op('gin_trgm_ops')).with({ fastupdate: false }),
    index('record_hidden_phone_trgm_idx')
      .using(
        'gin',
        sql`(case when ${t.customerPhone} = '' then '' when length(${t.customerPhone}) > 7 then left(${t.customerPhone}, 3) || '****' || right(${t.customerPhone}, 4) else '****' end) gin_trgm_ops`,
      )
      .with({ fastupdate: false }),
    index('record_channel_idx').on(t.companyId, t.channelUserId),
    index('record_duplicate_idx').on(t.houseId, t.customerPhoneMasked),
    // The external list of one listing: its waiting and its visited reports (docs/decisions/011).
    index('record_house_status_idx').on(t.companyId, t.houseId, t.status),
    // The protection job's due queries (migrations 0019, 0027): live reports only, walked in
    // bounded batches by (time, id) (docs/decisions/063). A visit without a visit time ends at
    // protect_until, as a waiting report does.
    index('record_report_protection_due_idx')
      .on(t.protectUntil, t.id)
      .where(
        sql`${t.protectionExpiredAt} is null and (${t.status} in ('RECORDSTART', 'RECORDSTANDBY', 'RECORDCOMPLETE') or (${t.status} = 'VISIT' and ${t.visitTime} is null))`,
      ),
    index('record_viewing_protection_due_idx').on(t.visitTime, t.id).where(sql`${t.protectionExpiredAt} is null and ${t.status} = 'VISIT'`),
  ],
);

/**
 * Open reports (any status but RECORDCLOSE, MAKEBARGAINCLOSE, MAKEBARGAINCOMPLETE) per assigned
 * auditor, kept by triggers on `record` in the transaction of every write (migration 0010,
 * docs/decisions/030). The submit picks the auditor from it; the app itself only adds zero rows.
 */
export const auditorOpenReport = pgTable('auditor_open_report', {
  auditorId: integer('auditor_id')
    .primaryKey()
    .references(() => user.id, { onDelete: 'cascade' }),
  openCount: integer('open_count').notNull().default(0),
});

/**
 * What an auditor audits when the company splits the work (migration 0017, docs/decisions/047):
 * one row per listing or city. An auditor without rows takes any report; the submit's pick
 * prefers the on-duty auditors whose rows cover the report's listing (or who have none).
 */
export const auditorScope = pgTable(
  'auditor_scope',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id').notNull(),
    auditorId: integer('auditor_id').notNull(),
    houseId: integer('house_id'),
    cityId: integer('city_id'),
  },
  // Migration 0010 made this table in SQL: its constraints keep PostgreSQL's names.
  (t) => [
    foreignKey({ name: 'auditor_scope_company_id_fkey', columns: [t.companyId], foreignColumns: [company.id] }),
    foreignKey({ name: 'auditor_scope_auditor_id_fkey', columns: [t.auditorId], foreignColumns: [user.id] }).onDelete('cascade'),
    foreignKey({ name: 'auditor_scope_house_id_fkey', columns: [t.houseId], foreignColumns: [house.id] }).onDelete('cascade'),
    foreignKey({ name: 'auditor_scope_city_id_fkey', columns: [t.cityId], foreignColumns: [city.id] }).onDelete('cascade'),
    check('auditor_scope_one_target', sql`(${t.houseId} is null) <> (${t.cityId} is null)`),
    index('auditor_scope_auditor_idx').on(t.auditorId, t.houseId, t.cityId),
    uniqueIndex('auditor_scope_house_uq').on(t.auditorId, t.houseId).where(sql`${t.houseId} is not null`),
    uniqueIndex('auditor_scope_city_uq').on(t.auditorId, t.cityId).where(sql`${t.cityId} is not null`),
  ],
);

/**
 * The report lists' tab counts (migration 0014, docs/decisions/041): signed counts of reports per
 * scope key ('company' with id 0, 'reporter', 'distributor', 'shop', 'auditor') and status,
 * inserted by triggers on `record` in the transaction of every write (+1 new, -1 old); a scope's
 * count per status is the sum of its rows, which the reader folds now and then (foldTally).
 */
export const recordTally = pgTable(
  'record_tally',
  {
    companyId: integer('company_id').notNull(),
    scope: text('scope').$type<'company' | 'reporter' | 'distributor' | 'shop' | 'auditor'>().notNull(),
    scopeId: integer('scope_id').notNull(),
    status: text('status').$type<RecordStatus>().notNull(),
    n: integer('n').notNull(),
  },
  (t) => [index('record_tally_scope_idx').on(t.companyId, t.scope, t.scopeId, t.status, t.n)],
);

/**
 * record_tally per Shanghai day of the report's creation, for the dense scopes only ('company',
 * 'distributor', 'shop', 'auditor'; migration 0020, docs/decisions/041): a date range's tab counts
 * are the sum of its days' rows. Kept by the same triggers, insert-only, folded by the reader.
 */
export const recordDayTally = pgTable(
  'record_day_tally',
  {
    companyId: integer('company_id').notNull(),
    scope: text('scope').$type<'company' | 'distributor' | 'shop' | 'auditor'>().notNull(),
    scopeId: integer('scope_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    status: text('status').$type<RecordStatus>().notNull(),
    n: integer('n').notNull(),
  },
  (t) => [index('record_day_tally_scope_idx').on(t.companyId, t.scope, t.scopeId, t.day, t.status, t.n)],
);

export const recordApproval = pgTable(
  'record_approval',
  {
    id: serial('id').primaryKey(),
    recordId: integer('record_id').notNull().references(() => record.id),
    status: text('status').$type<RecordStatus>().notNull(),
    userId: integer('user_id').references(() => user.id),
    userName: text('user_name').notNull().default(''),
    userPhone: text('user_phone').notNull().default(''),
    approvalResult: text('approval_result').notNull().default(''),
    visitTime: tz('visit_time'),
    estimatedVisitTime: tz('estimated_visit_time'),
    visitorNum: integer('visitor_num'),
    createdAt: createdAt(),
  },
  (t) => [index('record_approval_record_idx').on(t.recordId)],
);

export const recordDynamic = pgTable(
  'record_dynamic',
  {
    id: serial('id').primaryKey(),
    recordId: integer('record_id').notNull().references(() => record.id),
    userId: integer('user_id').notNull().references(() => user.id),
    userName: text('user_name').notNull(),
    remark: text('remark').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('record_dynamic_record_idx').on(t.recordId)],
);

export const recordImage = pgTable(
  'record_image',
  {
    id: serial('id').primaryKey(),
    recordId: integer('record_id').notNull().references(() => record.id),
    url: text('url').notNull(),
    uploadedBy: integer('uploaded_by').notNull().references(() => user.id),
    createdAt: createdAt(),
  },
  (t) => [index('record_image_record_idx').on(t.recordId)],
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

export const feedback = pgTable(
  'feedback',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id').notNull().references(() => company.id),
    userId: integer('user_id').references(() => user.id),
    content: text('content').notNull(),
    /** The console's inbox (migration 0018, docs/decisions/050): handled once, by whom, with an optional note. */
    handledAt: tz('handled_at'),
    handledBy: integer('handled_by'),
    handleNote: text('handle_note').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [
    foreignKey({ name: 'feedback_handled_by_fkey', columns: [t.handledBy], foreignColumns: [user.id] }),
    index('feedback_company_created_idx').on(t.companyId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('feedback_company_unhandled_idx').on(t.companyId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()).where(sql`${t.handledAt} is null`),
  ],
);

export const upload = pgTable(
  'upload',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id').notNull().references(() => company.id),
    userId: integer('user_id').references(() => user.id),
    storageKey: text('storage_key').notNull().unique(),
    mime: text('mime').notNull(),
    size: integer('size').notNull(),
    sha256: text('sha256').notNull(),
    /**
     * docs/decisions/018: 'private' pictures (customers' proofs, report images, licences) are
     * served only by a short-lived signed URL; 'public' ones (avatars) to anyone.
     */
    visibility: text('visibility').$type<'public' | 'private'>().notNull().default('private'),
    /**
     * docs/decisions/062: what the picture was uploaded for, and so the only places it may be
     * attached: 'picture' (private: customers' proofs, report images, contracts; the uploader's
     * own), 'avatar' (public), 'licence' (private, the anonymous registration's), 'console'
     * (public: listing, home and brand pictures of the company). Migration 0026.
     */
    purpose: text('purpose').$type<'picture' | 'avatar' | 'licence' | 'console'>().notNull().default('picture'),
    createdAt: createdAt(),
  },
  (t) => [
    index('upload_user_idx').on(t.companyId, t.userId),
    // The per-user daily byte quota sums a user's uploads of the last day.
    index('upload_user_created_idx').on(t.companyId, t.userId, t.createdAt),
  ],
);

/**
 * WeChat's access token and JS-SDK ticket with their expiry, shared by every instance:
 * WeChat caps how often they may be fetched (docs/decisions/006). Not tenant data: the
 * WeChat official account is one per deployment, and the key names its app id.
 */
export const wechatCredentialCache = pgTable('wechat_credential_cache', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  expiresAt: tz('expires_at').notNull(),
  updatedAt: tz('updated_at').notNull().defaultNow(),
});

/** ARCHITECTURE.md, API: the same Idempotency-Key replays the first answer. */
export const idempotencyKey = pgTable(
  'idempotency_key',
  {
    companyId: integer('company_id').notNull().references(() => company.id),
    scope: text('scope').notNull(),
    key: text('key').notNull(),
    statusCode: integer('status_code').notNull(),
    response: jsonb('response').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.scope, t.key] })],
);

export const auditLog = pgTable(
  'audit_log',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id').notNull().references(() => company.id),
    actorId: integer('actor_id').references(() => user.id),
    action: text('action').notNull(),
    entity: text('entity').notNull(),
    entityId: integer('entity_id'),
    detail: jsonb('detail').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: createdAt(),
  },
  // The audit log viewer's filters, each ending in its page order (migration 0018, docs/decisions/050).
  (t) => [
    index('audit_log_company_created_idx').on(t.companyId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('audit_log_company_actor_idx').on(t.companyId, t.actorId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('audit_log_company_action_idx').on(t.companyId, t.action, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('audit_log_company_object_idx').on(t.companyId, t.entity, t.entityId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
  ],
);

/**
 * The deal an auditor records at 成交 (migration 0021, docs/decisions/052): money in integer 分,
 * the policy used as a snapshot, paid_fen and settlement_state written with each payment.
 */
export const recordDeal = pgTable(
  'record_deal',
  {
    id: serial('id').primaryKey(),
    recordId: integer('record_id').notNull().references(() => record.id),
    companyId: integer('company_id').notNull().references(() => company.id),
    building: text('building').notNull(),
    room: text('room').notNull(),
    floorArea: numeric('floor_area', { precision: 10, scale: 2, mode: 'number' }).notNull(),
    totalPriceFen: bigint('total_price_fen', { mode: 'number' }).notNull(),
    signedOn: date('signed_on').notNull(),
    contractPicture: text('contract_picture').notNull(),
    propertyType: text('property_type').$type<BuildingProperty>().notNull(),
    policyId: integer('policy_id').references(() => commissionPolicy.id, { onDelete: 'set null' }),
    policySnapshot: jsonb('policy_snapshot').$type<Record<string, unknown>>(),
    baseFen: bigint('base_fen', { mode: 'number' }).notNull(),
    incentiveFen: bigint('incentive_fen', { mode: 'number' }).notNull(),
    commissionFen: bigint('commission_fen', { mode: 'number' }).notNull(),
    adjustedCommissionFen: bigint('adjusted_commission_fen', { mode: 'number' }),
    adjustReason: text('adjust_reason').notNull().default(''),
    paidFen: bigint('paid_fen', { mode: 'number' }).notNull().default(0),
    settlementState: text('settlement_state').$type<'PENDING' | 'PARTIAL' | 'SETTLED'>().notNull().default('PENDING'),
    createdBy: integer('created_by').notNull().references(() => user.id),
    version: integer('version').notNull().default(1),
    createdAt: createdAt(),
    updatedAt: tz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('record_deal_record_idx').on(t.recordId),
    index('record_deal_company_idx').on(t.companyId, t.signedOn, t.id),
    check('record_deal_paid_check', sql`${t.paidFen} >= 0 and ${t.paidFen} <= coalesce(${t.adjustedCommissionFen}, ${t.commissionFen})`),
  ],
);

/** One payment of a deal's commission (migration 0021, docs/decisions/052). */
export const commissionPayment = pgTable(
  'commission_payment',
  {
    id: serial('id').primaryKey(),
    dealId: integer('deal_id').notNull().references(() => recordDeal.id),
    companyId: integer('company_id').notNull().references(() => company.id),
    amountFen: bigint('amount_fen', { mode: 'number' }).notNull(),
    paidOn: date('paid_on').notNull(),
    reference: text('reference').notNull().default(''),
    createdBy: integer('created_by').notNull().references(() => user.id),
    createdAt: createdAt(),
  },
  (t) => [index('commission_payment_deal_idx').on(t.dealId, t.paidOn, t.id), check('commission_payment_amount_check', sql`${t.amountFen} > 0`)],
);

/**
 * Every failed attempt of a queued job (migration 0019, docs/decisions/051): queue, job id, attempt
 * and the error's message, never the job's data. `final` when no retry is left.
 */
export const jobFailure = pgTable(
  'job_failure',
  {
    id: serial('id').primaryKey(),
    queue: text('queue').notNull(),
    jobId: text('job_id').notNull(),
    attempt: integer('attempt').notNull(),
    final: boolean('final').notNull(),
    error: text('error').notNull(),
    failedAt: tz('failed_at').notNull().defaultNow(),
    /** The company whose data the job was about (migration 0024, docs/decisions/056); null: the instance's. */
    companyId: integer('company_id').references(() => company.id),
  },
  (t) => [
    index('job_failure_failed_idx').on(t.failedAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('job_failure_company_failed_idx').on(t.companyId, t.failedAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
  ],
);

/**
 * Keys the deployment generates for itself when none is configured: made
 * once, kept here so they survive restarts and every instance shares them.
 */
export const instanceSecret = pgTable('instance_secret', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: createdAt(),
});

/**
 * Notifications (issue 17, item 4; docs/decisions/054): one row per recipient, written in the
 * transaction of its cause. The message centre pages on (user_id, id desc).
 */
export const message = pgTable(
  'message',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id').notNull().references(() => company.id),
    userId: integer('user_id').notNull().references(() => user.id),
    kind: text('kind').$type<MessageKind>().notNull(),
    title: text('title').notNull(),
    content: text('content').notNull(),
    recordId: integer('record_id').references(() => record.id, { onDelete: 'set null' }),
    readAt: tz('read_at'),
    createdAt: createdAt(),
  },
  (t) => [
    index('message_user_idx').on(t.userId, t.id.desc().nullsFirst()),
    index('message_user_unread_idx').on(t.userId, t.id.desc().nullsFirst()).where(sql`${t.readAt} is null`),
    // The nightly housekeeping's oldest first (migration 0027, docs/decisions/057 and 063).
    index('message_created_idx').on(t.createdAt, t.id),
  ],
);

/** The external channels of a message (the outbox the message-delivery job sends). */
export const messageDelivery = pgTable(
  'message_delivery',
  {
    id: serial('id').primaryKey(),
    messageId: integer('message_id')
      .notNull()
      .references(() => message.id, { onDelete: 'cascade' }),
    channel: text('channel').$type<'wechat' | 'sms'>().notNull(),
    state: text('state').$type<'pending' | 'sent' | 'failed' | 'skipped'>().notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: tz('next_attempt_at').notNull().defaultNow(),
    lastError: text('last_error').notNull().default(''),
    sentAt: tz('sent_at'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('message_delivery_channel_uq').on(t.messageId, t.channel),
    index('message_delivery_pending_idx').on(t.nextAttemptAt, t.id).where(sql`${t.state} = 'pending'`),
    check('message_delivery_channel_check', sql`${t.channel} in ('wechat', 'sms')`),
    check('message_delivery_state_check', sql`${t.state} in ('pending', 'sent', 'failed', 'skipped')`),
  ],
);

/** The kinds a user turned off (消息设置). */
export const userMessageSetting = pgTable(
  'user_message_setting',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => user.id),
    kind: text('kind').$type<MessageKind>().notNull(),
    disabled: boolean('disabled').notNull().default(true),
  },
  (t) => [primaryKey({ columns: [t.userId, t.kind] })],
);
