import type { ImportSheet } from './excel-import';

/**
 * The distributor import's workbook (issue 30, item 4; docs/decisions/083): distributors with their
 * general account (the 负责人), and their shops with each shop's manager (店长), joined by the
 * distributor's full name (one of this file, or one the company has). Accounts made by an import
 * have no password: they sign in with an SMS code (验证码登录) or set one with 忘记密码.
 */
export const DISTRIBUTOR_IMPORT_SHEET = {
  name: '分销商',
  columns: [
    { key: 'name', header: '分销商名称', required: true, example: '海南琼海置业房产经纪有限公司', note: '必填，营业执照上的全称' },
    { key: 'shortName', header: '分销商简称', required: true, example: '琼海置业' },
    { key: 'creditNo', header: '统一社会信用代码', required: true, example: '91460200MA5Q00001X', note: '必填，18位' },
    { key: 'city', header: '所在城市', required: true, example: '琼海', note: '必填，基础资料中已启用的城市名称' },
    { key: 'address', header: '地址', example: '琼海市嘉积镇' },
    { key: 'channelPhone', header: '渠道对接人手机号', example: '', note: '选填，本公司渠道账号的手机号' },
    { key: 'managerName', header: '负责人姓名', required: true, example: '王总', note: '必填，成为分销商总账号' },
    { key: 'managerPhone', header: '负责人手机号', required: true, example: '13900000000', note: '必填，总账号用它登录（验证码登录）' },
  ],
} as const satisfies ImportSheet;

export const SHOP_IMPORT_SHEET = {
  name: '门店',
  columns: [
    { key: 'distributor', header: '分销商名称', required: true, example: '海南琼海置业房产经纪有限公司', note: '必填，“分销商”工作表中或已有分销商的全称' },
    { key: 'shopName', header: '门店名称', required: true, example: '嘉积店' },
    { key: 'managerName', header: '店长姓名', required: true, example: '李店长' },
    { key: 'managerPhone', header: '店长手机号', required: true, example: '13900000001', note: '必填，店长用它登录（验证码登录）' },
  ],
} as const satisfies ImportSheet;

export type DistributorImportKey = (typeof DISTRIBUTOR_IMPORT_SHEET.columns)[number]['key'];
export type ShopImportKey = (typeof SHOP_IMPORT_SHEET.columns)[number]['key'];
