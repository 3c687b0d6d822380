import { z } from 'zod';
import { messages } from '../messages';
import { RECORD_STATUSES } from '../rules/record-status';
import { FUNNEL_STAGE_KEYS } from '../rules/record-funnel';
import { isStatisticsDateType } from '../rules/statistics';
import { dealSumsSchema } from './deal-sums';
import { shareHouseStatisticsQuerySchema } from './share';
import { dbInt } from './fields';

/**
 * Statistics calls (part 2, section 7; docs/decisions/012), DIANZHANG only: a shop
 * manager sees their shop, the general account the whole distributor. Each takes the period
 * as a preset code of DECISIONS.md (0 不限 … 8 本年) and counts reports by their report time
 * (`createdAt`, as the report list's time filter does) and share visits by their visit time.
 */
const dateTypeSchema = dbInt('统计时间').refine(isStatisticsDateType, { message: messages.statistics.dateTypeInvalid });

export const statisticsQuerySchema = z.object({ dateType: dateTypeSchema });
export type StatisticsQuery = z.infer<typeof statisticsQuerySchema>;

/**
 * The two share calls serve /my/share too (docs/decisions/007): `dateType` in the
 * body asks for the statistics of the scope; without it, get-user-share-statistics is the
 * user's own shared listings, and get-user-share-house-statistics with `houseId` the visits
 * of one of them (docs/decisions/012).
 */
export const shareStatisticsBodySchema = z.object({ dateType: dateTypeSchema.optional() });
export const shareHouseStatisticsBodySchema = shareHouseStatisticsQuerySchema.partial().extend({ dateType: dateTypeSchema.optional() });

/** The period answered: its preset and its days (Shanghai, both included); null for 不限. */
const periodFields = {
  dateType: z.number(),
  range: z.object({ start: z.string(), end: z.string() }).nullable(),
};

/** Reports per funnel stage (rules/record-funnel.ts: cumulative, reported ≥ … ≥ confirmed). */
export const funnelCountsSchema = z.object({
  reported: z.number(),
  processing: z.number(),
  sent: z.number(),
  visited: z.number(),
  deal: z.number(),
  confirmed: z.number(),
});

/** POST /api/record/get-record-statics { dateType } */
export const recordStatisticsSchema = z.object({
  ...periodFields,
  /** Every report of the scope and period (the list's 全部 with the same time filter). */
  total: z.number(),
  /** Reports by current status, all nine, exactly as the report list's status tabs count them. */
  statusList: z.array(z.object({ value: z.enum(RECORD_STATUSES), label: z.string(), number: z.number() })),
  /** The six cumulative stages from 报备 to 确认成交. */
  funnel: z.array(z.object({ key: z.enum(FUNNEL_STAGE_KEYS), label: z.string(), number: z.number() })),
  /**
   * One entry per day of the period (不限: from the first report's day), days without
   * reports included: that day's reports, and how many of them reached 已到访 and 成交.
   */
  trend: z.array(z.object({ date: z.string(), reported: z.number(), visited: z.number(), deal: z.number() })),
  /**
   * 成交与佣金 (docs/decisions/055): the deals of the same scope's reports signed in the period
   * (their signing date, not the report's time): count, value, commission owed, paid and pending.
   */
  deals: dealSumsSchema,
});
export type RecordStatistics = z.infer<typeof recordStatisticsSchema>;

/** POST /api/record/get-user-to-record-statics { dateType }: one reporter with reports in the period. */
export const staffStatisticsItemSchema = funnelCountsSchema.extend({
  userId: z.number(),
  name: z.string(),
  phone: z.string(),
  shopName: z.string(),
});
export type StaffStatisticsItem = z.infer<typeof staffStatisticsItemSchema>;
export const staffStatisticsSchema = z.object({ ...periodFields, list: z.array(staffStatisticsItemSchema) });
export type StaffStatistics = z.infer<typeof staffStatisticsSchema>;

/** POST /api/record/get-house-to-record-statics { dateType }: one listing with reports in the period. */
export const houseStatisticsItemSchema = funnelCountsSchema.extend({
  houseId: z.number(),
  houseName: z.string(),
});
export type HouseStatisticsItem = z.infer<typeof houseStatisticsItemSchema>;
export const houseStatisticsSchema = z.object({ ...periodFields, list: z.array(houseStatisticsItemSchema) });
export type HouseStatistics = z.infer<typeof houseStatisticsSchema>;

/**
 * POST /api/user/get-user-share-statistics { dateType }: one sharer of the scope with visits
 * of their shared pages in the period. Without `dateType` the call is /my/share's own list
 * (schemas/share.ts).
 */
export const shareUserStatisticsItemSchema = z.object({
  userId: z.number(),
  name: z.string(),
  phone: z.string(),
  shopName: z.string(),
  /** Recorded visits of the sharer's pages (the sharer's side of share_visit). */
  visitCount: z.number(),
  /** Distinct visitors (account, else WeChat openid; a visit with neither counts once). */
  visitorCount: z.number(),
  /** Distinct listings visited through the sharer's links. */
  houseCount: z.number(),
});
export type ShareUserStatisticsItem = z.infer<typeof shareUserStatisticsItemSchema>;
export const shareUserStatisticsSchema = z.object({ ...periodFields, list: z.array(shareUserStatisticsItemSchema) });
export type ShareUserStatistics = z.infer<typeof shareUserStatisticsSchema>;

/**
 * POST /api/user/get-user-share-house-statistics { dateType }: one listing shared by the
 * scope with visits in the period. With `houseId` instead, the call is /my/share's visit list.
 */
export const shareHouseStatisticsItemSchema = z.object({
  houseId: z.number(),
  houseName: z.string(),
  visitCount: z.number(),
  visitorCount: z.number(),
  /** Distinct sharers of the scope whose links were visited. */
  sharerCount: z.number(),
});
export type ShareHouseStatisticsItem = z.infer<typeof shareHouseStatisticsItemSchema>;
export const shareHouseStatisticsSchema = z.object({ ...periodFields, list: z.array(shareHouseStatisticsItemSchema) });
export type ShareHouseStatistics = z.infer<typeof shareHouseStatisticsSchema>;
