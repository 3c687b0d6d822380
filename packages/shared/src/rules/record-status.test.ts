import { describe, expect, it } from 'vitest';
import { allowedTargets, canTransition, isClosedStatus, RECORD_STATUSES, transitionNeedsVisitTime } from './record-status';

describe('report status machine', () => {
  it('moves a pending report to processing, sent to developer or invalid', () => {
    expect(allowedTargets('RECORDSTART', 'AUDITOR')).toEqual(['RECORDSTANDBY', 'RECORDCOMPLETE', 'RECORDCLOSE']);
  });

  it('lets only the auditor admin change closed reports', () => {
    for (const closed of ['RECORDCLOSE', 'MAKEBARGAINCLOSE'] as const) {
      expect(isClosedStatus(closed)).toBe(true);
      expect(allowedTargets(closed, 'AUDITOR')).toEqual([]);
      expect(canTransition(closed, 'RECORDSTANDBY', 'AUDITORADMIN')).toBe(true);
    }
  });

  it('keeps deal confirmation for the auditor admin', () => {
    expect(canTransition('MAKEBARGAIN', 'MAKEBARGAINCOMPLETE', 'AUDITOR')).toBe(false);
    expect(canTransition('MAKEBARGAIN', 'MAKEBARGAINCOMPLETE', 'AUDITORADMIN')).toBe(true);
    expect(allowedTargets('MAKEBARGAINCOMPLETE', 'AUDITOR')).toEqual([]);
  });

  it('lets the developer’s staff only confirm a visit of a report sent to them', () => {
    expect(allowedTargets('RECORDCOMPLETE', 'EXTERNAL')).toEqual(['VISIT']);
    for (const from of RECORD_STATUSES.filter((s) => s !== 'RECORDCOMPLETE')) {
      expect(allowedTargets(from, 'EXTERNAL')).toEqual([]);
    }
  });

  it('never offers the current status or a way back to pending', () => {
    for (const from of RECORD_STATUSES) {
      for (const actor of ['AUDITOR', 'AUDITORADMIN', 'EXTERNAL'] as const) {
        const targets = allowedTargets(from, actor);
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
