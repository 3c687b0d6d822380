import { messages } from '@baobei/shared/messages';
import { DEFAULT_TRANSITION_RULES } from '@baobei/shared/rules/record-status';
import { describe, expect, it } from 'vitest';
import { auditChoices, auditFormOpen, auditFormProblem, auditFormReducer, auditSubmitInput, initialAuditForm } from './audit-form';

const recordText = messages.recordTrack;
const rules = DEFAULT_TRANSITION_RULES;

describe('audit form', () => {
  it('offers 确认成交 to the assigned auditor unless the company keeps it for the admin (decision 022)', () => {
    expect(auditChoices(initialAuditForm('MAKEBARGAIN', 'AUDITOR', rules))).toEqual(['MAKEBARGAIN', 'MAKEBARGAINCOMPLETE', 'MAKEBARGAINCLOSE']);
    const adminConfirms = { dealConfirmByAdmin: true };
    expect(auditChoices(initialAuditForm('MAKEBARGAIN', 'AUDITOR', adminConfirms))).toEqual(['MAKEBARGAIN', 'MAKEBARGAINCLOSE']);
    expect(auditChoices(initialAuditForm('MAKEBARGAIN', 'AUDITORADMIN', adminConfirms))).toContain('MAKEBARGAINCOMPLETE');
  });

  it('offers 提交 only where the server takes something: never on a closed report (issue 28, item 8)', () => {
    for (const closed of ['RECORDCLOSE', 'MAKEBARGAINCLOSE'] as const) {
      const state = initialAuditForm(closed, 'AUDITOR', rules);
      expect(state.status).toBeNull();
      expect(auditFormOpen(state)).toBe(false);
    }
    expect(auditFormOpen(initialAuditForm('RECORDSTART', 'AUDITOR', rules))).toBe(true);
    expect(auditFormOpen(initialAuditForm('VISIT', 'AUDITOR', rules))).toBe(true);
  });

  it('starts a pending report on 处理中 with the reject switch for auditors', () => {
    const state = initialAuditForm('RECORDSTART', 'AUDITOR', rules);
    expect(auditChoices(state)).toEqual(['RECORDSTANDBY', 'RECORDCOMPLETE', 'RECORDCLOSE']);
    expect(state.status).toBe('RECORDSTANDBY');
    expect(state.rebackAllowed).toBe(true);
  });

  it('reject on forces 报备无效 and blocks the picker; off goes back to 处理中', () => {
    let state = initialAuditForm('RECORDSTART', 'AUDITOR', rules);
    state = auditFormReducer(state, { type: 'status', status: 'RECORDCOMPLETE' });
    state = auditFormReducer(state, { type: 'reback', on: true });
    expect(state.status).toBe('RECORDCLOSE');
    expect(auditChoices(state)).toEqual(['RECORDCLOSE']);
    expect(auditFormReducer(state, { type: 'status', status: 'RECORDCOMPLETE' }).status).toBe('RECORDCLOSE');
    state = auditFormReducer(state, { type: 'reback', on: false });
    expect(state).toMatchObject({ reback: false, status: 'RECORDSTANDBY' });
  });

  it('has no reject switch past pending', () => {
    const state = initialAuditForm('RECORDCOMPLETE', 'AUDITOR', rules);
    expect(state.rebackAllowed).toBe(false);
    expect(auditFormReducer(state, { type: 'reback', on: true })).toBe(state);
  });

  it('asks a status first, then the visit time for 已到访', () => {
    const closed = initialAuditForm('RECORDCLOSE', 'AUDITOR', rules);
    expect(closed.status).toBeNull();
    expect(auditFormProblem(closed)).toBe(recordText.statusRequired);

    let state = auditFormReducer(initialAuditForm('RECORDCOMPLETE', 'AUDITOR', rules), { type: 'status', status: 'VISIT' });
    expect(auditFormProblem(state)).toBe(recordText.visitTimeRequired);
    state = auditFormReducer(state, { type: 'visitTime', value: '2026-03-01 10:00' });
    expect(auditFormProblem(state)).toBeNull();
  });

  it('sends the visit time only for 已到访, and the reject flag', () => {
    let state = initialAuditForm('RECORDCOMPLETE', 'AUDITORADMIN', rules);
    state = auditFormReducer(state, { type: 'visitTime', value: '2026-03-01 10:00' });
    state = auditFormReducer(state, { type: 'status', status: 'UNVISIT' });
    state = auditFormReducer(state, { type: 'opinion', value: '  客户未到  ' });
    expect(auditSubmitInput(state, { id: 7, version: 3 })).toEqual({
      id: 7,
      approvalStatus: 'UNVISIT',
      visitTime: '',
      reback: false,
      approvalResult: '客户未到',
      version: 3,
    });
    const rejected = auditFormReducer(initialAuditForm('RECORDSTART', 'AUDITORADMIN', rules), { type: 'reback', on: true });
    expect(auditSubmitInput(rejected, { id: 7, version: 1 })).toMatchObject({ approvalStatus: 'RECORDCLOSE', reback: true });
  });

  it('lets only the admin move a closed report', () => {
    expect(initialAuditForm('RECORDCLOSE', 'AUDITORADMIN', rules).status).not.toBeNull();
  });
});
