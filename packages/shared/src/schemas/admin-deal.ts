/** The console's deal calls (docs/decisions/055): a report's deal, and the company's sums of a period. */
import { z } from 'zod';
import { dealSumsSchema } from './deal-sums';
import { dbId } from './fields';
import { statisticsQuerySchema } from './statistics';

/** `GET /api/admin/deal/get-deal?id=`: the deal of a report of the host's company. */
export const adminDealIdQuerySchema = z.object({ id: dbId('报备') });

/** `GET /api/admin/deal/summary?dateType=`: the statistics presets (0 不限 … 8 本年), on the signing date. */
export const adminDealSummaryQuerySchema = statisticsQuerySchema;
export const adminDealSummarySchema = z.object({
  dateType: z.number(),
  range: z.object({ start: z.string(), end: z.string() }).nullable(),
  sums: dealSumsSchema,
});
export type AdminDealSummary = z.infer<typeof adminDealSummarySchema>;
