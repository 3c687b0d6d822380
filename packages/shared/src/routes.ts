import { AUDITOR_ADMIN_ROLES, AUDITOR_ROLES, CHANNEL_ROLES, DISTRIBUTOR_ROLES, levelOfRole, SHOP_MANAGER_ROLES, type Role } from './rules/roles';

/**
 * The route table of both spec parts (part 1, section 2; part 2, section 2), as data.
 * The web router and its guard read it; the server uses `canOpenRoute` for the same rule.
 *
 * level: DECISIONS.md — anonymous 0, distributor and channel staff 5, auditors 7.
 * roles: when set, only these roles may open the page (part 1, section 6): the role sets of
 *   rules/roles.ts; rules/access.test.ts checks the session's permission list agrees.
 * silentExpiry: on these pages a 401 resets the session without the login-expired dialog.
 * live: part 2's flag for pages reachable without login by anyone.
 */
export interface AppRoute {
  name: string;
  path: string;
  title: string;
  level: number;
  roles?: readonly Role[];
  parent?: string;
  silentExpiry?: boolean;
  live?: boolean;
}

const STAFF: readonly Role[] = DISTRIBUTOR_ROLES;
const MANAGER = SHOP_MANAGER_ROLES;
const AUDITORS: readonly Role[] = AUDITOR_ROLES;

export const APP_ROUTES = [
  { name: 'home', path: '/home', title: '首页', level: 0 },
  { name: 'login', path: '/login', title: '登录', level: 0 },
  { name: 'authorization', path: '/authorization', title: '微信授权', level: 0, silentExpiry: true },
  { name: 'changePassword', path: '/change/password', title: '修改密码', level: 5 },
  { name: 'retrievePassword', path: '/retrieve/password', title: '找回密码', level: 0 },
  { name: 'userInfo', path: '/user/info', title: '个人信息', level: 5 },
  { name: 'userInfoSet', path: '/user/info/set/:type', title: '修改信息', level: 5, parent: 'userInfo' },
  { name: 'favorite', path: '/my/favorite', title: '我的收藏', level: 5 },
  { name: 'myShare', path: '/my/share', title: '我的分享', level: 5 },
  // Issue 17, item 5 (docs/decisions/052): the deals of the user's reports and their commission.
  { name: 'myCommission', path: '/my/commission', title: '我的佣金', level: 5, roles: STAFF },
  // Issue 17, item 4 (docs/decisions/054): the message centre, for every signed-in mobile role.
  { name: 'messageList', path: '/my/message', title: '消息', level: 5 },
  { name: 'messageSettings', path: '/my/message/settings', title: '消息设置', level: 5, parent: 'messageList' },
  { name: 'calculator', path: '/calculator', title: '房贷计算器', level: 0 },
  { name: 'help', path: '/help', title: '帮助与反馈', level: 5 },
  // Issue 33, item 5 (docs/decisions/094): what found no network, kept on the device until sent.
  { name: 'outbox', path: '/my/outbox', title: '待发送', level: 5 },
  { name: 'aboutUs', path: '/aboutUs', title: '关于我们', level: 0 },
  { name: 'userAgreement', path: '/user/agreement', title: '用户协议', level: 0 },
  // Issue 33, item 1 (docs/decisions/095): the company's privacy policy, open to anyone.
  { name: 'privacyPolicy', path: '/privacy', title: '隐私政策', level: 0 },
  { name: 'selectCity', path: '/select/city', title: '选择城市', level: 0 },
  { name: 'houseList', path: '/house/list', title: '楼盘列表', level: 0 },
  { name: 'houseDetail', path: '/house/detail/:id', title: '楼盘详情', level: 0, silentExpiry: true },
  { name: 'houseShareDetail', path: '/house/detail/:id/:shareId', title: '楼盘详情', level: 0, silentExpiry: true },
  { name: 'houseNavigation', path: '/house/navigation', title: '路线规划', level: 0 },
  { name: 'houseVr', path: '/house/vr/:id', title: 'VR看房', level: 0 },
  { name: 'houseRecord', path: '/house/record/:id', title: '报备客户', level: 5, roles: STAFF },
  { name: 'selectHouse', path: '/house/record/select/house', title: '选择楼盘', level: 5, roles: STAFF },
  { name: 'selectCustomer', path: '/house/record/select/customer', title: '选择客户', level: 5, roles: STAFF },
  { name: 'selectStaff', path: '/house/record/select/staff', title: '选择带看人', level: 5, roles: STAFF },
  { name: 'rapidRecord', path: '/rapid/record', title: '快速报备', level: 5, roles: STAFF },
  { name: 'recordList', path: '/record/list', title: '我的订单', level: 5 },
  { name: 'subDistributorRecordList', path: '/subDistributor/record/list', title: '公司订单', level: 5, roles: MANAGER },
  { name: 'recordDetail', path: '/record/detail/:id', title: '订单详情', level: 5, parent: 'recordList' },
  { name: 'recordAudit', path: '/record/audit/:id', title: '报备审核', level: 7, roles: AUDITORS, parent: 'recordList' },
  { name: 'customerList', path: '/customer/list', title: '客户管理', level: 5, roles: STAFF },
  { name: 'companyCustomers', path: '/customer/company', title: '公司客户', level: 5, roles: MANAGER },
  // Issue 32, item 1 (docs/decisions/088): a customer's page, the owner's or read-only for 公司客户.
  { name: 'customerDetail', path: '/customer/:id', title: '客户详情', level: 5, roles: STAFF, parent: 'customerList' },
  { name: 'staffList', path: '/staff/list', title: '员工管理', level: 5, roles: MANAGER },
  { name: 'staffBatchList', path: '/staff/batch/list', title: '批量添加员工', level: 5, roles: MANAGER },
  { name: 'statistics', path: '/subDistributor/statistics', title: '数据统计', level: 5, roles: MANAGER },
  // Issue 30, item 6 (docs/decisions/082): the general account's 对账单 (the server refuses a plain shop manager).
  { name: 'statement', path: '/subDistributor/statement', title: '对账单', level: 5, roles: MANAGER },
  // Issue 31 (docs/decisions/087): the channel roles' 数据统计, the distributors they look after.
  { name: 'channelStatistics', path: '/channel/statistics', title: '数据统计', level: 5, roles: CHANNEL_ROLES },
  { name: 'statisticsDetail', path: '/subDistributor/statistics/detail/:type', title: '统计详情', level: 5, roles: MANAGER },
  { name: 'externalRecordList', path: '/external/record/list', title: '报备列表', level: 0, live: true, silentExpiry: true },
  { name: 'register', path: '/register', title: '分销商注册', level: 0 },
  { name: 'registerSelectChannel', path: '/register/select/channel', title: '选择渠道对接人', level: 0 },
  { name: 'registerSelectCompany', path: '/register/select/company', title: '选择公司', level: 0 },
  { name: 'registerReview', path: '/register/review', title: '注册审核', level: 7, roles: AUDITOR_ADMIN_ROLES },
] as const satisfies readonly AppRoute[];

export type RouteName = (typeof APP_ROUTES)[number]['name'];

export function findRoute(name: RouteName): AppRoute {
  const route = APP_ROUTES.find((r) => r.name === name);
  if (!route) throw new Error(`unknown route ${name}`);
  return route;
}

/** The same rule for the client guard and the server: level first, then the roles. */
export function canOpenRoute(route: AppRoute, role: Role | null | undefined): boolean {
  if (route.level === 0) return true;
  if (!role || levelOfRole(role) < route.level) return false;
  return !route.roles || route.roles.includes(role);
}
