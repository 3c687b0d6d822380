import { HOUSE_FIELD_KEYS } from '@baobei/shared/rules/house-fields';

/**
 * Every audit write of the server (docs/decisions/067): its action, its entity and a detail as the
 * writer stores it, holding every key the writer can write (a change map's keys under `changes.`, a
 * creation's under `values.`, an export's filter under `filter.`). Kept honest two ways:
 * `audit-detail.test.ts` finds every action literal in the server's sources here, and
 * `admin-audit-log-routes.test.ts` runs the writes and finds every key of every stored detail here.
 * Both then ask the viewer's own reading (auditUnnamed) for a Chinese label of each key.
 */
export interface AuditWrite {
  action: string;
  entity: string;
  detail: Record<string, unknown>;
}

const at = '2026-03-01T02:03:04.000Z';
const console_ = { actorCompanyId: 1, actorRole: 'OPERATOR' };

/** The listing's own columns and lists (house-console-service HOUSE_COLUMNS, LIST_FIELDS). */
const houseChanges = {
  name: { old: null, new: '椰林湾' },
  cityId: { old: null, new: 3 },
  sellingStatus: { old: null, new: 'SELLING' },
  tags: { old: null, new: ['地铁', '学区'] },
  packagePrice: { old: null, new: '180' },
  averagePrice: { old: null, new: '18000' },
  buildingDiagram: { old: null, new: '/uploads/2026/03/a.png' },
  buildingVideo: { old: null, new: '' },
  buildingVr: { old: null, new: '' },
  buildingAddress: { old: null, new: '海口市龙华区' },
  // The descriptive fields (rules/house-fields), each by its key.
  ...Object.fromEntries(HOUSE_FIELD_KEYS.map((key) => [key, { old: null, new: '' }])),
  longitude: { old: null, new: 110.3 },
  latitude: { old: null, new: 20.0 },
  onSiteTel: { old: null, new: '0898-66666666' },
  reportLeadTime: { old: null, new: 30 },
  reportProtectHours: { old: null, new: 72 },
  takeLookProtectHours: { old: null, new: 720 },
  ruleTel: { old: null, new: 'MASKED' },
  protectionMode: { old: 'REPORT_FIRST', new: 'VISIT_FIRST' },
  isNeedIdCard: { old: null, new: false },
  isFullName: { old: null, new: true },
  isNotFullName: { old: null, new: false },
  isAlert: { old: null, new: false },
  specialHintTitle: { old: null, new: '' },
  specialTip: { old: null, new: '' },
  incentivePolicy: { old: null, new: '' },
  incentiveTimeStr: { old: null, new: '' },
  incentiveFull: { old: null, new: '' },
  houseRecordTips: { old: null, new: '' },
  commissionRule: { old: null, new: '' },
  commissionPolicy: { old: null, new: '' },
  sort: { old: null, new: 0 },
  featureIds: { old: [], new: [1, 2] },
  contacts: { old: [], new: [{ kind: 'ONSITE', name: '张经理', phone: '13800000000' }] },
  albums: { old: [], new: [{ picType: 'EFFECT', albumName: '', picUrl: '/uploads/2026/03/b.png', description: '' }] },
  unitTypes: { old: [], new: [{ typeName: '三室两厅', typeThumb: '', typeDescription: '', typeTheme: '', discountPolicy: '', floorArea: '98', pictures: [] }] },
  commissionPolicies: {
    old: [],
    new: [
      { buildingProperty: 'RESIDENCE', policyStartDate: null, policyEndDate: null, longTerm: true, secondaryPoint: '3%', secondaryAward: '成交奖励2000元/套', secondaryRemark: '' },
    ],
  },
};

/** The brand's fields (admin-service BRAND_FIELDS) and hosts. */
const brandValues = {
  title: '海口新房报备',
  color: '#1677ff',
  gradientColor: '#4fc3f7',
  logo: '/uploads/2026/03/logo.png',
  subLogo: '',
  favicon: '',
  description: '',
  agreement: '',
  kefPhone: '0898-12345678',
  maxCustomersPerReport: 5,
  defaultProtectHours: 72,
  defaultReportLeadTime: 30,
  protectionWarningHours: 24,
  visitReminderMinutes: 120,
  retentionMonths: 24,
  pictureRetentionMonths: 12,
  dealConfirmByAdmin: false,
  smsNotifyKinds: ['RECORD_STATUS'],
  wechatEnabled: true,
  hosts: ['hk.example.com'],
};
const changed = (values: Record<string, unknown>) => Object.fromEntries(Object.entries(values).map(([k, v]) => [k, { old: null, new: v }]));

