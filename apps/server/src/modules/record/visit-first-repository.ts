import { and, asc, eq, inArray, isNull, ne, notInArray, or, sql } from 'drizzle-orm';
import type { ProtectionMode } from '@baobei/shared/rules/house';
import { statusesReaching } from '@baobei/shared/rules/record-funnel';
import { PRE_VISIT_STATUSES, type RecordStatus } from '@baobei/shared/rules/record-status';
import { EXPIRING_STATUSES } from '@baobei/shared/rules/record-view';
import type { Executor } from '../../db/client';
import { house, record } from '../../db/schema';
import { samePhoneSql } from '../../db/sql/same-customer';

// 到访为王's reads (visit-first.ts, docs/decisions/053), in the caller's transaction.

/** VISIT and the deal's steps: a report whose customer's arrival was confirmed. */
const VISITED: readonly RecordStatus[] = statusesReaching('visited');

/** The arriving report's listing and customer: the keys of the duplicate rule (the masked phone and the number, as 撞单 matches). */
export interface ArrivalFacts {
  houseId: number;
  mask: string;
  phone: string;
  mode: ProtectionMode;
}

/** The arriving report's listing mode and customer keys; undefined when it is not the company's. */
export async function arrivalFacts(companyId: number, recordId: number, tx: Executor): Promise<ArrivalFacts | undefined> {
  const rows = await tx
    .select({ houseId: record.houseId, mask: record.customerPhoneMasked, phone: record.customerPhone, mode: house.protectionMode })
    .from(record)
    .innerJoin(house, eq(house.id, record.houseId))
    .where(and(eq(record.id, recordId), eq(record.companyId, companyId)))
    .limit(1);
  return rows[0];
}

/** The customer's other reports of the listing. */
const sameCustomer = (companyId: number, recordId: number, found: ArrivalFacts) =>
  and(
    eq(record.companyId, companyId),
    eq(record.houseId, found.houseId),
    eq(record.customerPhoneMasked, found.mask),
    samePhoneSql(record.customerPhone, sql`${found.phone}::text`),
    ne(record.id, recordId),
  );

/**
 * Another report of the customer holding a confirmed arrival: visited or a deal, its protection
 * not ended (decision 051's stored fact: a visit whose viewing protection ended no longer holds
 * the customer).
 */
export async function heldArrival(companyId: number, recordId: number, found: ArrivalFacts, tx: Executor) {
  const won = await tx
    .select({ id: record.id, status: record.status })
    .from(record)
    .where(
      and(
        sameCustomer(companyId, recordId, found),
        inArray(record.status, [...VISITED]),
        or(isNull(record.protectionExpiredAt), notInArray(record.status, [...EXPIRING_STATUSES])),
      ),
    )
    .limit(1);
  return won[0] ?? null;
}

/** The customer's reports still waiting for an arrival, locked (by auditor, then id: one order for every writer). */
export function lockWaitingRivals(companyId: number, recordId: number, found: ArrivalFacts, tx: Executor) {
  return tx
    .select({ id: record.id, status: record.status, version: record.version })
    .from(record)
    .where(and(sameCustomer(companyId, recordId, found), inArray(record.status, [...PRE_VISIT_STATUSES])))
    .orderBy(asc(record.auditorId), asc(record.id))
    .for('update');
}
