import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';

/**
 * The duplicate rule's "same number" in SQL (decision 066; the shared `phoneMatch` says it for
 * two values): with the masked numbers already equal (the indexed key), two whole numbers must
 * also be equal; a hidden one on either side ('*' in it) matches by its first 3 and last 4 digits.
 */
export function samePhoneSql(phone: SQLWrapper | SQL, otherPhone: SQLWrapper | SQL): SQL {
  return sql`(${phone} = ${otherPhone} or position('*' in ${phone}) > 0 or position('*' in ${otherPhone}) > 0)`;
}
