import { sql, type SQL } from 'drizzle-orm';
import { house } from '../schema';

/** LIKE's wildcards and its escape character, escaped: a keyword is matched literally. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** The LIKE pattern of "contains the keyword", literally: `%keyword%` with its wildcards escaped. */
export function containsPattern(keyword: string): string {
  return `%${escapeLike(keyword)}%`;
}

/** True when the text has a letter with upper and lower case (Latin, Greek, full-width Latin…). */
export function hasCase(text: string): boolean {
  return text.toLowerCase() !== text.toUpperCase();
}

/** pg_trgm finds a substring of three characters or more by its trigrams (docs/decisions/005). */
const TRIGRAM_MIN = 3;

/**
 * A keyword of one or two characters, which has no trigram: the listing's name and address must
 * hold its characters and pair (text_grams, house_grams_idx, migration 0014, docs/decisions/041),
 * a condition the index answers and which every listing the LIKE matches meets (the LIKE / ILIKE
 * stays beside it). Undefined for a longer keyword: the trigram indexes serve it.
 */
export function shortKeywordGrams(keyword: string): SQL | undefined {
  if (Array.from(keyword).length >= TRIGRAM_MIN) return undefined;
  return sql`(text_grams(${house.name}) || text_grams(${house.buildingAddress})) @> text_grams(${keyword})`;
}