const account = {
  role: { old: null, new: 'AUDITOR' },
  name: { old: null, new: '李晓婷' },
  phone: { old: null, new: '13800000003' },
  vacation: { old: null, new: false },
  manageArea: { old: null, new: '' },
  scopeHouseIds: { old: null, new: [1] },
  scopeCityIds: { old: null, new: [3] },
  distributorIds: { old: null, new: [2] },
};
const banner = { cityId: 3, image: '/uploads/2026/03/c.png', title: '春季购房节', link: '/house/detail/1', startAt: '2026-03-01 00:00', endAt: '2026-03-31 23:59', sort: 0 };
const nav = { cityId: 3, title: '学区房', icon: '/uploads/2026/03/d.png', featureId: 1, sort: 0 };
const column = { cityId: 3, type: 1, title: '楼盘推荐', description: '', moreLink: '', houseIds: [1, 2], sort: 0 };
const recordFilter = {
  status: 'VISIT',
  datePreset: 99,
  dateFrom: '2026-03-01',
  dateTo: '2026-03-31',
  houseId: 1,
  distributorId: 2,
  stage: 'settled',
  cityId: 3,
  phoneKey: '138****5678',
  shopId: 7,
  reporterId: 5,
  auditorId: 3,
  protection: 'EXPIRING',
  keyword: '王',
};

