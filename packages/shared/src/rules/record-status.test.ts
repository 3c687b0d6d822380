import { describe, expect, it } from 'vitest';
import {
  allowedTargets,
  canTransition,
  CLOSED_STATUSES,
  DEFAULT_TRANSITION_RULES,
  isClosedStatus,
  PRE_VISIT_STATUSES,
  RECORD_STATUSES,
  reopenTarget,
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

  it.each(RECORD_STATUSES.map((from) => [from, PRE_VISIT_STATUSES.includes(from) ? ['RECORDCLOSE'] : []] as const))(
    'lets the system (到访为王, decision 053) move %s only to %j',
    (from, expected) => {
      expect(allowedTargets(from, 'SYSTEM', rules)).toEqual(expected);
      expect(allowedTargets(from, 'SYSTEM', adminConfirms)).toEqual(expected);
    },
  );

  it('the system closes exactly the reports still waiting for the arrival', () => {
    expect(PRE_VISIT_STATUSES).toEqual(['RECORDSTART', 'RECORDSTANDBY', 'RECORDCOMPLETE', 'UNVISIT']);
    expect(canTransition('VISIT', 'RECORDCLOSE', 'SYSTEM', rules)).toBe(false);
    expect(canTransition('RECORDCOMPLETE', 'VISIT', 'SYSTEM', rules)).toBe(false);
  });

  it('never offers the current status or a way back to pending', () => {
    for (const from of RECORD_STATUSES) {
      for (const actor of ['AUDITOR', 'AUDITORADMIN', 'EXTERNAL', 'SYSTEM'] as const) {
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

describe('reopenTarget (console 重新打开, decision 048)', () => {
  it.each([
    // [current, history oldest first, expected]
    ['RECORDCLOSE', ['RECORDSTART', 'RECORDCLOSE'], 'RECORDSTANDBY'],
    ['RECORDCLOSE', ['RECORDSTART', 'RECORDSTANDBY', 'RECORDCLOSE'], 'RECORDSTANDBY'],
    ['RECORDCLOSE', ['RECORDSTART', 'RECORDCOMPLETE', 'RECORDCLOSE'], 'RECORDCOMPLETE'],
    ['RECORDCLOSE', ['RECORDSTART', 'RECORDCOMPLETE', 'UNVISIT', 'RECORDCLOSE'], 'UNVISIT'],
    ['RECORDCLOSE', ['RECORDSTART', 'RECORDCOMPLETE', 'VISIT', 'RECORDCLOSE'], 'VISIT'],
    ['MAKEBARGAINCLOSE', ['RECORDSTART', 'RECORDCOMPLETE', 'VISIT', 'MAKEBARGAIN', 'MAKEBARGAINCLOSE'], 'MAKEBARGAIN'],
    ['MAKEBARGAINCLOSE', ['RECORDSTART', 'RECORDCOMPLETE', 'VISIT', 'MAKEBARGAIN', 'MAKEBARGAINCOMPLETE', 'MAKEBARGAINCLOSE'], 'MAKEBARGAINCOMPLETE'],
    // Closed twice: the open status before the last close.
    ['RECORDCLOSE', ['RECORDSTART', 'RECORDCLOSE', 'RECORDSTANDBY', 'RECORDCOMPLETE', 'RECORDCLOSE'], 'RECORDCOMPLETE'],
    // Moved between closed statuses by the admin: the open one before them.
    ['MAKEBARGAINCLOSE', ['RECORDSTART', 'VISIT', 'RECORDCLOSE', 'MAKEBARGAINCLOSE'], 'VISIT'],
    // No history: a default per closed status.
    ['RECORDCLOSE', [], 'RECORDSTANDBY'],
    ['MAKEBARGAINCLOSE', [], 'MAKEBARGAIN'],
    // Not closed: nothing to reopen.
    ['VISIT', ['RECORDSTART', 'VISIT'], null],
    ['MAKEBARGAINCOMPLETE', ['MAKEBARGAINCOMPLETE'], null],
  ] as const)('%s after %j reopens to %s', (current, history, expected) => {
    expect(reopenTarget(current, history)).toBe(expected);
  });

  it('every reopening is a move the machine allows the auditor admin', () => {
    for (const closed of CLOSED_STATUSES) {
      for (const before of RECORD_STATUSES) {
        const to = reopenTarget(closed, ['RECORDSTART', before, closed]);
        expect(to).not.toBeNull();
        expect(canTransition(closed, to!, 'AUDITORADMIN', DEFAULT_TRANSITION_RULES)).toBe(true);
        expect(canTransition(closed, to!, 'AUDITOR', DEFAULT_TRANSITION_RULES)).toBe(false);
      }
    }
  });
});
