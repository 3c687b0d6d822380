/** Issue 17, item 3: 报备为王 / 到访为王 per listing (docs/decisions/053). */
import type { ProtectionMode } from '../rules/house';

export const protectionModeMessages = {
  /** The mode's short name (the console's radio, the tags). */
  name: { REPORT_FIRST: '报备为王', VISIT_FIRST: '到访为王' } satisfies Record<ProtectionMode, string>,
  /** What the mode means, one line: the report form, the listing detail, the audit page, the external list. */
  rule: {
    REPORT_FIRST: '报备为王：先报备者受保护，保护期内其他渠道不能重复报备该客户',
    VISIT_FIRST: '到访为王：多家可报备同一客户，先确认到访者有效，其余报备自动关闭',
  } satisfies Record<ProtectionMode, string>,
  /** The report form: one listing's line. */
  houseLine: (house: string, rule: string) => `【${house}】${rule}`,
  /** The console's listing form. */
  fieldLabel: '客户保护规则',
  fieldHelp: '报备为王：第一个报备的渠道在保护期内独占该客户。到访为王：多家分销商可报备同一客户，第一个被确认到访的报备有效，其余未到访的报备自动关闭并告知经纪人原因。',
  /** The reason written on each report the winning arrival closes (the broker reads it in the detail). */
  closedByArrival: '到访为王：该客户已由其他渠道确认到访，本报备关闭',
  /** The audit's confirmation of an arrival on a 到访为王 listing (issue 28, item 8), before 确定要更改订单状态？. */
  arrivalClosesOthers: '到访为王：确认到访后，该客户在本楼盘其他渠道未到访的报备将自动关闭。',
  /** The system actor of those closes (history row). */
  systemActor: '系统',
  /** A second arrival of a customer whose arrival another report already confirmed. */
  arrivalTaken: '到访为王：该客户已由其他报备确认到访，不能再确认本报备到访',
  /** The external list: how many distributors have an open report of this customer. */
  reportedBy: (n: number) => `${n}家报备`,
  reportedByHint: '多家报备：先确认到访者有效，其余报备将自动关闭',
} as const;
