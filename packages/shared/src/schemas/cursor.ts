import { z } from 'zod';
import { messages } from '../messages';
import { DB_INT_MAX, DB_INT_MIN, isCalendarDay, preprocess } from './fields';
import { pageQuerySchema } from './envelope';

/**
 * Keyset paging (docs/decisions/016). A list the app scrolls answers `nextCursor` besides its
 * page: an opaque text naming the sort values and id of the page's last row, or null when the
 * page came back shorter than the page size (the list is finished, part 1 section 9). Sent back
 * as `cursor` in the query, it makes the server seek past that row on an index
 * (`(sort key, id) < (…)`) instead of skipping `(page - 1) × pageSize` rows, so every page
 * costs what the first does and rows added or removed meanwhile shift nothing. `page` and
 * `pageSize` stay as the spec has them: without a cursor the page number decides (OFFSET).
 *
 * A cursor holds sort values and an id only, never a scope: the server applies the viewer's
 * scope to every page, so a forged cursor can only move within what the viewer may see. One
 * that does not decode to this list's shape is refused with `分页游标格式不正确` and changes nothing.
 */
export const CURSOR_FIELD = '分页游标';
/** Far more than any cursor the server writes (about 60 characters). */
const CURSOR_MAX = 200;

/**
 * The kinds of value a cursor holds: a time as PostgreSQL keeps it (UTC, microseconds, so
 * rows created within one millisecond stay apart), optionally null (a column sorted nulls
 * last), a sort number (an integer column), and a row id.
 */
export type CursorPart = 'time' | 'time?' | 'int' | 'id';
type PartValue<K extends CursorPart> = K extends 'time' ? string : K extends 'time?' ? string | null : number;
export type CursorValues<K extends readonly CursorPart[]> = { -readonly [I in keyof K]: PartValue<K[I]> };

/** 'YYYY-MM-DDTHH:MM:SS.ffffffZ', as the server writes it (`cursorTime` in SQL). */
const CURSOR_TIME = /^(\d{4}-\d{2}-\d{2})T(\d{2}):(\d{2}):(\d{2})\.\d{6}Z$/;

function isCursorTime(value: unknown): value is string {
  if (typeof value !== 'string') return false;
  const match = CURSOR_TIME.exec(value);
  return !!match && isCalendarDay(match[1]!) && Number(match[2]) < 24 && Number(match[3]) < 60 && Number(match[4]) < 60;
}

const isInt = (value: unknown, min: number): value is number =>
  typeof value === 'number' && Number.isInteger(value) && value >= min && value <= DB_INT_MAX;

function partIsValid(kind: CursorPart, value: unknown): boolean {
  switch (kind) {
    case 'time':
      return isCursorTime(value);
    case 'time?':
      return value === null || isCursorTime(value);
    case 'int':
      return isInt(value, DB_INT_MIN);
    case 'id':
      return isInt(value, 1);
  }
}

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

/** base64url without padding of an ASCII text (a cursor's JSON is ASCII). No Buffer or btoa: the web and the server share it. */
function toBase64Url(ascii: string): string {
  let out = '';
  for (let i = 0; i < ascii.length; i += 3) {
    const n = (ascii.charCodeAt(i) << 16) | ((ascii.charCodeAt(i + 1) || 0) << 8) | (ascii.charCodeAt(i + 2) || 0);
    out += ALPHABET[(n >> 18) & 63]! + ALPHABET[(n >> 12) & 63]!;
    if (i + 1 < ascii.length) out += ALPHABET[(n >> 6) & 63]!;
    if (i + 2 < ascii.length) out += ALPHABET[n & 63]!;
  }
  return out;
}

/** The ASCII text of a base64url text, or null when it is not one (written as toBase64Url writes it). */
function fromBase64Url(text: string): string | null {
  if (!/^[A-Za-z0-9_-]*$/.test(text) || text.length % 4 === 1) return null;
  let out = '';
  for (let i = 0; i < text.length; i += 4) {
    const chunk = text.slice(i, i + 4);
    let n = 0;
    for (let k = 0; k < 4; k++) n = (n << 6) | (k < chunk.length ? ALPHABET.indexOf(chunk[k]!) : 0);
    out += String.fromCharCode((n >> 16) & 255);
    if (chunk.length > 2) out += String.fromCharCode((n >> 8) & 255);
    if (chunk.length > 3) out += String.fromCharCode(n & 255);
  }
  // One text per value: trailing bits that toBase64Url never sets make another spelling.
  return toBase64Url(out) === text ? out : null;
}

export interface CursorCodec<K extends readonly CursorPart[]> {
  /** Names the list: a cursor of another list is refused. */
  tag: string;
  parts: K;
  encode(values: CursorValues<K>): string;
  /** The values, or null when the text is not a cursor of this list. */
  decode(text: string): CursorValues<K> | null;
  /**
   * The query's `cursor`: absent, null or '' is none (page by number); otherwise decoded, or
   * refused with `分页游标格式不正确`.
   */
  field: ReturnType<typeof cursorField<CursorValues<K>>>;
}

