import { api } from '@baobei/shared/contract';
import type { AdminRecordDetail, AdminRecordFilterInput, AdminRecordListQuery, AdminRecordRow } from '@baobei/shared/schemas/admin-record';
import { call } from '../../../lib/api-client';

/** GET /api/admin/record/list: a page of the company's reports by the table's filter (docs/decisions/048). */
export async function listRecords(page: number, pageSize: number, filter: AdminRecordFilterInput): Promise<{ list: AdminRecordRow[]; total: number }> {
  const query: Record<string, string | number> = { page, pageSize };
  for (const [key, value] of Object.entries(filter)) if (value !== undefined && value !== '' && value !== null) query[key] = value as string | number;
  const answer = await call(api.adminRecord.list, { query: query as AdminRecordListQuery });
  return { list: answer.list, total: answer.total };
}

/** GET /api/admin/record/get: the drawer's report with its history, images and dynamics. */
export function getRecord(id: number, signal?: AbortSignal): Promise<AdminRecordDetail> {
  return call(api.adminRecord.get, { query: { id } }, { signal });
}


/** POST reassign at the version read; 409 when stale (the caller reloads). */
export function reassignRecord(row: Pick<AdminRecordRow, 'id' | 'version'>, auditorId: number): Promise<AdminRecordRow> {
  return call(api.adminRecord.reassign, { body: { id: row.id, version: row.version, auditorId } });
}

/** POST reopen at the version read; 409 when stale. */
/** `arrivalTakenAcknowledged`: the operator was shown the detail's reopenWarning and went on. */
export function reopenRecord(row: Pick<AdminRecordRow, 'id' | 'version'>, arrivalTakenAcknowledged = false): Promise<AdminRecordRow> {
  return call(api.adminRecord.reopen, { body: { id: row.id, version: row.version, ...(arrivalTakenAcknowledged ? { arrivalTakenAcknowledged } : {}) } });
}
