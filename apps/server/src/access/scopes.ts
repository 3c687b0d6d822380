import { and, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import { isAssignedAuditor, isAuditorAdmin, isGeneralAccount, isShopManager, shopReachOf } from '@baobei/shared/rules/access';
import type { Role } from '@baobei/shared/rules/roles';
import { customer, distributor, record, user } from '../db/schema';

/**
 * Every SQL scope of the app (docs/decisions/025), built from the shared access rules
 * (@baobei/shared/rules/access): which reports a viewer sees, whom a shop manager looks
 * after, whom they manage, whose channel contact someone is. Repositories import their
 * conditions from here; no module writes a scope of its own or passes SQL to another.
 */

/** Who is looking: the fields of the session user the scopes read. */
export interface Viewer {
  id: number;
  companyId: number;
  role: Role;
  distributorId: number | null;
  distributorControl: boolean;
}

/** The fields `staffScope` reads (any DIANZHANG; the route table keeps the others out). */
export type StaffViewer = Pick<Viewer, 'id' | 'companyId' | 'distributorId' | 'distributorControl'>;

/** Who acts on staff: the fields of the signed-in shop manager or general account `managedBy` reads. */
export type ManagingActor = Pick<Viewer, 'id' | 'companyId' | 'distributorId' | 'distributorControl'> & { role: string };

const NOTHING = sql`false`;
const EVERYTHING = sql`true`;

/**
 * The accounts a DIANZHANG looks after (docs/decisions/011, `shopReachOf`): a shop manager
 * and their brokers, or every account of a general account's distributor (only themselves
 * without one); always within the company.
 */
export function staffScope(viewer: StaffViewer): SQL {
  const reach = shopReachOf(viewer);
  const scope =
    reach.kind === 'distributor'
      ? eq(user.distributorId, reach.distributorId)
      : reach.kind === 'shop'
        ? or(eq(user.id, viewer.id), eq(user.managerId, reach.shopManagerId))
        : eq(user.id, viewer.id);
  return and(eq(user.companyId, viewer.companyId), scope)!;
}

/**
 * Whose customer's page a viewer opens (docs/decisions/088): their own customers, and a
 * DIANZHANG's also those 公司客户 lists, the customers whose owner is in `staffScope` (the
 * query joins the owner as `user`). Nobody else's: another broker, distributor or company.
 */
export function customerPageScope(viewer: Viewer): SQL {
  const own = eq(customer.ownerId, viewer.id);
  return isShopManager(viewer.role) ? or(own, staffScope(viewer))! : own;
}

/**
 * The staff an actor manages, as one SQL condition (part 2, section 1; the shared
 * `managesStaff`): a general account its distributor's shop managers, a shop manager its own
 * brokers; active accounts of the actor's company and distributor only. Nobody else manages anyone.
 */
export function managedBy(actor: ManagingActor): SQL {
  if (!isShopManager(actor.role) || actor.distributorId === null) return NOTHING;
  const reach = shopReachOf(actor);
  return and(
    eq(user.companyId, actor.companyId),
    eq(user.distributorId, actor.distributorId),
    eq(user.active, true),
    reach.kind === 'distributor'
      ? and(eq(user.role, 'DIANZHANG'), eq(user.distributorControl, false))
      : and(eq(user.role, 'YUEWUYUAN'), eq(user.managerId, actor.id)),
  )!;
}

/** The distributors whose channel contact the viewer is (a new contact inherits the history). */
function distributorsOfChannelContact(viewer: Viewer): SQL {
  return sql`(select ${distributor.id} from ${distributor} where ${distributor.companyId} = ${viewer.companyId} and ${distributor.channelUserId} = ${viewer.id})`;
}

/** The distributors that have a channel contact: a channel manager's. */
function distributorsWithChannelContact(viewer: Viewer): SQL {
  return sql`(select ${distributor.id} from ${distributor} where ${distributor.companyId} = ${viewer.companyId} and ${distributor.channelUserId} is not null)`;
}

/**
 * Which reports a screen shows (DECISIONS.md 'Who sees which reports', docs/decisions/011):
 * - own: 我的订单 (get-record-list). Brokers, shop managers and general accounts: their own
 *   reports; CHANNEL: the reports of the distributors they are the channel contact of;
 *   CHANNELJINGLI: every report of a distributor with a channel contact; AUDITOR: the
 *   reports assigned to them; AUDITORADMIN: every report of the company.
 * - company: 公司订单 (get-distributor-record-list, DIANZHANG only). A shop manager: the
 *   reports of their shop (record.shop_manager_id, taken at submit); a general account:
 *   every report of their distributor (the shared `isInShopReach`).
 * - any: the detail, its images and dynamics: own, plus for DIANZHANG the company scope.
 * - audit: the audit calls: AUDITOR assigned, AUDITORADMIN all (the shared `isAuditorOfReport`).
 */
export type ScopeKind = 'own' | 'company' | 'any' | 'audit';

function companyScope(viewer: Viewer): SQL {
  if (!isShopManager(viewer.role)) return NOTHING;
  const reach = shopReachOf(viewer);
  if (reach.kind === 'distributor') return eq(record.distributorId, reach.distributorId);
  return reach.kind === 'shop' ? eq(record.shopManagerId, reach.shopManagerId) : NOTHING;
}

function ownScope(viewer: Viewer): SQL {
  switch (viewer.role) {
    case 'YUEWUYUAN':
    case 'DIANZHANG':
      return eq(record.reporterId, viewer.id);
    case 'CHANNEL':
      return inArray(record.distributorId, distributorsOfChannelContact(viewer));
    case 'CHANNELJINGLI':
      return inArray(record.distributorId, distributorsWithChannelContact(viewer));
    case 'AUDITOR':
      return eq(record.auditorId, viewer.id);
    case 'AUDITORADMIN':
      return EVERYTHING;
    // docs/decisions/039: console accounts see no report through the mobile calls.
    case 'OPERATOR':
    case 'PLATFORM_ADMIN':
      return NOTHING;
  }
}

function auditScope(viewer: Viewer): SQL {
  if (isAssignedAuditor(viewer.role)) return eq(record.auditorId, viewer.id);
  if (isAuditorAdmin(viewer.role)) return EVERYTHING;
  return NOTHING;
}

/**
 * The one place the report visibility rule is written in SQL; always within the viewer's company.
 * It branches on the kind, the role and the shop reach's kind only (`recordScopeShape`), never
 * on an id's value: `preparedRecordScope` relies on it.
 */
export function recordScope(viewer: Viewer, kind: ScopeKind): SQL {
  const byKind =
    kind === 'own'
      ? ownScope(viewer)
      : kind === 'company'
        ? companyScope(viewer)
        : kind === 'audit'
          ? auditScope(viewer)
          : isShopManager(viewer.role)
            ? or(ownScope(viewer), companyScope(viewer))!
            : ownScope(viewer);
  return and(eq(record.companyId, viewer.companyId), byKind)!;
}

/**
 * What recordScope's condition looks like for this viewer, apart from the values of the ids:
 * the kind, the role and the shop reach's kind. A statement prepared once per shape (decision
 * 032) is named by it.
 */
export function recordScopeShape(viewer: Viewer, kind: ScopeKind): string {
  return `${kind}_${viewer.role}_${shopReachOf(viewer).kind}`.toLowerCase();
}

/** The values of `preparedRecordScope`'s placeholders for this viewer. */
export function recordScopeValues(viewer: Viewer): { scopeViewerId: number; scopeCompanyId: number; scopeDistributorId: number | null } {
  return { scopeViewerId: viewer.id, scopeCompanyId: viewer.companyId, scopeDistributorId: viewer.distributorId };
}

/**
 * recordScope for a statement prepared once per shape (decision 032): the same condition for
 * every viewer of `recordScopeShape(viewer, kind)`, with the viewer's ids as placeholders that
 * `recordScopeValues` fills.
 */
export function preparedRecordScope(viewer: Viewer, kind: ScopeKind): SQL {
  const placeholder = (name: keyof ReturnType<typeof recordScopeValues>) => sql.placeholder(name) as unknown as number;
  return recordScope(
    {
      role: viewer.role,
      distributorControl: viewer.distributorControl,
      id: placeholder('scopeViewerId'),
      companyId: placeholder('scopeCompanyId'),
      // Whether there is one is part of the shape (shopReachOf).
      distributorId: viewer.distributorId === null ? null : placeholder('scopeDistributorId'),
    },
    kind,
  );
}

/** A key kind of record_tally (migration 0014, docs/decisions/041). */
export type TallyScope = 'company' | 'reporter' | 'distributor' | 'shop' | 'auditor';

/**
 * recordScope of a list ('own' or 'company') as keys of record_tally: the scope's reports are
 * exactly those whose `scope` column holds one of `ids` (a report has one reporter, distributor,
 * shop manager and auditor), so their count per status is the sum of those keys' rows. 'nothing'
 * where recordScope is `false`. Written beside recordScope, branch for branch: scopes.test.ts and
 * record-tally.test.ts hold the two to the same counts.
 */
export function recordTallyScope(viewer: Viewer, kind: 'own' | 'company'): { scope: TallyScope; ids: number | SQL } | 'nothing' {
  if (kind === 'company') {
    if (!isShopManager(viewer.role)) return 'nothing';
    const reach = shopReachOf(viewer);
    if (reach.kind === 'distributor') return { scope: 'distributor', ids: reach.distributorId };
    return reach.kind === 'shop' ? { scope: 'shop', ids: reach.shopManagerId } : 'nothing';
  }
  switch (viewer.role) {
    case 'YUEWUYUAN':
    case 'DIANZHANG':
      return { scope: 'reporter', ids: viewer.id };
    case 'CHANNEL':
      return { scope: 'distributor', ids: distributorsOfChannelContact(viewer) };
    case 'CHANNELJINGLI':
      return { scope: 'distributor', ids: distributorsWithChannelContact(viewer) };
    case 'AUDITOR':
      return { scope: 'auditor', ids: viewer.id };
    case 'AUDITORADMIN':
      return { scope: 'company', ids: 0 };
    case 'OPERATOR':
    case 'PLATFORM_ADMIN':
      return 'nothing';
  }
}

/**
 * The console's reach (docs/decisions/039, 049): an operator of a company sees every report of
 * it, whoever reported or audits it, and nothing of another company.
 */
export function consoleRecordScope(companyId: number): SQL {
  return eq(record.companyId, companyId);
}

/**
 * 对账单 (docs/decisions/082): the reports whose deals a statement may read. The console names
 * a distributor of its company; on the phone a general account reads its own distributor only
 * (anyone else, and a general account without a distributor, nothing).
 */
export type StatementReach = { console: number; distributorId: number } | { viewer: Viewer };
export function statementScope(reach: StatementReach): SQL {
  if ('console' in reach) return and(consoleRecordScope(reach.console), eq(record.distributorId, reach.distributorId))!;
  const { viewer } = reach;
  if (!isGeneralAccount(viewer) || viewer.distributorId === null) return NOTHING;
  return and(eq(record.companyId, viewer.companyId), eq(record.distributorId, viewer.distributorId))!;
}
