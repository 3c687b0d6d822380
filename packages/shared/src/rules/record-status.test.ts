import { describe, expect, it } from 'vitest';
import {
  allowedTargets,
  canTransition,
  DEFAULT_TRANSITION_RULES,
  isClosedStatus,
  RECORD_STATUSES,
  transitionNeedsVisitTime,
} from './record-status';

const rules = DEFAULT_TRANSITION_RULES;
const adminConfirms = { dealConfirmByAdmin: true };

describe('report status machine', () => {
  it('moves a pending report to processing, sent to developer or invalid', () => {
    expect(allowedTargets('RECORDSTART', 'AUDITOR', rules)).toEqual(['RECORDSTANDBY', 'RECORDCOMPLETE', 'RECORDCLOSE']);
  });

  it('lets only the auditor admin change closed reports', () => {
    for (const closed of ['RECORDCLOSE', 'MAKEBARGAINCLOSE'] as const) {
      expect(isClosedStatus(closed)).toBe(true);
      expect(allowedTargets(closed, 'AUDITOR', rules)).toEqual([]);
      expect(canTransition(closed, 'RECORDSTANDBY', 'AUDITORADMIN', rules)).toBe(true);
    }
  });

  it('lets the assigned auditor confirm a deal by default (decision 022)', () => {
    expect(rules.dealConfirmByAdmin).toBe(false);
    expect(allowedTargets('MAKEBARGAIN', 'AUDITOR', rules)).toEqual(['MAKEBARGAINCOMPLETE', 'MAKEBARGAINCLOSE']);
    expect(canTransition('MAKEBARGAIN', 'MAKEBARGAINCOMPLETE', 'AUDITORADMIN', rules)).toBe(true);
    expect(allowedTargets('MAKEBARGAINCOMPLETE', 'AUDITOR', rules)).toEqual(['MAKEBARGAINCLOSE']);
  });

  it('keeps deal confirmation for the auditor admin when the company asks for it', () => {
    expect(canTransition('MAKEBARGAIN', 'MAKEBARGAINCOMPLETE', 'AUDITOR', adminConfirms)).toBe(false);
    expect(allowedTargets('MAKEBARGAIN', 'AUDITOR', adminConfirms)).toEqual(['MAKEBARGAINCLOSE']);
    expect(canTransition('MAKEBARGAIN', 'MAKEBARGAINCOMPLETE', 'AUDITORADMIN', adminConfirms)).toBe(true);
    expect(allowedTargets('MAKEBARGAINCOMPLETE', 'AUDITOR', adminConfirms)).toEqual([]);
    expect(allowedTargets('MAKEBARGAINCOMPLETE', 'AUDITORADMIN', adminConfirms)).toEqual(['MAKEBARGAINCLOSE']);
    expect(allowedTargets('VISIT', 'AUDITOR', adminConfirms)).toEqual(allowedTargets('VISIT', 'AUDITOR', rules));
  });

  it('lets the developer’s staff only confirm a visit of a report sent to them', () => {
    expect(allowedTargets('RECORDCOMPLETE', 'EXTERNAL', rules)).toEqual(['VISIT']);
    for (const from of RECORD_STATUSES.filter((s) => s !== 'RECORDCOMPLETE')) {
      expect(allowedTargets(from, 'EXTERNAL', rules)).toEqual([]);
    }
  });

  it('never offers the current status or a way back to pending', () => {
    for (const from of RECORD_STATUSES) {
      for (const actor of ['AUDITOR', 'AUDITORADMIN', 'EXTERNAL'] as const) {
        const targets = allowedTargets(from, actor, rules);
        expect(targets).not.toContain(from);
        expect(targets).not.toContain('RECORDSTART');
      }
    }
  });

  it('asks for a visit time only for VISIT', () => {
    expect(transitionNeedsVisitTime('VISIT')).toBe(true);
    expect(transitionNeedsVisitTime('UNVISIT')).toBe(false);
  });
});
