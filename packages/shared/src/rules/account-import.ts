import type { ImportSheet } from './excel-import';
import { ROLE_LABELS, type Role } from './roles';

/**
 * The account import's workbook (issue 30, item 4; docs/decisions/083): one sheet of accounts of
 * the mobile app's roles. A 店长 or 业务员 names its distributor (the company's, by full name) and
 * its shop; a 业务员's shop manager is the 店长 of that shop (already there, or in this file).
 * Accounts made by an import have no password: they sign in with an SMS code (验证码登录).
 */
export const IMPORTABLE_ROLES = ['AUDITOR', 'AUDITORADMIN', 'CHANNEL', 'CHANNELJINGLI', 'DIANZHANG', 'YUEWUYUAN'] as const satisfies readonly Role[];
export type ImportableRole = (typeof IMPORTABLE_ROLES)[number];
export const IMPORTABLE_ROLE_LABELS: Record<ImportableRole, string> = Object.fromEntries(IMPORTABLE_ROLES.map((r) => [r, ROLE_LABELS[r]])) as Record<ImportableRole, string>;

export const ACCOUNT_IMPORT_SHEET = {
  name: '账号',
  columns: [
    { key: 'name', header: '姓名', required: true, example: '陈业务' },
    { key: 'phone', header: '手机号', required: true, example: '13900000002', note: '必填，用它登录（验证码登录）' },
    { key: 'role', header: '角色', required: true, example: '业务员', note: Object.values(IMPORTABLE_ROLE_LABELS).join('/') },
    { key: 'distributor', header: '分销商名称', example: '海南琼海置业房产经纪有限公司', note: '店长、业务员必填：已有分销商的全称' },
    { key: 'shopName', header: '门店名称', example: '嘉积店', note: '店长、业务员必填；业务员归属该门店的店长' },
    { key: 'manageArea', header: '管理区域', example: '', note: '渠道、渠道经理选填' },
  ],
} as const satisfies ImportSheet;

export type AccountImportKey = (typeof ACCOUNT_IMPORT_SHEET.columns)[number]['key'];
