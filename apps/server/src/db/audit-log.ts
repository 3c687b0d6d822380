import type { Executor } from './client';
import { auditLog } from './schema';

/** One row of 操作日志 (docs/decisions/050), written in the change's own transaction. */
export interface AuditEntry {
  companyId: number;
  /** null: the system (create-admin, the external arrival check). */
  actorId: number | null;
  action: string;
  entity: string;
  entityId: number;
  detail: Record<string, unknown>;
}

/** The audit log's writer for the console's repositories: every module's change is logged alike. */
export async function writeAuditLog(tx: Executor, entry: AuditEntry): Promise<void> {
  await tx.insert(auditLog).values(entry);
}