function cursorField<T>(decode: (text: string) => T | null) {
  const invalid = messages.input.invalid(CURSOR_FIELD);
  return preprocess<string | null | undefined>()(
    (value) => (value === null || value === '' ? undefined : value),
    z
      .string({ error: invalid })
      .max(CURSOR_MAX, { error: invalid })
      .transform((text, ctx) => {
        const values = decode(text);
        if (values) return values;
        ctx.addIssue({ code: 'custom', message: invalid });
        return z.NEVER;
      })
      .optional(),
  );
}

/** A list's cursor: its tag and the kinds of its sort values, the row id last. */
export function defineCursor<const K extends readonly CursorPart[]>(tag: string, parts: K): CursorCodec<K> {
  const decode = (text: string): CursorValues<K> | null => {
    const json = fromBase64Url(text);
    if (json === null) return null;
    let value: unknown;
    try {
      value = JSON.parse(json);
    } catch {
      return null;
    }
    if (!Array.isArray(value) || value.length !== parts.length + 1 || value[0] !== tag) return null;
    const values = value.slice(1);
    return parts.every((kind, i) => partIsValid(kind, values[i])) ? (values as CursorValues<K>) : null;
  };
  return {
    tag,
    parts,
    encode: (values) => toBase64Url(JSON.stringify([tag, ...values])),
    decode,
    field: cursorField<CursorValues<K>>(decode),
  };
}

/** Every list's cursor, in one place so no two share a tag. Each is (sort values…, id) in the list's order. */
export const cursors = {
  /** The report lists, newest first: created_at, id. */
  record: defineCursor('record', ['time', 'id']),
  /** The report lists' 待到访 view (docs/decisions/089), soonest expected visit first: estimated_visit_time, id. */
  recordVisit: defineCursor('record-visit', ['time', 'id']),
  /** The external arrival list: waiting by expected visit (ascending), checked by visit (descending, nulls last); id. */
  external: defineCursor('external', ['time?', 'id']),
  /** The house list and the select screen: sort, id. */
  house: defineCursor('house', ['int', 'id']),
  /** Favourites, newest first: favourited at, listing id. */
  favorite: defineCursor('favorite', ['time', 'id']),
  /** /my/share: the user's shared listings, last visited first: last visit, listing id. */
  sharedHouse: defineCursor('shared-house', ['time', 'id']),
  /** /my/share: the visits of one shared listing, newest first: visited at, visit id. */
  shareVisit: defineCursor('share-visit', ['time', 'id']),
  /** 注册审核: pending registrations, oldest first: created_at, id. */
  registration: defineCursor('registration', ['time', 'id']),
  /** 操作日志 (the console, docs/decisions/050): newest first: created_at, id. */
  auditLog: defineCursor('audit-log', ['time', 'id']),
  /** 访问日志 (docs/decisions/092), newest first: created_at, id. */
  accessLog: defineCursor('access-log', ['time', 'id']),
  /** The message centre (docs/decisions/054), newest first: id (ids grow with created_at). */
  message: defineCursor('message', ['id']),
} as const;

/**
 * The report lists' cursor in either of their orders (docs/decisions/089): newest first
 * (`record`) or the 待到访 view's soonest visit first (`recordVisit`), told apart by the tag. The
 * service refuses a cursor of the other order than the body asks for.
 */
export type RecordListCursor = { order: 'created' | 'visit'; values: CursorValues<readonly ['time', 'id']> };
export function decodeRecordListCursor(text: string): RecordListCursor | null {
  const created = cursors.record.decode(text);
  if (created) return { order: 'created', values: created };
  const visit = cursors.recordVisit.decode(text);
  return visit ? { order: 'visit', values: visit } : null;
}
export const recordListCursorField = cursorField<RecordListCursor>(decodeRecordListCursor);

/** The query of a list paged by number or by cursor: `page`, `pageSize` (absent: page 1 of 8) and `cursor`. */
export function keysetPageQuerySchema<K extends readonly CursorPart[]>(codec: CursorCodec<K>) {
  return pageQuerySchema.extend({ cursor: codec.field.optional() });
}

/**
 * A page of a keyset list: the page as before, `nextCursor` (null when the page is short, the
 * list finished) and `total`, counted when no cursor was sent (the first page of a scrolling
 * list, or any page of a client paging by number) and null on a cursor page.
 */
export function keysetPageSchema<T extends z.ZodType>(item: T) {
  return z.object({ list: z.array(item), total: z.number().nullable(), page: z.number(), pageSize: z.number(), nextCursor: z.string().nullable() });
}
