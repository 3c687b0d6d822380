import type { FastifyRequest } from 'fastify';
import { isMainlandPhone, maskPhone } from '@baobei/shared/rules/phone';
import type { PiiAccessInsert, PiiAccessRepository } from './pii-access-repository';

/** A customer an answer shows: the number as shown, and the report or customer it belongs to. */
export interface ShownCustomer {
  phone: string;
  recordId?: number | null;
  customerId?: number | null;
}

/** Who saw it: a signed-in account, or the external arrival link (no account). */
export type Viewer = { companyId: number; userId: number | null };

/**
 * The access log of full phone numbers (issue 33, item 2; docs/decisions/092). An answer that may
 * carry full numbers names what it shows (`shows`); only full mainland numbers are logged (a
 * masked 138****5678 is not personal data enough to log), one row per customer shown, all in
 * one INSERT, awaited before the answer is sent so an answer is never out without its rows.
 */
export function createPiiAccess(deps: { repository: PiiAccessRepository; phoneKey: (phone: string) => string; now?: () => Date }) {
  const { repository, phoneKey } = deps;

  function rowsOf(viewer: Viewer, route: string, shown: readonly ShownCustomer[]): PiiAccessInsert[] {
    const at = deps.now?.();
    const seen = new Set<string>();
    const rows: PiiAccessInsert[] = [];
    for (const item of shown) {
      if (!isMainlandPhone(item.phone)) continue;
      const recordId = item.recordId ?? null;
      const customerId = item.customerId ?? null;
      // One row per customer shown, however many times the answer repeats the number.
      const key = `${item.phone}:${recordId}:${customerId}`;
      if (seen.has(key)) continue;
      seen.add(key);
      rows.push({
        companyId: viewer.companyId,
        userId: viewer.userId,
        actor: viewer.userId === null ? 'EXTERNAL' : 'USER',
        phoneKey: phoneKey(item.phone),
        phoneMasked: maskPhone(item.phone),
        recordId,
        customerId,
        route,
        ...(at ? { createdAt: at } : {}),
      });
    }
    return rows;
  }

  async function record(viewer: Viewer, route: string, shown: readonly ShownCustomer[]): Promise<void> {
    await repository.insert(rowsOf(viewer, route, shown));
  }

  return {
    phoneKey,
    record,
    /**
     * A route's `onAnswer` (lib/endpoint-route.ts): what the answer shows, logged under the
     * route's path for the request's account, or as EXTERNAL when the request has none.
     */
    shows<D>(pick: (data: D) => readonly ShownCustomer[]) {
      return async (request: FastifyRequest, data: D): Promise<void> => {
        await record({ companyId: request.company.id, userId: request.user?.id ?? null }, request.routeOptions.url ?? request.url, pick(data));
      };
    },
  };
}
export type PiiAccess = ReturnType<typeof createPiiAccess>;