export const AUDIT_WRITES: readonly AuditWrite[] = [
  // admin-service: a company and its brand.
  { action: 'company.create', entity: 'company', detail: { actorCompanyId: 1, actorRole: 'PLATFORM_ADMIN', values: brandValues } },
  { action: 'company.update-brand', entity: 'company', detail: { ...console_, version: 2, changes: changed(brandValues) } },
  // house-console-service and the arrival link (record-tracking-service).
  { action: 'house.create', entity: 'house', detail: { ...console_, version: 1, changes: houseChanges } },
  { action: 'house.update', entity: 'house', detail: { ...console_, version: 2, changes: houseChanges } },
  { action: 'house.withdraw', entity: 'house', detail: { ...console_, version: 3, changes: { active: { old: true, new: false } } } },
  { action: 'house.restore', entity: 'house', detail: { ...console_, version: 4, changes: { active: { old: false, new: true } } } },
  { action: 'house.external-link-renew', entity: 'house', detail: { ...console_, linkVersion: 2 } },
  // The imports (issue 30, item 4): house-import-service, distributor-import-service, account-import-service.
  { action: 'house.import', entity: 'house', detail: { ...console_, version: 1, row: 2, changes: houseChanges } },
  { action: 'import.houses', entity: 'import', detail: { ...console_, sheetRows: 40, houses: 20, policies: 20 } },
  {
    action: 'distributor.import',
    entity: 'distributor',
    detail: {
      ...console_,
      version: 1,
      row: 2,
      values: { name: '安居房产经纪有限公司', shortName: '安居', creditNo: '91460000MA5T00000X', address: '海口市', cityId: 3, channelUserId: null, managerName: '周总', managerPhone: '13800000002' },
    },
  },
  { action: 'import.distributors', entity: 'import', detail: { ...console_, sheetRows: 3, distributors: 2, accounts: 3 } },
  {
    action: 'account.import',
    entity: 'user',
    detail: { ...console_, row: 2, changes: changed({ role: 'YUEWUYUAN', name: '陈业务', phone: '13900000002', shopName: '嘉积店', distributorId: 2 }) },
  },
  { action: 'import.accounts', entity: 'import', detail: { ...console_, sheetRows: 4, accounts: 4 } },
  // index-console-service.
  ...(['create', 'update', 'delete'] as const).flatMap((verb) => [
    { action: `home.banner.${verb}`, entity: 'index_banner', detail: { ...console_, version: verb === 'delete' ? null : 1, changes: changed(banner) } },
    { action: `home.nav.${verb}`, entity: 'index_nav', detail: { ...console_, version: verb === 'delete' ? null : 1, changes: changed(nav) } },
    { action: `home.column.${verb}`, entity: 'index_column', detail: { ...console_, version: verb === 'delete' ? null : 1, changes: changed(column) } },
  ]),
  { action: 'home.banner.reorder', entity: 'index_banner', detail: { ...console_, version: 2, changes: { sort: { old: 0, new: 1 } } } },
  { action: 'home.nav.reorder', entity: 'index_nav', detail: { ...console_, version: 2, changes: { sort: { old: 0, new: 1 } } } },
  { action: 'home.column.reorder', entity: 'index_column', detail: { ...console_, version: 2, changes: { sort: { old: 0, new: 1 } } } },
  { action: 'feature.create', entity: 'feature', detail: { ...console_, version: 1, values: { name: '地铁沿线', icon: '', sort: 3 } } },
  { action: 'feature.update', entity: 'feature', detail: { ...console_, version: 2, changes: { name: { old: '地铁', new: '地铁沿线' }, active: { old: true, new: false } } } },
  { action: 'feature.reorder', entity: 'feature', detail: { ...console_, version: 3, changes: { sort: { old: 0, new: 1 } } } },
  { action: 'home.city.create', entity: 'city', detail: { ...console_, version: 1, values: { parentId: 1, name: '琼海', latitude: 19.25, longitude: 110.47, sort: 0, isDefault: false } } },
  {
    action: 'home.city.update',
    entity: 'city',
    detail: {
      ...console_,
      version: 2,
      changes: {
        enabled: { old: false, new: true },
        isDefault: { old: false, new: true },
        name: { old: '琼海', new: '琼海市' },
        latitude: { old: null, new: 19.25 },
        longitude: { old: null, new: 110.47 },
        sort: { old: 0, new: 1 },
      },
    },
  },
  // console-accounts (npm run create-admin), user-repository, message-service.
  { action: 'user.create-admin', entity: 'user', detail: { role: 'OPERATOR', phone: '13800000009', name: '梁运营' } },
  { action: 'user.profile', entity: 'user', detail: { fields: ['avatar', 'sex', 'name', 'phone', 'resume'], phone: { from: '13800000001', to: '13800000011' } } },
  { action: 'user.vacation', entity: 'user', detail: { vacation: 1 } },
  { action: 'message.settings', entity: 'user', detail: { disabledKinds: ['RECORD_NEW', 'RECORD_DYNAMIC'] } },
  // registration-service.
  { action: 'registration.approve', entity: 'distributor_registration', detail: { distributorId: 2, reason: '', actorRole: 'AUDITORADMIN', changes: { status: { old: 'PENDING', new: 'APPROVED' } } } },
  { action: 'registration.reject', entity: 'distributor_registration', detail: { distributorId: null, reason: '营业执照不清晰', actorRole: 'OPERATOR', changes: { status: { old: 'PENDING', new: 'REJECTED' } } } },
  // record-repository (submit), record-tracking-service, visit-first, record-console, record-protection-repository.
  { action: 'record.submit', entity: 'record', detail: { submissionId: 'a1b2c3', houseId: 1, auditorId: 3 } },
  { action: 'record.status', entity: 'record', detail: { from: 'RECORDSTART', to: 'VISIT', version: 2 } },
  { action: 'record.external-check', entity: 'record', detail: { from: 'RECORDCOMPLETE', to: 'VISIT', version: 3 } },
  { action: 'record.visit-first-close', entity: 'record', detail: { from: 'RECORDSTART', to: 'RECORDCLOSE', version: 2 } },
  { action: 'record.image-add', entity: 'record', detail: { imageId: 8 } },
  { action: 'record.image-remove', entity: 'record', detail: { imageId: 8 } },
  { action: 'record.reassign', entity: 'record', detail: { actorRole: 'OPERATOR', changes: { auditorId: { old: 32, new: 37 } }, version: 3 } },
  // Until issue 28 a reopen also wrote changes.status; old rows keep it.
  { action: 'record.reopen', entity: 'record', detail: { actorRole: 'OPERATOR', changes: { status: { old: 'RECORDCLOSE', new: 'RECORDCOMPLETE' } }, from: 'RECORDCLOSE', to: 'RECORDCOMPLETE', version: 4 } },
  { action: 'record.protection-warning', entity: 'record', detail: { dueAt: at } },
  { action: 'record.protection-expired', entity: 'record', detail: { status: 'VISIT', expiredAt: '2026-03-01T02:03:04.123+00:00' } },
  // deal-service.
  { action: 'record.deal', entity: 'record', detail: { dealId: 4, totalPriceFen: 200_000_000, signedOn: '2026-03-01', policyId: 9, commissionFen: 5_988_000 } },
  { action: 'record.commission-adjust', entity: 'record', detail: { dealId: 4, from: 5_988_000, to: 5_800_000, reason: '开发商调整' } },
  {
    action: 'record.deal-edit',
    entity: 'record',
    detail: {
      dealId: 4,
      reason: '合同面积更正',
      changes: {
        building: { old: '3栋', new: '5栋' },
        room: { old: '1502', new: '1602' },
        floorArea: { old: 98.5, new: 100.5 },
        totalPrice: { old: 200_000_000, new: 210_000_000 },
        signedOn: { old: '2026-03-01', new: '2026-03-02' },
        contractPicture: { old: '/uploads/2026/03/a.png', new: '/uploads/2026/03/b.png' },
        propertyType: { old: 'RESIDENCE', new: 'SHOP' },
        commissionFen: { old: 5_988_000, new: 6_288_000 },
      },
    },
  },
  { action: 'record.commission-reverse', entity: 'record', detail: { dealId: 4, paymentId: 7, amountFen: 100_000, reason: '重复登记', from: 'SETTLED', to: 'PARTIAL' } },
  {
    action: 'record.commission-payment',
    entity: 'record',
    detail: { dealId: 4, paymentId: 11, amountFen: 1_500_000, paidOn: '2026-03-02', reference: 'H5-001', invoiceNo: '44001234', from: 'PENDING', to: 'PARTIAL' },
  },
  // staff-repository (the app's staff pages).
  { action: 'staff.add', entity: 'user', detail: { role: 'YUEWUYUAN', shopName: '安居房产总部', revived: false } },
  { action: 'staff.update', entity: 'user', detail: { name: '王小明', phone: '13800000001', sex: 1, shopName: '安居房产总部' } },
  { action: 'staff.transfer', entity: 'user', detail: { from: 5, to: 6 } },
  { action: 'staff.unbind', entity: 'user', detail: { role: 'DIANZHANG', heir: 6, staff: [7, 8] } },
  { action: 'staff.unbind', entity: 'user', detail: { manager: 5 } },
  // distributor-console-service.
  {
    action: 'distributor.create',
    entity: 'distributor',
    detail: {
      ...console_,
      version: 1,
      values: { name: '安居房产经纪有限公司', shortName: '安居', creditNo: '91460000MA5T00000X', address: '海口市', cityId: 3, channelUserId: null, managerName: '周总', managerPhone: '13800000002' },
      accountId: 9,
    },
  },
  {
    action: 'distributor.update',
    entity: 'distributor',
    detail: {
      ...console_,
      version: 2,
      changes: changed({ name: '安居房产', shortName: '安居', address: '海口市', cityId: 3, channelUserId: 4, managerName: '周店长', managerPhone: '13800000002' }),
    },
  },
  { action: 'distributor.disable', entity: 'distributor', detail: { ...console_, version: 3, changes: { active: { old: true, new: false } }, sessionsEnded: 2 } },
  { action: 'distributor.enable', entity: 'distributor', detail: { ...console_, version: 4, changes: { active: { old: false, new: true } } } },
  // account-console-service, and npm run demo:remove (db/seed/demo-accounts).
  { action: 'account.create', entity: 'user', detail: { ...console_, group: 'auditor', version: 1, changes: account } },
  { action: 'account.update', entity: 'user', detail: { ...console_, version: 2, changes: account } },
  { action: 'account.reset-password', entity: 'user', detail: { ...console_, sessionsEnded: 1, mustChangePassword: { old: false, new: true } } },
  { action: 'account.unlock', entity: 'user', detail: { ...console_, signInFailures: 5, locked: true } },
  { action: 'account.end-sessions', entity: 'user', detail: { ...console_, sessionsEnded: 2 } },
  { action: 'account.disable', entity: 'user', detail: { ...console_, version: 3, changes: { active: { old: true, new: false } }, sessionsEnded: 1 } },
  { action: 'account.enable', entity: 'user', detail: { ...console_, version: 4, changes: { active: { old: false, new: true } } } },
  { action: 'account.demo-disable', entity: 'user', detail: { changes: { active: { old: true, new: false } }, passwordReplaced: true, sessionsEnded: 0 } },
  // admin-export-service.
  { action: 'export.records', entity: 'export', detail: { ...console_, filter: recordFilter, rows: 120 } },
  { action: 'export.statistics', entity: 'export', detail: { ...console_, filter: { dateType: 4 }, rows: 30 } },
  { action: 'export.payments', entity: 'export', detail: { ...console_, filter: { dateType: 0 }, rows: 12 } },
  { action: 'export.statement', entity: 'export', detail: { ...console_, filter: { distributorId: 2, month: '2026-03' }, rows: 40 } },
  { action: 'export.dashboard', entity: 'export', detail: { ...console_, filter: { from: '2026-03-01', to: '2026-03-31', grain: 'day', cityId: 3 }, rows: 60 } },
  { action: 'export.staff', entity: 'export', detail: { ...console_, filter: { distributorId: 2, role: 'DIANZHANG', active: 1, keyword: '王' }, rows: 8 } },
  // privacy's 访问日志 (docs/decisions/092): the phone as 3 + 4 digits.
  { action: 'export.access-log', entity: 'export', detail: { ...console_, filter: { phone: '138****5678', userId: 5, dateFrom: '2026-03-01', dateTo: '2026-03-31' }, rows: 9 } },
  // user/feedback-console-service.
  // stats/alert-repository (数据驾驶舱's alerts).
  { action: 'dashboard.alert-switch', entity: 'channel_alert', detail: { kind: 'surge', changes: { enabled: { old: true, new: false } } } },
  { action: 'dashboard.alert-dismiss', entity: 'channel_alert', detail: { kind: 'shared_phone', day: '2026-03-05' } },
  // privacy/retention (the nightly job) and privacy-service (个人信息请求, docs/decisions/093).
  { action: 'privacy.retention', entity: 'company', detail: { stage: 'reports', reports: 200, customers: 0, messages: 3, pictures: 12 } },
  { action: 'privacy.export', entity: 'pii_request', detail: { ...console_, customers: 1, reports: 2, messages: 3 } },
  { action: 'privacy.anonymise', entity: 'pii_request', detail: { ...console_, reason: '本人要求删除', reports: 2, customers: 1, messages: 3, pictures: 1 } },
  { action: 'feedback.handle', entity: 'feedback', detail: { ...console_, version: null, changes: { handled: { old: false, new: true }, note: { old: '', new: '已回复' } } } },
];

/** A detail's keys: its own, and those of its change map, creation values and export filter (`changes.title`, …). */
export function detailKeys(detail: Record<string, unknown>): string[] {
  const keys: string[] = [];
  for (const [key, value] of Object.entries(detail)) {
    keys.push(key);
    if ((key === 'changes' || key === 'values' || key === 'filter') && typeof value === 'object' && value !== null && !Array.isArray(value)) {
      for (const inner of Object.keys(value)) keys.push(`${key}.${inner}`);
    }
  }
  return keys;
}

/** The keys each action may write, from the inventory. */
export function inventoryKeys(): Map<string, Set<string>> {
  const keys = new Map<string, Set<string>>();
  for (const write of AUDIT_WRITES) {
    const set = keys.get(write.action) ?? new Set<string>();
    for (const key of detailKeys(write.detail)) set.add(key);
    keys.set(write.action, set);
  }
  return keys;
}
