import type { Executor } from './client';
import { inStatements } from './bulk';
import { auditLog } from './schema';

/** One row of 操作日志 (docs/decisions/050), written in the change's own transaction. */
export interface AuditEntry {
  companyId: number;
  /** null: the system (create-admin, the external arrival check). */
  actorId: number | null;
  action: string;
  entity: string;
  /** null: no one row (an export). */
  entityId: number | null;
  detail: Record<string, unknown>;
}

/**
 * The audit log's one writer (lint: no other file inserts into audit_log): every module's change
 * is logged alike, in the change's transaction. Several entries go in one statement, an import's
 * thousands in statements of ROWS_PER_STATEMENT.
 */
export async function writeAuditLog(tx: Executor, entry: AuditEntry | AuditEntry[]): Promise<void> {
  const entries = Array.isArray(entry) ? entry : [entry];
  await inStatements(entries, (part) => tx.insert(auditLog).values(part));
}
