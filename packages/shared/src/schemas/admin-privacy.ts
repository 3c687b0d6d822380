import { z } from 'zod';
import { adminPrivacyMessages as text_ } from '../messages/admin/privacy';
import { MAINLAND_PHONE_PATTERN } from '../rules/phone';
import { dbInt, pageNumber, text } from './fields';

/**
 * 个人信息请求 (issue 33 item 4, docs/decisions/093): everything the company holds about one phone
 * number, by source, exported for the person or anonymised on request.
 */

/** The sources the finder reads, in the page's and the file's order; another source is one more entry. */
export const PII_SOURCES = ['customers', 'reports', 'messages', 'accessLog'] as const;
export type PiiSource = (typeof PII_SOURCES)[number];

const phone = text(text_.phone, 20)
  .refine((v) => v !== '', { error: text_.phoneInvalid, abort: true })
  .refine((v) => MAINLAND_PHONE_PATTERN.test(v), { error: text_.phoneInvalid });

/** `GET /api/admin/privacy/find` and `GET /api/admin/privacy/export`: the full number. */
export const adminPrivacyPhoneQuerySchema = z.object({ phone });
export type AdminPrivacyPhoneQuery = z.infer<typeof adminPrivacyPhoneQuerySchema>;

/**
 * `POST /api/admin/privacy/anonymise`: the number, the reason, and the total the operator confirmed
 * (a different total now: 409, nothing changes, so the confirmation names what is done).
 */
export const adminPrivacyAnonymiseSchema = z.object({
  phone,
  reason: text(text_.reason, 200).refine((v) => v !== '', { error: text_.reasonRequired }),
  total: dbInt(text_.colCounts, 1, 1_000_000),
});
export type AdminPrivacyAnonymise = z.infer<typeof adminPrivacyAnonymiseSchema>;

/** One row of a source: its id, what it is (a title), and its fields as the page and file show them. */
export const piiRowSchema = z.object({
  id: z.number(),
  fields: z.record(z.string(), z.union([z.string(), z.number(), z.null()])),
});
export type PiiRow = z.infer<typeof piiRowSchema>;

export const adminPrivacyFindSchema = z.object({
  total: z.number(),
  sources: z.array(z.object({ source: z.enum(PII_SOURCES), count: z.number(), rows: z.array(piiRowSchema) })),
});
export type AdminPrivacyFind = z.infer<typeof adminPrivacyFindSchema>;

export const adminPrivacyAnonymisedSchema = z.object({ total: z.number(), counts: z.record(z.string(), z.number()) });
export type AdminPrivacyAnonymised = z.infer<typeof adminPrivacyAnonymisedSchema>;

/** `GET /api/admin/privacy/requests`: the handled requests, newest first (no phone: only its hash is kept). */
export const adminPrivacyRequestListQuerySchema = z.object({
  page: pageNumber.optional().default(1),
  pageSize: dbInt('每页条数', 1, 100).optional().default(20),
});
export const adminPrivacyRequestListSchema = z.object({
  list: z.array(
    z.object({
      id: z.number(),
      action: z.enum(['export', 'anonymise']),
      operatorName: z.string(),
      reason: z.string(),
      counts: z.record(z.string(), z.number()),
      createdAt: z.string(),
    }),
  ),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
});
export type AdminPrivacyRequestList = z.infer<typeof adminPrivacyRequestListSchema>;
