import { profileMessages } from '../messages/account';
import {
  adminAccountMessages,
  adminAuditLogMessages as text_,
  adminBrandMessages as brand,
  adminDistributorMessages,
  adminExportMessages,
  adminFeedbackMessages,
  adminHomeContentMessages as home,
  adminHouseFormMessages,
  adminHouseListMessages,
  adminRecordMessages,
} from '../messages/admin';
import { adminDealMessages as deal } from '../messages/admin-deal';
import { adminFeatureMessages as feature } from '../messages/admin/feature';
import { adminBaseDataMessages as baseData } from '../messages/admin/base-data';
import { adminPrivacyMessages as privacy } from '../messages/admin/privacy';
import { dealMessages } from '../messages/deal';
import { messageMessages } from '../messages/message';
import { protectionModeMessages } from '../messages/protection-mode';
import { staffMessages } from '../messages/staff';
import { dashboardMessages } from '../messages/dashboard';
import { ALERT_KINDS, TREND_GRAINS } from './channel-dashboard';
import { statementMessages } from '../messages/statement';
import { formatFenGrouped } from './commission';
import { DATE_PRESETS } from './date-presets';
import { BUILDING_PROPERTIES, SELLING_STATUS_TEXT } from './house';
import { RECORD_STATUS_TEXT } from './record-status';
import { CONSOLE_SCOPE_LABELS } from './console-scopes';
import { ROLE_LABELS } from './roles';
import { formatShanghaiSecond } from './shanghai-time';

/**
 * The audit log viewer's words (issue 16, item 6; docs/decisions/050): an action or entity by
 * its Chinese name, or as written when the table has none yet (a call added later still shows).
 */
export function auditActionLabel(action: string): string {
  return text_.actions[action] ?? action;
}

export function auditEntityLabel(entity: string): string {
  return text_.entities[entity] ?? entity;
}

/** The actions with a name, for the viewer's filter (in the table's order). */
export const AUDIT_ACTIONS: readonly string[] = Object.keys(text_.actions);
export const AUDIT_ENTITIES: readonly string[] = Object.keys(text_.entities);

/**
 * A detail key whose value must never leave the server: a password (or its hash), a token, a
 * secret. No audit write stores one today (tested); this keeps a future one out of the viewer.
 * A flag such as `mustChangePassword: true` says nothing secret and stays.
 */
export function isSecretKey(key: string, value: unknown): boolean {
  if (/hash|secret|token|salt|credential/i.test(key)) return true;
  return /pass(word|wd)?$|^pass|password/i.test(key) && typeof value !== 'boolean';
}

/** A text value that looks like a stored password hash (argon2, bcrypt, scrypt), wherever it sits. */
export function looksLikeHash(value: unknown): boolean {
  return typeof value === 'string' && /^\$(argon2(id|i|d)|2[aby]|scrypt)\$/.test(value);
}

// Fields and values in the words of the screens (issue 28, item 5; docs/decisions/067) ------------

/** What an id in a detail stands for; the server reads the names of a page's ids, one query per kind. */
export type AuditNameKind = 'user' | 'house' | 'city' | 'distributor' | 'feature';

/** Detail keys that hold an id (or a list of ids) of a named row, shown as its name. */
export const AUDIT_ID_FIELDS: Readonly<Record<string, AuditNameKind>> = {
  auditorId: 'user',
  reporterId: 'user',
  brokerId: 'user',
  channelUserId: 'user',
  heir: 'user',
  manager: 'user',
  staff: 'user',
  houseId: 'house',
  houseIds: 'house',
  scopeHouseIds: 'house',
  cityId: 'city',
  scopeCityIds: 'city',
  distributorId: 'distributor',
  distributorIds: 'distributor',
  featureId: 'feature',
  featureIds: 'feature',
};

/** Ids of rows an operator never sees by themselves (a deal, a payment, a picture, a submission): left out. */
export const AUDIT_INTERNAL_FIELDS: ReadonlySet<string> = new Set(['dealId', 'paymentId', 'policyId', 'imageId', 'submissionId']);

