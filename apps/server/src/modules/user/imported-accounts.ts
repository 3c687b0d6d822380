import { writeAuditLog } from '../../db/audit-log';
import type { Executor } from '../../db/client';
import type { user } from '../../db/schema';
import { NO_PASSWORD } from '../../lib/password';
import { createUserRepository } from './user-repository';

/** An account an import makes: every column but the password, which it has none of. */
export type ImportedAccount = Omit<typeof user.$inferInsert, 'passwordHash' | 'mustChangePassword'>;

/** Who imports, and each account's row of the sheet (the audit row names it when known). */
export interface ImportedBy {
  actorId: number;
  actorRole: string;
  rows?: readonly number[];
}

/**
 * The accounts of an import (docs/decisions/083), the user table's one way to make them in bulk:
 * no password (NO_PASSWORD: they sign in with an SMS code), one `account.import` audit row each.
 * Their ids in the given order.
 */
export async function createImportedAccounts(tx: Executor, accounts: readonly ImportedAccount[], by: ImportedBy): Promise<number[]> {
  const ids = await createUserRepository(tx).insertMany(accounts.map((a) => ({ ...a, passwordHash: NO_PASSWORD, mustChangePassword: false })));
  await writeAuditLog(
    tx,
    accounts.map((a, i) => ({
      companyId: a.companyId,
      actorId: by.actorId,
      action: 'account.import',
      entity: 'user',
      entityId: ids[i]!,
      detail: {
        actorCompanyId: a.companyId,
        actorRole: by.actorRole,
        ...(by.rows ? { row: by.rows[i] } : {}),
        changes: {
          role: { old: null, new: a.role },
          name: { old: null, new: a.name },
          phone: { old: null, new: a.phone },
          shopName: { old: null, new: a.shopName ?? '' },
          distributorId: { old: null, new: a.distributorId ?? null },
        },
      },
    })),
  );
  return ids;
}
