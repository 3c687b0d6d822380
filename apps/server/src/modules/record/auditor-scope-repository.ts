import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { auditorScope } from '../../db/schema';

/**
 * An auditor's scope (docs/decisions/047): the listings and cities whose reports go to them. The
 * report module owns it (its submit picks auditors by it); the console's 账号管理 sets it through
 * `AuditorScopes`, in the account change's transaction.
 */
export function createAuditorScopeRepository(db: Executor) {
  return {
    /** The auditor's scope becomes exactly these listings and cities. */
    async replace(companyId: number, auditorId: number, houseIds: number[], cityIds: number[]): Promise<void> {
      await db.delete(auditorScope).where(and(eq(auditorScope.companyId, companyId), eq(auditorScope.auditorId, auditorId)));
      const rows = [...houseIds.map((houseId) => ({ companyId, auditorId, houseId })), ...cityIds.map((cityId) => ({ companyId, auditorId, cityId }))];
      if (rows.length) await db.insert(auditorScope).values(rows);
    },
  };
}
