import { describe, expect, it } from 'vitest';
import { canOpenRoute, findRoute } from '../routes';
import {
  hasVacationSwitch,
  isAssignedAuditor,
  isAuditor,
  isAuditorAdmin,
  isAuditorOfReport,
  isBroker,
  isChannelContact,
  isChannelManager,
  isChannelRole,
  isDistributorStaff,
  isGeneralAccount,
  isInShopReach,
  isReporterSide,
  isShopManager,
  managesStaff,
  reportViewerFlags,
  seesChannelContacts,
  shopManagerOfReporter,
  shopReachOf,
  transitionActorOf,
} from './access';
import { hasAnyPermission, permissionsOfRole, type Permission } from './permissions';
import { ROLES, type Role } from './roles';

/** Each predicate, and the roles it holds for: every role is checked against every predicate. */
const EXPECTED: Record<string, [(role: Role) => boolean, readonly Role[]]> = {
  isAuditor: [isAuditor, ['AUDITOR', 'AUDITORADMIN']],
  isAuditorAdmin: [isAuditorAdmin, ['AUDITORADMIN']],
  isAssignedAuditor: [isAssignedAuditor, ['AUDITOR']],
  isShopManager: [isShopManager, ['DIANZHANG']],
  isBroker: [isBroker, ['YUEWUYUAN']],
  isDistributorStaff: [isDistributorStaff, ['DIANZHANG', 'YUEWUYUAN']],
  isChannelRole: [isChannelRole, ['CHANNEL', 'CHANNELJINGLI']],
  isChannelContact: [isChannelContact, ['CHANNEL']],
  isChannelManager: [isChannelManager, ['CHANNELJINGLI']],
  seesChannelContacts: [seesChannelContacts, ['DIANZHANG', 'YUEWUYUAN']],
  hasVacationSwitch: [hasVacationSwitch, ['AUDITOR']],
};

describe('role predicates', () => {
  for (const [name, [predicate, holders]] of Object.entries(EXPECTED)) {
    it(name, () => {
      for (const role of ROLES) expect(predicate(role), role).toBe(holders.includes(role));
    });
  }

  it('an empty or absent role holds none of them', () => {
    for (const [predicate] of Object.values(EXPECTED)) {
      for (const role of ['', null, undefined]) expect(predicate(role as Role)).toBe(false);
    }
  });

  it('the transition actor is the auditor role itself, nobody else acts', () => {
    for (const role of ROLES) expect(transitionActorOf(role), role).toBe(isAuditor(role) ? role : null);
  });

  it('a general account is a DIANZHANG with distributorControl', () => {
    for (const role of ROLES) {
      expect(isGeneralAccount({ role, distributorControl: true }), role).toBe(role === 'DIANZHANG');
      expect(isGeneralAccount({ role, distributorControl: false }), role).toBe(false);
    }
  });
});

describe('one permission model: the route table and the session permission list agree', () => {
  const pages: [Parameters<typeof findRoute>[0], Permission][] = [
    ['houseRecord', 'RECORD_SUBMIT'],
    ['rapidRecord', 'RECORD_SUBMIT'],
    ['customerList', 'CUSTOMER_MANAGE'],
    ['staffList', 'STAFF_MANAGE'],
    ['statistics', 'STATISTICS_VIEW'],
    ['recordAudit', 'RECORD_APPROVAL'],
    ['registerReview', 'REGISTRATION_REVIEW'],
    ['recordList', 'RECORD_VIEW'],
  ];
  for (const [page, permission] of pages) {
    it(`${page} opens for exactly the roles granted ${permission}`, () => {
      for (const role of ROLES) expect(canOpenRoute(findRoute(page), role), role).toBe(hasAnyPermission(permissionsOfRole(role), [permission]));
    });
  }
});

const viewer = (role: Role, extra: Partial<{ id: number; distributorId: number | null; distributorControl: boolean }> = {}) => ({
  id: 1,
  role,
  distributorId: 10,
  distributorControl: false,
  ...extra,
});

