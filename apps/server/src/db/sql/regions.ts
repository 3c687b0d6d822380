import { sql, type SQL } from 'drizzle-orm';
import { city } from '../schema';

/**
 * A city of the company's region tree: a row whose parent is a province (docs/decisions/086).
 * Provinces have no parent and districts have a city for one; what takes a city (a listing, a
 * distributor, an auditor's scope, an import's 城市) names one of these.
 */
export function isCityRow(companyId: number): SQL {
  return sql`${city.parentId} in (select p.id from city p where p.company_id = ${companyId} and p.parent_id is null)`;
}
