import type { PgTable, PgInsertValue } from 'drizzle-orm/pg-core';
import { shanghaiDay } from '@baobei/shared/rules/shanghai-time';
import type { Tx } from '../client';
import type { Rng } from './prng';

export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;
/** Calendar date in Asia/Shanghai as 'YYYY.MM.DD' (incentive period texts). */
export function shanghaiDotDate(at: Date): string {
  return shanghaiDay(at).replaceAll('-', '.');
}

/** Rounds a time down to the previous whole `minutes` step (visit times look like 14:30). */
export function floorToMinutes(at: Date, minutes: number): Date {
  const step = minutes * MINUTE;
  return new Date(Math.floor(at.getTime() / step) * step);
}

/** Rounds a time up to the next whole `minutes` step. */
export function ceilToMinutes(at: Date, minutes: number): Date {
  const step = minutes * MINUTE;
  return new Date(Math.ceil(at.getTime() / step) * step);
}

export const addMs = (at: Date, ms: number): Date => new Date(at.getTime() + ms);

export { nameAnchor } from '../../lib/name-anchor';

const CREDIT_CHARS = '0123456789ABCDEFGHJKLMNPQRTUWXY';
const CREDIT_WEIGHTS = [1, 3, 9, 27, 19, 26, 16, 17, 20, 29, 25, 13, 8, 24, 10, 30, 28];

/**
 * An 18-character unified social credit code (GB 32100-2015) with a valid check character:
 * '91' (enterprise), the 6-digit division code, a 9-character organisation code, the check.
 */
export function creditCode(rng: Rng, divisionCode: string): string {
  let org = '';
  for (let i = 0; i < 9; i++) org += CREDIT_CHARS.charAt(rng.int(0, i === 0 ? 9 : CREDIT_CHARS.length - 1));
  const body = `91${divisionCode}${org}`;
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += CREDIT_CHARS.indexOf(body.charAt(i)) * (CREDIT_WEIGHTS[i] ?? 0);
  const check = (31 - (sum % 31)) % 31;
  return body + CREDIT_CHARS.charAt(check);
}

/** Bulk insert without returning, in statements of `chunk` rows (well under the 65535-parameter limit). */
export async function insertMany<T extends PgTable>(tx: Tx, table: T, rows: PgInsertValue<T>[], chunk = 400): Promise<void> {
  for (let i = 0; i < rows.length; i += chunk) {
    await tx.insert(table).values(rows.slice(i, i + chunk));
  }
}

/** Index a list by a key, failing loudly on a missing key later through `must`. */
export function must<V>(map: ReadonlyMap<string, V>, key: string, what: string): V {
  const value = map.get(key);
  if (value === undefined) throw new Error(`seed: unknown ${what} '${key}'`);
  return value;
}