describe('object rules', () => {
  it("whom a shop manager looks after: a general account its distributor, a shop manager their shop", () => {
    expect(shopReachOf({ id: 1, distributorId: 10, distributorControl: false })).toEqual({ kind: 'shop', shopManagerId: 1 });
    expect(shopReachOf({ id: 1, distributorId: 10, distributorControl: true })).toEqual({ kind: 'distributor', distributorId: 10 });
    expect(shopReachOf({ id: 1, distributorId: null, distributorControl: true })).toEqual({ kind: 'none' });
  });

  it('the shop of a new report', () => {
    expect(shopManagerOfReporter({ id: 5, role: 'DIANZHANG', managerId: null })).toBe(5);
    expect(shopManagerOfReporter({ id: 5, role: 'YUEWUYUAN', managerId: 2 })).toBe(2);
  });

  it('the auditor side of a report: its AUDITOR and every AUDITORADMIN', () => {
    for (const role of ROLES) {
      expect(isAuditorOfReport(viewer(role), { auditorId: 1 }), role).toBe(isAuditor(role));
      expect(isAuditorOfReport(viewer(role), { auditorId: 2 }), role).toBe(role === 'AUDITORADMIN');
      expect(isAuditorOfReport(viewer(role), { auditorId: null }), role).toBe(role === 'AUDITORADMIN');
    }
  });

  it('the reporter side: the reporter, their shop manager, their general account', () => {
    const report = { reporterId: 7, shopManagerId: 1, distributorId: 10 };
    for (const role of ROLES) {
      expect(isReporterSide(viewer(role, { id: 7 }), report), role).toBe(true);
      expect(isReporterSide(viewer(role), report), role).toBe(role === 'DIANZHANG');
      expect(isReporterSide(viewer(role, { id: 3, distributorControl: true }), report), role).toBe(role === 'DIANZHANG');
      expect(isReporterSide(viewer(role, { id: 3 }), report), role).toBe(false);
      expect(isReporterSide(viewer(role, { id: 3, distributorControl: true, distributorId: 11 }), report), role).toBe(false);
    }
  });

  it('the company scope (公司订单): DIANZHANG only, by shop or by distributor', () => {
    const report = { shopManagerId: 1, distributorId: 10 };
    for (const role of ROLES) {
      expect(isInShopReach(viewer(role), report), role).toBe(role === 'DIANZHANG');
      expect(isInShopReach(viewer(role, { id: 2 }), report), role).toBe(false);
      expect(isInShopReach(viewer(role, { id: 2, distributorControl: true }), report), role).toBe(role === 'DIANZHANG');
      expect(isInShopReach(viewer(role, { id: 2, distributorControl: true, distributorId: null }), report), role).toBe(false);
    }
  });

  it('viewer flags per role', () => {
    const report = { reporterId: 1, shopManagerId: 1, distributorId: 10, auditorId: 1 };
    for (const role of ROLES) {
      const flags = reportViewerFlags(viewer(role), report, true);
      expect(flags.permission, role).toBe(isAuditor(role) || isChannelRole(role) ? 1 : 0);
      expect(flags.canDial, role).toBe(isChannelRole(role) ? 0 : 1);
      expect(flags.isRecordAgain, role).toBe(1);
      expect(reportViewerFlags(viewer(role), report, false).isRecordAgain, role).toBe(0);
    }
  });

  it('who manages whom: a shop manager their brokers, a general account its shop managers', () => {
    const actor = (role: Role, distributorControl = false) => ({ ...viewer(role, { distributorControl }), companyId: 100 });
    const broker = { role: 'YUEWUYUAN', companyId: 100, distributorId: 10, managerId: 1, distributorControl: false, active: true };
    const manager = { role: 'DIANZHANG', companyId: 100, distributorId: 10, managerId: null, distributorControl: false, active: true };
    for (const role of ROLES) {
      expect(managesStaff(actor(role), broker), role).toBe(role === 'DIANZHANG');
      expect(managesStaff(actor(role, true), manager), role).toBe(role === 'DIANZHANG');
    }
    expect(managesStaff(actor('DIANZHANG'), manager)).toBe(false);
    expect(managesStaff(actor('DIANZHANG', true), broker)).toBe(false);
    expect(managesStaff(actor('DIANZHANG', true), { ...manager, distributorControl: true })).toBe(false);
    expect(managesStaff(actor('DIANZHANG'), { ...broker, managerId: 2 })).toBe(false);
    expect(managesStaff(actor('DIANZHANG'), { ...broker, active: false })).toBe(false);
    expect(managesStaff(actor('DIANZHANG'), { ...broker, companyId: 101 })).toBe(false);
    expect(managesStaff(actor('DIANZHANG'), { ...broker, distributorId: 11 })).toBe(false);
    expect(managesStaff({ ...actor('DIANZHANG'), distributorId: null }, { ...broker, distributorId: null })).toBe(false);
  });
});
