import { and, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { distributor, user } from '../../db/schema';
import { phonesHeld } from '../../db/sql/exists';

/** The account import's reads (issue 30, item 4), in its transaction. */
export function createAccountImportRepository(db: Executor) {
  return {
    /** The company's distributors among `names` (full names; a name two share names neither). */
    async distributorsByName(companyId: number, names: string[]) {
      if (names.length === 0) return [];
      return db
        .select({ id: distributor.id, name: distributor.name })
        .from(distributor)
        .where(and(eq(distributor.companyId, companyId), inArray(distributor.name, names)));
    },

    /** The active shop managers (not general accounts) of these distributors, oldest first. */
    async shopManagersOf(companyId: number, distributorIds: number[]) {
      if (distributorIds.length === 0) return [];
      const rows = await db
        .select({ id: user.id, distributorId: user.distributorId, shopName: user.shopName })
        .from(user)
        .where(
          and(
            eq(user.companyId, companyId),
            inArray(user.distributorId, distributorIds),
            eq(user.role, 'DIANZHANG'),
            eq(user.distributorControl, false),
            eq(user.active, true),
          ),
        )
        .orderBy(user.id);
      return rows.map((r) => ({ id: r.id, distributorId: r.distributorId!, shopName: r.shopName }));
    },

    phonesHeld: (companyId: number, phones: string[]) => phonesHeld(db, companyId, phones),
  };
}
