import { api } from '@baobei/shared/contract';
import type { AdminRecordOption } from '@baobei/shared/schemas/admin-record';
import { call } from '../lib/api-client';

/** What the report table's options call searches: the company's listings, distributors, brokers or auditors. */
export type RecordOptionKind = 'house' | 'distributor' | 'broker' | 'auditor';

/** GET /api/admin/record/options: 50 at most, by name, as the operator types (报备管理 and 数据驾驶舱 pick with it). */
export function recordOptions(kind: RecordOptionKind, keyword: string, signal?: AbortSignal): Promise<AdminRecordOption[]> {
  return call(api.adminRecord.options, { query: { kind, ...(keyword ? { keyword } : {}) } }, { signal });
}
