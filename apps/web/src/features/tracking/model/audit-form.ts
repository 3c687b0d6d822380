import { messages } from '@baobei/shared/messages';
import { transitionActorOf } from '@baobei/shared/rules/access';
import {
  transitionNeedsVisitTime,
  type RecordStatus,
  type TransitionActor,
  type TransitionRules,
} from '@baobei/shared/rules/record-status';
import { auditStatusChoices, canReback } from '@baobei/shared/rules/record-view';
import type { Role } from '@baobei/shared/rules/roles';
import type { AuditSubmitInput } from '@baobei/shared/schemas/record-tracking';

const recordText = messages.recordTrack;

/** The audit form of part 2, sections 2.3 and 5, for one report as read. */
export interface AuditFormState {
  /** The report's status when read; the choices run from it. */
  current: RecordStatus;
  actor: TransitionActor;
  /** The company's transition settings from the initial config (decision 022). */
  rules: TransitionRules;
  /** The reject switch exists (auditors, pending reports). */
  rebackAllowed: boolean;
  /** The chosen target; null when this viewer has no choice. */
  status: RecordStatus | null;
  reback: boolean;
  /** 'YYYY-MM-DD HH:mm' or ''. */
  visitTime: string;
  opinion: string;
}

export type AuditFormAction =
  | { type: 'status'; status: RecordStatus }
  | { type: 'reback'; on: boolean }
  | { type: 'visitTime'; value: string }
  | { type: 'opinion'; value: string };

export function auditActor(role: Role | null): TransitionActor {
  return transitionActorOf(role) ?? 'AUDITOR';
}

export function auditChoices(state: Pick<AuditFormState, 'current' | 'actor' | 'reback' | 'rules'>): RecordStatus[] {
  return auditStatusChoices(state.current, state.actor, state.reback, state.rules);
}

/**
 * Whether the form can send anything the server would take (issue 28, item 8): a status to move
 * to or keep, or the reject switch. A closed report offers neither to an auditor, so the page
 * shows 当前状态不可更改 without 提交 or an opinion that could never be saved.
 */
export function auditFormOpen(state: Pick<AuditFormState, 'status' | 'rebackAllowed'>): boolean {
  return state.status !== null || state.rebackAllowed;
}

/** The picker starts on the current status when it is a choice, else on the first choice. */
export function initialAuditForm(current: RecordStatus, role: Role | null, rules: TransitionRules): AuditFormState {
  const actor = auditActor(role);
  const choices = auditStatusChoices(current, actor, false, rules);
  return {
    current,
    actor,
    rules,
    rebackAllowed: role !== null && canReback(role, current),
    status: choices.includes(current) ? current : (choices[0] ?? null),
    reback: false,
    visitTime: '',
    opinion: '',
  };
}

/**
 * Part 2, section 4: reject on forces RECORDCLOSE and blocks the picker; reject off sets
 * RECORDSTANDBY. A status outside the current choices is ignored.
 */
export function auditFormReducer(state: AuditFormState, action: AuditFormAction): AuditFormState {
  switch (action.type) {
    case 'status':
      if (state.reback || !auditChoices(state).includes(action.status)) return state;
      return { ...state, status: action.status };
    case 'reback':
      if (!state.rebackAllowed || action.on === state.reback) return state;
      return { ...state, reback: action.on, status: action.on ? 'RECORDCLOSE' : 'RECORDSTANDBY' };
    case 'visitTime':
      return { ...state, visitTime: action.value };
    case 'opinion':
      return { ...state, opinion: action.value };
  }
}

/** The visit time is asked (and sent) only when the target needs it (VISIT). */
export function asksVisitTime(state: Pick<AuditFormState, 'status'>): boolean {
  return state.status !== null && transitionNeedsVisitTime(state.status);
}

/** The first rule the form breaks, in order: a status, then the visit time for VISIT. */
export function auditFormProblem(state: AuditFormState): string | null {
  if (state.status === null || !auditChoices(state).includes(state.status)) return recordText.statusRequired;
  if (asksVisitTime(state) && !state.visitTime) return recordText.visitTimeRequired;
  return null;
}

/** The submit payload; call after auditFormProblem answered null. */
export function auditSubmitInput(state: AuditFormState, record: { id: number; version: number }): AuditSubmitInput {
  if (state.status === null) throw new Error('audit form without a status');
  return {
    id: record.id,
    approvalStatus: state.status,
    visitTime: asksVisitTime(state) ? state.visitTime : '',
    reback: state.reback,
    approvalResult: state.opinion.trim(),
    version: record.version,
  };
}
