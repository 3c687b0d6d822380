import type { ImportSheet } from './excel-import';
import { BUILDING_PROPERTIES, SELLING_STATUS_TEXT } from './house';
import { protectionModeMessages } from '../messages/protection-mode';

/**
 * The listing import's workbook (issue 30, item 4): a sheet of listings and a sheet of their
 * commission policies, joined by the listing's name. Cells hold what the console's form shows:
 * names of cities and features, the Chinese labels of the choices.
 */
export const HOUSE_IMPORT_SHEET = {
  name: '楼盘',
  columns: [
    { key: 'name', header: '楼盘名称', required: true, example: '海景花园', note: '必填，最多60字' },
    { key: 'city', header: '城市', required: true, example: '琼海', note: '必填，基础资料中已启用的城市名称' },
    { key: 'sellingStatus', header: '销售状态', example: '在售', note: Object.values(SELLING_STATUS_TEXT).join('/') + '，空为在售' },
    { key: 'packagePrice', header: '总价（万/套）', example: '120' },
    { key: 'averagePrice', header: '均价（元/㎡）', example: '15000' },
    { key: 'buildingAddress', header: '楼盘地址', example: '琼海市嘉积镇海景路1号' },
    { key: 'tags', header: '楼盘标签', example: '近海、精装', note: '多个用、分隔' },
    { key: 'features', header: '楼盘特色', example: '', note: '基础资料中的特色名称，多个用、分隔' },
    { key: 'onSiteTel', header: '案场电话', example: '0898-12345678' },
    { key: 'longitude', header: '经度', example: '' },
    { key: 'latitude', header: '纬度', example: '' },
    { key: 'reportProtectHours', header: '报备保护时长（小时）', example: '', note: '空为公司默认' },
    { key: 'takeLookProtectHours', header: '带看保护时长（小时）', example: '' },
    { key: 'reportLeadTime', header: '提前报备时间（分钟）', example: '', note: '空为公司默认' },
    { key: 'protectionMode', header: '客户保护规则', example: '报备为王', note: Object.values(protectionModeMessages.name).join('/') + '，空为报备为王' },
    { key: 'commissionRule', header: '佣金规则', example: '成交后次月结佣' },
    { key: 'houseRecordTips', header: '报备提示', example: '' },
    { key: 'sort', header: '排序', example: '0' },
  ],
} as const satisfies ImportSheet;

export const HOUSE_POLICY_IMPORT_SHEET = {
  name: '佣金政策',
  columns: [
    { key: 'house', header: '楼盘名称', required: true, example: '海景花园', note: '必填，“楼盘”工作表中的名称' },
    { key: 'buildingProperty', header: '物业类型', required: true, example: '住宅', note: Object.values(BUILDING_PROPERTIES).join('/') },
    { key: 'secondaryPoint', header: '佣金点位', example: '3%', note: '如 3% 或 2万/套' },
    { key: 'secondaryAward', header: '奖励', example: '' },
    { key: 'policyStartDate', header: '政策开始日期', example: '', note: '如 2026-01-01' },
    { key: 'policyEndDate', header: '政策结束日期', example: '' },
    { key: 'longTerm', header: '长期有效', example: '是', note: '是/否' },
    { key: 'secondaryRemark', header: '备注', example: '' },
  ],
} as const satisfies ImportSheet;

export type HouseImportKey = (typeof HOUSE_IMPORT_SHEET.columns)[number]['key'];
export type HousePolicyImportKey = (typeof HOUSE_POLICY_IMPORT_SHEET.columns)[number]['key'];
