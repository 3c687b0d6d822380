import { z } from 'zod';
import { messages } from '../messages';
import { DISTRIBUTOR_ROLES } from '../rules/roles';
import { isStatisticsDateType } from '../rules/statistics';
import { choice, dbId, dbInt, optionalText } from './fields';

/**
 * 数据导出 (issue 16, item 4; docs/decisions/049): the filters of the console's Excel files that
 * are not the report table's (the report export takes the table's own filter,
 * schemas/admin-record.ts). Query strings: every field optional, numbers may come as strings.
 */

/** 报备统计: the period as a statistics preset (DECISIONS.md codes 0 不限 … 8 本年), on 报备时间. */
export const adminStatisticsExportQuerySchema = z.object({
  dateType: dbInt('统计时间')
    .refine(isStatisticsDateType, { message: messages.statistics.dateTypeInvalid })
    .optional()
    .default(0),
});
export type AdminStatisticsExportQuery = z.infer<typeof adminStatisticsExportQuerySchema>;

/** 结佣明细 (docs/decisions/055): the company's commission payments paid in a statistics period (0 不限 … 8 本年). */
export const adminPaymentExportQuerySchema = adminStatisticsExportQuerySchema;
export type AdminPaymentExportQuery = z.infer<typeof adminPaymentExportQuerySchema>;

/** 分销商员工: the accounts of the company's distributors, by distributor, role, state, name or phone. */
export const adminStaffExportQuerySchema = z.object({
  distributorId: dbId('分销商').optional(),
  role: choice('角色', DISTRIBUTOR_ROLES).optional().default(''),
  /** 1 启用, 0 停用, absent for both. */
  active: dbInt('账号状态', 0, 1).optional(),
  /** Part of the name, phone or shop. */
  keyword: optionalText('关键词', 30),
});
export type AdminStaffExportQuery = z.infer<typeof adminStaffExportQuerySchema>;

/** The headers a file answer carries beside its body (docs/decisions/049). */
export const EXPORT_ROWS_HEADER = 'x-export-rows';
/**
 * The most rows one file holds: a report export of the whole company stays one file at the
 * bench's 100,000 reports, far below Excel's 1,048,576 rows a sheet.
 */
export const EXPORT_MAX_ROWS = 500_000;

/**
 * About how many bytes of the zip one row makes (the report export measured by
 * `npm run bench:export`: 120 bytes a report), for the console's progress bar: the size of a
 * streamed zip is known only at its end.
 */
export const EXPORT_BYTES_PER_ROW = { records: 120, statistics: 70, staff: 80, payments: 110, statement: 100 } as const;
