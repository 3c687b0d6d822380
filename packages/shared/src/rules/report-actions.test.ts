import { describe, expect, it } from 'vitest';
import { messages } from '../messages';
import { isAuditor, isChannelRole, isDistributorStaff } from './access';
import { permissionsOfRole } from './permissions';
import { isClosedStatus, RECORD_STATUSES, type RecordStatus } from './record-status';
import { canDialCustomer, reportActions } from './record-view';
import type { Role } from './roles';

const recordText = messages.recordTrack;

/** The server's flags per role (record-tracking-service viewerFlags) for a report of the viewer's scope. */
function viewerOf(role: Role) {
  const staffType = isDistributorStaff(role) ? role : '';
  return { role, staffType, permissionList: permissionsOfRole(role) };
}
function reportFor(role: Role, status: RecordStatus, isRecordAgain = 0, phone = '13912345678') {
  const channel = isChannelRole(role);
  const auditor = isAuditor(role);
  return {
    approvalStatus: status,
    permission: channel || auditor ? 1 : 0,
    isRecordAgain,
    canDial: channel ? 0 : 1,
    customerInfo: { phone },
  };
}

describe('report actions per role and status', () => {
  for (const status of RECORD_STATUSES) {
    it(`${status}`, () => {
      const closed = isClosedStatus(status);
      const menuOf = (role: Role) => reportActions(viewerOf(role), reportFor(role, status)).menuLabel;
      expect(menuOf('AUDITOR')).toBe(closed ? recordText.actionView : recordText.actionAudit);
      expect(menuOf('AUDITORADMIN')).toBe(recordText.actionAudit);
      expect(menuOf('CHANNEL')).toBe(recordText.actionChannel);
      expect(menuOf('CHANNELJINGLI')).toBe(recordText.actionChannel);
      expect(menuOf('DIANZHANG')).toBeNull();
      expect(menuOf('YUEWUYUAN')).toBeNull();

      for (const role of ['AUDITOR', 'AUDITORADMIN'] as const) {
        const a = reportActions(viewerOf(role), reportFor(role, status));
        expect(a.canMarkVisit, role).toBe(status === 'RECORDCOMPLETE');
        expect(a.canDial, role).toBe(true);
        expect(a.canReReport, role).toBe(false);
      }
      for (const role of ['CHANNEL', 'CHANNELJINGLI', 'DIANZHANG', 'YUEWUYUAN'] as const) {
        const a = reportActions(viewerOf(role), reportFor(role, status));
        expect(a.canMarkVisit, role).toBe(false);
        expect(a.canChangeStatus, role).toBe(false);
        expect(a.canDial, role).toBe(isDistributorStaff(role));
      }
    });
  }

  it('re-report: shop manager and clerk where the server offers it, never auditors or channel roles', () => {
    for (const role of ['DIANZHANG', 'YUEWUYUAN'] as const) {
      expect(reportActions(viewerOf(role), reportFor(role, 'RECORDCLOSE', 1)).canReReport).toBe(true);
      expect(reportActions(viewerOf(role), reportFor(role, 'RECORDCLOSE', 0)).canReReport).toBe(false);
    }
    for (const role of ['CHANNEL', 'CHANNELJINGLI', 'AUDITOR', 'AUDITORADMIN'] as const) {
      expect(reportActions(viewerOf(role), reportFor(role, 'RECORDCLOSE', 1)).canReReport).toBe(false);
    }
  });

  it('no dialling a hidden or missing number (decision 019)', () => {
    expect(canDialCustomer(1, '139****5678')).toBe(false);
    expect(canDialCustomer(1, '')).toBe(false);
    expect(canDialCustomer(0, '13912345678')).toBe(false);
    expect(canDialCustomer(1, '13912345678')).toBe(true);
    expect(reportActions(viewerOf('AUDITOR'), reportFor('AUDITOR', 'RECORDSTART', 0, '139****5678')).canDial).toBe(false);
  });

  it('no role, no menu', () => {
    expect(reportActions({ role: null, staffType: '', permissionList: [] }, reportFor('AUDITOR', 'RECORDSTART')).menuLabel).toBeNull();
  });
});
