import type { TransitionActor } from './record-status';
import { isAuditorRole, isChannelRole, isDistributorRole, type RoleLike } from './roles';

/**
 * Who may do what (docs/decisions/025): the role predicates and the object rules on plain
 * data, for the web and the server alike. The server's SQL scopes (apps/server/src/access)
 * are built from the same rules. Outside this file, roles.ts and the server's access module
 * a role is never compared with a string (the lint rule `no-restricted-syntax` refuses it).
 */

export { isAuditorRole as isAuditor, isChannelRole, isDistributorRole as isDistributorStaff };

/** AUDITORADMIN: every report of the company, reopening, registration review, renewing links. */
export function isAuditorAdmin(role: RoleLike): role is 'AUDITORADMIN' {
  return role === 'AUDITORADMIN';
}

/** PLATFORM_ADMIN (docs/decisions/039): creates companies, acts on any company's brand, settings and hosts. */
export function isPlatformAdmin(role: RoleLike): role is 'PLATFORM_ADMIN' {
  return role === 'PLATFORM_ADMIN';
}

/** AUDITOR: the reports assigned to them; the only role with the vacation switch. */
export function isAssignedAuditor(role: RoleLike): role is 'AUDITOR' {
  return role === 'AUDITOR';
}

/** DIANZHANG: a shop manager, or with distributorControl the distributor's general account. */
export function isShopManager(role: RoleLike): role is 'DIANZHANG' {
  return role === 'DIANZHANG';
}

/** YUEWUYUAN: a broker of a shop manager. */
export function isBroker(role: RoleLike): role is 'YUEWUYUAN' {
  return role === 'YUEWUYUAN';
}

/** CHANNEL: the channel contact of the distributors that name them. */
export function isChannelContact(role: RoleLike): role is 'CHANNEL' {
  return role === 'CHANNEL';
}

/** CHANNELJINGLI: every distributor that has a channel contact. */
export function isChannelManager(role: RoleLike): role is 'CHANNELJINGLI' {
  return role === 'CHANNELJINGLI';
}

/** A DIANZHANG with distributorControl: the general account of its distributor. */
export function isGeneralAccount(account: { role: RoleLike; distributorControl: boolean }): boolean {
  return isShopManager(account.role) && account.distributorControl;
}

/** Part 1, section 6: the channel contacts (我的 → 渠道对接人) are for distributor staff. */
export function seesChannelContacts(role: RoleLike): boolean {
  return isDistributorRole(role);
}

/** The vacation switch (update-info's `vacation`) is the AUDITOR's only. */
export function hasVacationSwitch(role: RoleLike): boolean {
  return isAssignedAuditor(role);
}

/** Who moves a report between statuses on the audit calls: the auditor roles, nobody else. */
export function transitionActorOf(role: RoleLike): Exclude<TransitionActor, 'EXTERNAL' | 'SYSTEM'> | null {
  return isAuditorRole(role) ? role : null;
}

/** The fields of an account the object rules read. */
export interface AccessViewer {
  id: number;
  role: RoleLike;
  distributorId: number | null;
  distributorControl: boolean;
}

/**
 * Whom a shop manager looks after (docs/decisions/011), the one definition: a general
 * account its whole distributor (nobody when it has none), a shop manager their own shop.
 * The server's SQL scopes over accounts, staff and reports all start from this.
 */
export type ShopReach = { kind: 'distributor'; distributorId: number } | { kind: 'shop'; shopManagerId: number } | { kind: 'none' };

export function shopReachOf(viewer: Pick<AccessViewer, 'id' | 'distributorId' | 'distributorControl'>): ShopReach {
  if (!viewer.distributorControl) return { kind: 'shop', shopManagerId: viewer.id };
  return viewer.distributorId === null ? { kind: 'none' } : { kind: 'distributor', distributorId: viewer.distributorId };
}

/** The shop a new report belongs to (record.shop_manager_id): the reporter's, or their manager's. */
export function shopManagerOfReporter(reporter: { id: number; role: RoleLike; managerId: number | null }): number | null {
  return isShopManager(reporter.role) ? reporter.id : reporter.managerId;
}

/** The report's auditor side: its assigned AUDITOR and every AUDITORADMIN. */
export function isAuditorOfReport(viewer: Pick<AccessViewer, 'id' | 'role'>, report: { auditorId: number | null }): boolean {
  return isAuditorAdmin(viewer.role) || (isAssignedAuditor(viewer.role) && report.auditorId === viewer.id);
}

/** 公司订单 of a DIANZHANG (the company scope): the reports of their shop, or of their distributor. */
export function isInShopReach(viewer: AccessViewer, report: { shopManagerId: number | null; distributorId: number | null }): boolean {
  if (!isShopManager(viewer.role)) return false;
  const reach = shopReachOf(viewer);
  if (reach.kind === 'distributor') return report.distributorId === reach.distributorId;
  return reach.kind === 'shop' && report.shopManagerId === reach.shopManagerId;
}

/** The report's reporter side: the reporter, their shop manager and their distributor's general account. */
export function isReporterSide(
  viewer: AccessViewer,
  report: { reporterId: number; shopManagerId: number | null; distributorId: number | null },
): boolean {
  if (report.reporterId === viewer.id) return true;
  if (!isShopManager(viewer.role)) return false;
  if (report.shopManagerId === viewer.id) return true;
  return viewer.distributorControl && viewer.distributorId !== null && viewer.distributorId === report.distributorId;
}

/**
 * What a viewer may do with a report of their scope, alike on a list row and on the detail:
 * re-report (the reporter side, once protection ended), act on it (its auditors and the
 * channel roles), dial the customer (everyone but the channel roles).
 */
export function reportViewerFlags(
  viewer: AccessViewer,
  report: { reporterId: number; shopManagerId: number | null; distributorId: number | null; auditorId: number | null },
  protectionEnded: boolean,
): { isRecordAgain: 0 | 1; permission: 0 | 1; canDial: 0 | 1 } {
  const channel = isChannelRole(viewer.role);
  return {
    isRecordAgain: isReporterSide(viewer, report) && protectionEnded ? 1 : 0,
    permission: isAuditorOfReport(viewer, report) || channel ? 1 : 0,
    canDial: channel ? 0 : 1,
  };
}

/**
 * The staff a DIANZHANG manages (part 2, section 1): a general account its distributor's shop
 * managers, a shop manager their own brokers; active accounts of the same company and
 * distributor only. Nobody else manages anyone.
 */
export function managesStaff(
  actor: AccessViewer & { companyId: number },
  staff: { role: RoleLike; companyId: number; distributorId: number | null; managerId: number | null; distributorControl: boolean; active: boolean },
): boolean {
  if (!isShopManager(actor.role) || actor.distributorId === null) return false;
  if (staff.companyId !== actor.companyId || staff.distributorId !== actor.distributorId || !staff.active) return false;
  return actor.distributorControl
    ? isShopManager(staff.role) && !staff.distributorControl
    : isBroker(staff.role) && staff.managerId === actor.id;
}
