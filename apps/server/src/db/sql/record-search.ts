import { and, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { house, record } from '../schema';
import { escapeLike, hasCase, shortKeywordGrams } from './text-search';

/** `%` and `_` typed by the user are letters, not wildcards (backslash is ILIKE's escape). */
const likePattern = (keyword: string): string => `%${escapeLike(keyword)}%`;

const matched = alias(record, 'matched');
/** `record` or an alias of it (the keyword's matches, read apart from the page). */
type RecordTable = typeof record | typeof matched;

/**
 * hidePhone of @baobei/shared/rules/report-phone, in SQL: first 3 + **** + last 4. Written
 * exactly as the expression of record_hidden_phone_trgm_idx (migration 0011), so the
 * developer side's phone keyword is served by that index.
 */
const hiddenCustomerPhone = (t: RecordTable) =>
  sql`(case when ${t.customerPhone} = '' then '' when length(${t.customerPhone}) > 7 then left(${t.customerPhone}, 3) || '****' || right(${t.customerPhone}, 4) else '****' end)`;

/**
 * The keyword: a substring of the customer's name, of the phone as this viewer reads it, or of
 * the listing's name. Every arm is indexed (docs/decisions/016): the trigram indexes on
 * customer_name, customer_phone and the hidden phone, and record_house_status_visit_idx for
 * `house_id = any(…)`, so the matches are a BitmapOr, not a scan of the scope. LIKE when the
 * keyword has no letter with case (Chinese, digits), as for listings.
 */
function keywordCondition(t: RecordTable, companyId: number, keyword: string, hiddenPhones: boolean): SQL {
  const p = likePattern(keyword);
  const matches = (expr: SQL) => (hasCase(keyword) ? sql`${expr} ilike ${p}` : sql`${expr} like ${p}`);
  // A keyword of one or two characters finds its listings on house_grams_idx, a longer one on the name's trigrams.
  const grams = shortKeywordGrams(keyword);
  const housesNamed = sql`array(select ${house.id} from ${house} where ${house.companyId} = ${companyId} and ${matches(sql`${house.name}`)}${grams ? sql` and ${grams}` : sql``})`;
  let phone: SQL;
  if (hiddenPhones) {
    // The MASKED listings, read once (an InitPlan); their reports match on the hidden form only.
    const masked = sql`array(select ${house.id} from ${house} where ${house.companyId} = ${companyId} and ${house.ruleTel} = 'MASKED')`;
    phone = or(
      and(sql`${t.houseId} <> all(${masked})`, matches(sql`${t.customerPhone}`)),
      and(sql`${t.houseId} = any(${masked})`, matches(hiddenCustomerPhone(t))),
    )!;
  } else {
    phone = matches(sql`${t.customerPhone}`);
  }
  return or(matches(sql`${t.customerName}`), phone, sql`${t.houseId} = any(${housesNamed})`)!;
}

/**
 * pg_trgm finds a substring by its trigrams: a keyword of three characters or more. Shorter
 * ones have none, and their matches are found by reading the scope (docs/decisions/016).
 */
const TRIGRAM_MIN = 3;

/**
 * The report lists' keyword as one condition on `record` (the customer's name, the phone as the
 * reader sees it, the listing's name), indexed as the mobile lists use it; also the console's
 * report table and its export (docs/decisions/048), so the keyword matches the same everywhere.
 */
export function recordKeywordCondition(companyId: number, keyword: string, hiddenPhones: boolean): SQL {
  return Array.from(keyword).length >= TRIGRAM_MIN
    ? // The keyword's matches in the company first (the trigram indexes, once), then the scope
      // (and the page's order) over them. Written inline, the planner would walk the scope
      // newest first testing each report for the page, reading the whole scope when matches
      // are rare, and AND the matches' bitmap with a bitmap of the whole scope for the count
      // (13 ms for a broker's 50,000 reports, docs/decisions/041). The matches come back as
      // their row addresses (ctid), which the outer query reads directly (a Tid Scan), not
      // through record_pkey: 631 matches at 1M reports cost 1.3 ms instead of 10. The inner
      // and outer parts are one statement, so they see one snapshot and the addresses hold.
      sql`${record}.ctid = any(array(select ${sql.identifier('matched')}.ctid from ${record} ${sql.identifier('matched')} where ${matched.companyId} = ${companyId} and ${keywordCondition(matched, companyId, keyword, hiddenPhones)}))`
    : keywordCondition(record, companyId, keyword, hiddenPhones);
}