/**
 * The field a detail's `{ from, to }` moves, by action: a report's status unless named here (a
 * commission adjustment moves the amount owed, a payment the settlement, a transfer the manager).
 */
export const AUDIT_MOVE_FIELDS: Readonly<Record<string, string>> = {
  'record.commission-adjust': 'owedFen',
  'record.commission-payment': 'settlementState',
  'record.commission-reverse': 'settlementState',
  'staff.transfer': 'manager',
};
export const auditMoveField = (action: string): string => AUDIT_MOVE_FIELDS[action] ?? 'status';

/** Amounts in 分, shown in 元 as the deal drawer shows them (¥1,234.50). */
const FEN_FIELDS: ReadonlySet<string> = new Set(['totalPriceFen', 'totalPrice', 'commissionFen', 'owedFen', 'amountFen']);

/**
 * The label table: every detail key the writers store, by the word its screen uses. Keys an
 * entity's form names its own way come first (`byEntity`), then the action's (`byAction`), then
 * `any`. A key in none of them has no label (the viewer shows it as written and the tests fail).
 */
export const AUDIT_FIELD_LABELS: {
  any: Readonly<Record<string, string>>;
  byEntity: Readonly<Record<string, Readonly<Record<string, string>>>>;
  byAction: Readonly<Record<string, Readonly<Record<string, string>>>>;
} = {
  any: {
    ...text_.fields,
    // Home content (轮播图, 导航, 专栏, 城市).
    title: home.title,
    image: home.image,
    link: home.link,
    icon: home.icon,
    startAt: home.periodStart,
    endAt: home.periodEnd,
    featureId: home.feature,
    type: home.columnType,
    description: home.description,
    moreLink: home.moreLink,
    houseIds: home.houses,
    cityId: home.city,
    enabled: home.cityEnabled,
    isDefault: home.cityDefault,
    sort: adminHouseListMessages.fields.sort!,
    // Accounts: the console's form and the app's profile and staff pages.
    name: adminAccountMessages.colName,
    phone: adminAccountMessages.colPhone,
    role: adminAccountMessages.colRole,
    vacation: adminAccountMessages.fieldVacation,
    manageArea: adminAccountMessages.fieldManageArea,
    scopeHouseIds: adminAccountMessages.fieldScopeHouses,
    scopeCityIds: adminAccountMessages.fieldScopeCities,
    distributorIds: adminAccountMessages.fieldDistributors,
    consoleScope: adminAccountMessages.fieldConsoleScope,
    locked: adminAccountMessages.locked,
    active: adminExportMessages.active,
    avatar: profileMessages.avatar,
    sex: profileMessages.sex,
    resume: profileMessages.resume,
    shopName: adminRecordMessages.shop,
    manager: staffMessages.typeManager,
    smsNotifyKinds: messageMessages.smsNotify,
    // Reports, their deals and the filters that name them.
    houseId: adminRecordMessages.house,
    auditorId: adminRecordMessages.auditor,
    reporterId: adminRecordMessages.broker,
    shopId: adminRecordMessages.shop,
    brokerId: adminRecordMessages.broker,
    distributorId: adminRecordMessages.distributor,
    keyword: adminExportMessages.keyword,
    datePreset: adminRecordMessages.datePreset,
    protection: adminRecordMessages.protection,
    dateType: adminExportMessages.period,
    dueAt: adminRecordMessages.protectUntil,
    expiredAt: adminRecordMessages.protectUntil,
    totalPriceFen: deal.totalPrice,
    signedOn: deal.signedOn,
    commissionFen: deal.computed,
    owedFen: deal.owed,
    paidOn: deal.colPaidOn,
    reference: deal.colReference,
    invoiceNo: deal.colInvoiceNo,
    month: statementMessages.month,
    settlementState: deal.settlement,
    // 数据驾驶舱's filter (its export, docs/decisions/087) and the report table's 阶段 and 城市.
    from: dashboardMessages.periodFrom,
    to: dashboardMessages.periodTo,
    grain: dashboardMessages.grain,
    stage: adminRecordMessages.stage,
    // Feedback.
    handled: adminFeedbackMessages.statusHandled,
    note: adminFeedbackMessages.note,
  },
  byEntity: {
    house: adminHouseListMessages.fields,
    company: {
      title: brand.title,
      color: brand.color,
      gradientColor: brand.gradientColor,
      logo: brand.logo,
      subLogo: brand.subLogo,
      favicon: brand.favicon,
      description: brand.description,
      agreement: brand.sectionAgreement,
      privacyPolicy: brand.sectionPrivacyPolicy,
      kefPhone: brand.kefPhone,
      hosts: brand.hosts,
      maxCustomersPerReport: brand.maxCustomersPerReport,
      defaultProtectHours: brand.defaultProtectHours,
      defaultReportLeadTime: brand.defaultReportLeadTime,
      protectionWarningHours: brand.protectionWarningHours,
      highCommissionYuan: brand.highCommissionYuan,
      visitReminderMinutes: brand.visitReminderMinutes,
      retentionMonths: privacy.retentionMonths,
      pictureRetentionMonths: privacy.pictureRetentionMonths,
      dealConfirmByAdmin: brand.dealConfirmByAdmin,
      wechatEnabled: brand.wechatEnabled,
    },
    distributor: {
      name: adminDistributorMessages.name,
      shortName: adminDistributorMessages.shortName,
      address: adminDistributorMessages.address,
      cityId: adminDistributorMessages.city,
      channelUserId: adminDistributorMessages.channel,
      managerName: adminDistributorMessages.managerName,
      managerPhone: adminDistributorMessages.managerPhone,
      active: adminDistributorMessages.status,
      creditNo: adminDistributorMessages.creditNo,
      accountId: adminDistributorMessages.generalAccount,
    },
    city: { name: home.cityName, parentId: home.cityParent, latitude: baseData.latitude, longitude: baseData.longitude },
    feature: { name: feature.name, active: feature.status },
    distributor_registration: { status: adminDistributorMessages.regStatus },
    record: { status: adminRecordMessages.status },
    user: { active: adminAccountMessages.colStatus },
    export: { status: adminExportMessages.status, datePreset: adminExportMessages.reportTime, active: adminExportMessages.activeFilter },
  },
  byAction: {
    'record.commission-adjust': { reason: deal.adjustReason },
    // Corrections (decision 080): the deal form's words.
    'record.deal-edit': {
      reason: deal.editReason,
      building: dealMessages.form.building,
      room: dealMessages.form.room,
      floorArea: deal.floorArea,
      totalPrice: deal.totalPrice,
      signedOn: deal.signedOn,
      contractPicture: deal.contract,
      propertyType: deal.propertyType,
    },
    'record.commission-reverse': { reason: deal.reverseReason },
    'registration.reject': { reason: adminDistributorMessages.regReason },
  },
};

