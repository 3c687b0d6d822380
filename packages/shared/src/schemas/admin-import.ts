import { z } from 'zod';

/**
 * The answers of the console's imports from Excel (issue 30, item 4; docs/decisions/083). The
 * file goes as the multipart field `file`; the dry run (`…/import-check`) writes nothing and
 * lists every row's errors, the import (`…/import`, with an Idempotency-Key) writes every row
 * or, with any error, nothing and answers 400 with the same list in `data`.
 */
export const importErrorSchema = z.object({
  /** The sheet's name as the template has it (楼盘, 佣金政策, …). */
  sheet: z.string(),
  /** The row number Excel shows (the header is row 1). */
  row: z.number(),
  /** The column's header, '' when the error is the row's. */
  column: z.string(),
  message: z.string(),
});
export type ImportError = z.infer<typeof importErrorSchema>;

export const importCheckSchema = z.object({
  /** Rows read, every sheet together. */
  rows: z.number(),
  /** Rows per sheet, in the template's order. */
  sheets: z.array(z.object({ name: z.string(), rows: z.number() })),
  /** The first MAX_IMPORT_ERRORS errors, sheet by sheet, row by row. */
  errors: z.array(importErrorSchema),
  errorCount: z.number(),
});
export type ImportCheck = z.infer<typeof importCheckSchema>;

/** A refused import's `data`: the dry run's list. */
export const importRefusalSchema = importCheckSchema;

export const importResultSchema = z.object({
  /** The objects created, one audit row each. */
  created: z.number(),
  /** Their ids, in the sheet's order. */
  ids: z.array(z.number()),
});
export type ImportResult = z.infer<typeof importResultSchema>;
