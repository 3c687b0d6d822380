import { z } from 'zod';
import { dbInt, pageNumber } from './fields';

/**
 * DECISIONS.md: every answer carries both spellings of the spec's two envelopes,
 * `{ code, type, msg, message, msgTitle?, data }`, with `code === type`, `msg === message`,
 * and the HTTP status equal to `code`.
 */
export interface Envelope<T> {
  code: number;
  type: number;
  msg: string;
  message: string;
  msgTitle?: string;
  data: T;
}

export function envelopeSchema<T extends z.ZodType>(data: T) {
  return z.object({
    code: z.number(),
    type: z.number(),
    msg: z.string(),
    message: z.string(),
    msgTitle: z.string().optional(),
    data,
  });
}

/** Paged list answer (ARCHITECTURE.md, API). */
export function pageSchema<T extends z.ZodType>(item: T) {
  return z.object({ list: z.array(item), total: z.number(), page: z.number(), pageSize: z.number() });
}

/** Absent: page 1 of 8; anything else must be a page number (fields.ts), never silently read as 1. */
export const pageQuerySchema = z.object({
  page: pageNumber.optional().default(1),
  pageSize: dbInt('每页条数', 1, 100).optional().default(8),
});