/** A detail key's Chinese name on a row of `entity` written by `action`; undefined when the table has none. */
export function auditFieldLabel(field: string, entity = '', action = ''): string | undefined {
  return AUDIT_FIELD_LABELS.byEntity[entity]?.[field] ?? AUDIT_FIELD_LABELS.byAction[action]?.[field] ?? AUDIT_FIELD_LABELS.any[field];
}

/** Codes by their Chinese names, per detail key (and entity where a key means different things). */
const CODES: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  status: RECORD_STATUS_TEXT,
  settlementState: dealMessages.settlement,
  protection: adminRecordMessages.protectionState,
  sellingStatus: SELLING_STATUS_TEXT,
  ruleTel: adminHouseListMessages.ruleTel,
  protectionMode: protectionModeMessages.name,
  role: ROLE_LABELS,
  consoleScope: CONSOLE_SCOPE_LABELS,
  group: { auditor: adminAccountMessages.tabAuditors, channel: adminAccountMessages.tabChannel, operator: adminAccountMessages.tabOperators },
  sex: { 0: profileMessages.sexConfidential, 1: profileMessages.sexMale, 2: profileMessages.sexFemale },
  type: home.columnTypes,
  datePreset: Object.fromEntries(DATE_PRESETS.map((p) => [p.value, p.text])),
  dateType: Object.fromEntries(DATE_PRESETS.map((p) => [p.value, p.text])),
  propertyType: BUILDING_PROPERTIES,
  smsNotifyKinds: messageMessages.kind,
  disabledKinds: messageMessages.kind,
  stage: adminRecordMessages.stageText,
  kind: Object.fromEntries(ALERT_KINDS.map((k) => [k.key, k.label])),
  grain: Object.fromEntries(TREND_GRAINS.map((g) => [g.key, g.label])),
};
const ENTITY_CODES: Readonly<Record<string, Readonly<Record<string, Readonly<Record<string, string>>>>>> = {
  distributor_registration: { status: text_.registrationStatus },
  // 账号状态 of the staff export's filter: 1 启用, 0 停用.
  export: { active: { 1: adminExportMessages.active, 0: adminExportMessages.inactive } },
  // user.vacation stores the column (1 on vacation, 0 not).
  user: { vacation: { 1: text_.yes, 0: text_.no } },
  // 数据保留's batches (privacy.retention, docs/decisions/093).
  company: { stage: privacy.retentionStages },
};

