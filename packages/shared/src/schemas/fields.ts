import { z } from 'zod';
import { messages } from '../messages';
import { PICTURE_URL } from '../rules/console-fields';
import { plainUploadUrl } from '../rules/upload-url';

/**
 * The building blocks of every request schema, so the input rule of the
 * whole API lives in one place. Text: no NUL (PostgreSQL text cannot hold it), a length
 * limit in characters with a message naming the field, never silently emptied or cut.
 * Numbers: bounded to what their column holds (PostgreSQL `integer`: ±2^31-1).
 */
export const DB_INT_MAX = 2_147_483_647;
export const DB_INT_MIN = -2_147_483_648;

const inputText = messages.input;

/** Characters PostgreSQL text refuses (NUL) or that only hide text (none other today). */
export function hasForbiddenCharacter(value: string): boolean {
  return value.includes('\u0000');
}

/** Length in characters as a person counts them (code points, so an emoji is one). */
export function characterCount(value: string): number {
  return Array.from(value).length;
}

/**
 * `z.preprocess(read, schema)` that declares `In`, what a caller sends. zod takes a preprocess
 * pipe's input type from its function's parameter, and `read` takes `unknown` because the
 * server reads whatever arrives; the contract's request types are the schemas' input types
 * (contract/endpoint.ts `CallInput`), so without `In` every body the web sends would be
 * untyped. Only the type narrows: the schema is exactly `z.preprocess(read, schema)`, and the
 * server accepts and refuses every value as before.
 */
export function preprocess<In>() {
  return <S extends z.ZodType>(read: (value: unknown) => unknown, schema: S) => z.preprocess<unknown, S, In>(read, schema);
}

/** Absent (undefined or null) reads as ''. */
const absentAsEmpty = (value: unknown): unknown => (value === undefined || value === null ? '' : value);

/** What a caller sends for a number: a number, or a string that writes one (query strings, form values). */
export type NumberInput = number | string;

interface TextOptions {
  /** Keep leading and trailing spaces (passwords). Default: trimmed. */
  trim?: boolean;
}

/**
 * A text field: a string without NUL, at most `max` characters after trimming. Absent
 * (undefined or null) reads as '' so that the spec's ordered rules report a missing value
 * with their own message; any other non-string is refused with `${field}格式不正确`.
 */
export function text(field: string, max: number, options: TextOptions = {}) {
  const trim = options.trim ?? true;
  return preprocess<string | null | undefined>()(
    absentAsEmpty,
    z
      .string({ error: inputText.invalid(field) })
      .refine((v) => !hasForbiddenCharacter(v), { error: inputText.badCharacter(field), abort: true })
      .transform((v) => (trim ? v.trim() : v))
      .refine((v) => characterCount(v) <= max, { error: inputText.tooLong(field, max) }),
  );
}

/**
 * A picture the console stores (the brand, home content, listings): '' or a path or web address
 * (`required`: not ''). An uploaded picture's address, whichever storage answered it (the app's
 * '/uploads/<key>', a bucket's or a CDN's), is kept as its key's path '/uploads/<key>': the
 * address is made when answering, from the storage settings of the day (docs/decisions/098).
 */
export function storedPicture(field: string, errors: { invalid: string; required?: string }) {
  const value = errors.required ? text(field, 500).refine((v) => v !== '', { error: errors.required, abort: true }) : text(field, 500);
  return value.refine((v) => v === '' || PICTURE_URL.test(v), { error: errors.invalid }).transform(plainUploadUrl);
}

/** `text` that stays undefined when absent (fields a partial update may leave out). */
export function optionalText(field: string, max: number, options: TextOptions = {}) {
  return text(field, max, options).optional();
}

const NUMERIC = /^\s*[-+]?(\d+\.?\d*|\.\d+)(e[-+]?\d+)?\s*$/i;

/** A number, or a string that writes one (query strings, form values); anything else stays as it is, to be refused. */
function readNumber(value: unknown): unknown {
  return typeof value === 'string' && NUMERIC.test(value) ? Number(value) : value;
}

/** An integer within [min, max] (default: a PostgreSQL integer column); query strings are read as numbers. */
export function dbInt(field: string, min = DB_INT_MIN, max = DB_INT_MAX) {
  return preprocess<NumberInput>()(readNumber, dbIntOf(field, min, max));
}

function dbIntOf(field: string, min: number, max: number) {
  return z
    .number({ error: inputText.invalid(field) })
    .refine((n) => Number.isInteger(n), { error: inputText.invalid(field), abort: true })
    .refine((n) => n >= min && n <= max, { error: inputText.outOfRange(field) });
}

/** A row id: an integer 1..2^31-1, the range of a `serial` column. */
export function dbId(field: string) {
  return dbInt(field, 1, DB_INT_MAX);
}

/** A number in [min, max] that need not be whole (coordinates). */
export function dbNumber(field: string, min: number, max: number) {
  return preprocess<NumberInput>()(
    readNumber,
    z
      .number({ error: inputText.invalid(field) })
      .refine((n) => n >= min && n <= max, { error: inputText.outOfRange(field) }),
  );
}

/** A page number of a list: 1..10,000 (deeper pages are no one's reading and overflow OFFSET). */
export const PAGE_MAX = 10_000;
export const pageNumber = dbInt('页码', 1, PAGE_MAX);

/**
 * One of `values`, or '' (also for an absent or null value) when `empty` allows "any": a
 * filter or switch chosen from a list, refused with `${field}格式不正确` when it is not one.
 */
export function choice<const T extends readonly [string, ...string[]]>(field: string, values: T) {
  return preprocess<T[number] | '' | null | undefined>()(
    absentAsEmpty,
    z.enum([...values, ''] as [T[number] | '', ...(T[number] | '')[]], { error: inputText.invalid(field) }),
  );
}

/** Years a date of this app may name (a report, a visit, a statistics day). */
const YEAR_MIN = 1970;
const YEAR_MAX = 2999;

/** 'YYYY-MM-DD' that is a real calendar day (no 2024-02-30) within the app's years. */
export function isCalendarDay(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [y, mo, d] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (y < YEAR_MIN || y > YEAR_MAX) return false;
  const date = new Date(Date.UTC(y, mo - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d;
}

/** 'YYYY-MM-DD HH:mm' on a real calendar day with a real time of day. */
export function isCalendarMinute(value: string): boolean {
  const match = /^(\d{4}-\d{2}-\d{2}) (\d{2}):(\d{2})$/.exec(value);
  return !!match && isCalendarDay(match[1]!) && Number(match[2]) < 24 && Number(match[3]) < 60;
}

/** A calendar day 'YYYY-MM-DD'. */
export function dayText(field: string) {
  return z.string({ error: inputText.invalid(field) }).refine(isCalendarDay, { error: inputText.invalid(field) });
}

/** 'YYYY-MM-DD HH:mm', or '' (also for absent or null) for none. */
export function minuteText(field: string) {
  return preprocess<string | null | undefined>()(
    absentAsEmpty,
    z.string({ error: inputText.invalid(field) }).refine((v) => v === '' || isCalendarMinute(v), { error: inputText.invalid(field) }),
  );
}