/** A flag by the words its screen uses (上架/已下架, 正常/已停用), else 是/否. */
function flagText(field: string, value: boolean, entity: string): string {
  if (field === 'active' && entity === 'house') return value ? adminHouseListMessages.active : adminHouseListMessages.withdrawn;
  if (field === 'active' && entity === 'user') return value ? adminAccountMessages.statusActive : adminAccountMessages.statusDisabled;
  if (field === 'active' && entity === 'distributor') return value ? adminDistributorMessages.statusEnabled : adminDistributorMessages.statusDisabled;
  if (field === 'active' && entity === 'feature') return value ? feature.active : feature.inactive;
  return value ? text_.yes : text_.no;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const str = (v: unknown) => (typeof v === 'string' ? v : v === null || v === undefined ? '' : String(v));

/** A time the server wrote (ISO, UTC, or jsonb's +00:00), in Shanghai time as every console page shows times. */
const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}(:?\d{2})?)$/;

/** One commission policy of a listing, as the listing form names its parts: 住宅 · 佣金点位：3% · 奖励：… · 长期有效. */
export function commissionPolicySummary(p: Record<string, unknown>): string {
  const property = BUILDING_PROPERTIES[p.buildingProperty as keyof typeof BUILDING_PROPERTIES] ?? str(p.buildingProperty);
  const parts = [
    property,
    deal.policyPoint(str(p.secondaryPoint)),
    deal.policyAward(str(p.secondaryAward)),
    deal.policyPeriod((p.policyStartDate as string | null) ?? null, (p.policyEndDate as string | null) ?? null, p.longTerm === true),
  ];
  if (str(p.secondaryRemark)) parts.push(`${adminHouseFormMessages.secondaryRemark}：${str(p.secondaryRemark)}`);
  return parts.join(' · ');
}

/** What a value's text needs besides itself: the row's entity and action, the names of the page's ids, and who hears of a word missing. */
export interface AuditTextContext {
  entity: string;
  action: string;
  /** The name of an id of `kind` (the company's own rows); undefined when it is gone. */
  name?: (kind: AuditNameKind, id: number) => string | undefined;
  /** Told of every key without a label and every code without a name (the tests collect them). */
  unnamed?: (what: string) => void;
}

/** A detail key's label, telling `ctx.unnamed` when it has none (it is then shown as written). */
export function auditLabel(field: string, ctx: AuditTextContext): string {
  const label = auditFieldLabel(field, ctx.entity, ctx.action);
  if (label === undefined) ctx.unnamed?.(field);
  return label ?? field;
}

function codeText(field: string, value: string | number, ctx: AuditTextContext): string {
  const table = ENTITY_CODES[ctx.entity]?.[field] ?? CODES[field];
  if (!table) return String(value);
  const named = table[String(value)];
  if (named === undefined) ctx.unnamed?.(`${field}=${String(value)}`);
  return named ?? String(value);
}

function idText(field: string, kind: AuditNameKind, value: unknown, ctx: AuditTextContext): string {
  const one = (id: unknown) => (typeof id === 'number' ? (ctx.name?.(kind, id) ?? text_.goneId(id)) : str(id));
  return Array.isArray(value) ? value.map(one).join('、') : one(value);
}

/** A list of objects by what the listing form shows of each; undefined for a list it does not know. */
function objectListText(field: string, list: Record<string, unknown>[]): string | undefined {
  switch (field) {
    case 'commissionPolicies':
      return list.map(commissionPolicySummary).join('\n');
    case 'contacts':
      return list.map((c) => [adminHouseListMessages.contactKinds[str(c.kind)] ?? str(c.kind), str(c.name), str(c.phone)].filter(Boolean).join(' ')).join('；');
    case 'albums':
      return adminHouseListMessages.pictures(list.length);
    case 'unitTypes':
      return list.map((u) => str(u.typeName)).join('、');
    default:
      return undefined;
  }
}

/**
 * A detail value as an operator reads it (docs/decisions/067): none （空）, a hidden secret
 * （已隐藏）, flags 是/否 (or the screen's words), codes by their names, ids by the names they stand
 * for, 分 in 元, times in Shanghai, a commission policy in words, an object key by key.
 */
export function auditValueText(field: string, value: unknown, ctx: AuditTextContext): string {
  if (value === null || value === undefined || value === '' || (Array.isArray(value) && value.length === 0)) return text_.none;
  if (value === '******') return text_.hidden;
  const kind = AUDIT_ID_FIELDS[field];
  if (kind) return idText(field, kind, value, ctx);
  if (typeof value === 'boolean') return flagText(field, value, ctx.entity);
  if (typeof value === 'number') {
    if (FEN_FIELDS.has(field)) return deal.yuan(formatFenGrouped(value));
    return codeText(field, value, ctx);
  }
  if (typeof value === 'string') {
    if (ISO_TIME.test(value) && !Number.isNaN(Date.parse(value))) return formatShanghaiSecond(new Date(value));
    return codeText(field, value, ctx);
  }
  if (Array.isArray(value)) {
    if (field === 'fields') return value.map((f) => auditLabel(str(f), ctx)).join('、');
    if (value.every((v) => !isObject(v) && !Array.isArray(v))) return value.map((v) => auditValueText(field, v, ctx)).join('、');
    const known = objectListText(field, value.filter(isObject));
    if (known !== undefined) return known;
    ctx.unnamed?.(`${field}[]`);
    return `${text_.items(value.length)}：${JSON.stringify(value)}`;
  }
  if (isObject(value)) {
    // An object of plain values (an export's filter): each set key by its name and value.
    const set = Object.entries(value).filter(([, v]) => v !== null && v !== undefined && v !== '' && !(Array.isArray(v) && v.length === 0));
    if (set.length === 0) return text_.none;
    return set.map(([k, v]) => `${auditLabel(k, ctx)}：${auditValueText(k, v, ctx)}`).join('；');
  }
  return String(value);
}

/** Every id a value holds, by kind (an object's keys too), for the server to read their names at once. */
export function collectAuditIds(field: string, value: unknown, into: Map<string, Set<number>>): void {
  const kind = AUDIT_ID_FIELDS[field];
  if (kind) {
    for (const id of [value].flat()) {
      if (typeof id !== 'number') continue;
      const ids = into.get(kind) ?? new Set<number>();
      ids.add(id);
      into.set(kind, ids);
    }
  } else if (isObject(value)) {
    for (const [k, v] of Object.entries(value)) collectAuditIds(k, v, into);
  }
}
