import { describe, expect, it } from 'vitest';
import { DEFAULT_TRANSITION_RULES } from './record-status';
import { messages } from '../messages';
import {
  auditConfirmText,
  auditDialogTitle,
  auditStatusChoices,
  canAuditTo,
  canChangeStatusFromMenu,
  canMarkVisit,
  canReback,
  canReReport,
  detailActionLabel,
  isAuditVisitTimeAllowed,
  isReportExpired,
  protectionDueAt,
  protectionEnded,
  protectionWarningAt,
  reportCopyText,
  developerGroupCopyText,
} from './record-view';

const now = new Date('2026-11-22T04:00:00Z');
const past = new Date('2026-11-21T04:00:00Z');
const future = new Date('2026-11-23T04:00:00Z');

const rules = DEFAULT_TRANSITION_RULES;

describe('report view rules', () => {
  it('marks a report expired only by the stored fact, and only while time can end its protection', () => {
    expect(isReportExpired('RECORDSTART', past)).toBe(true);
    expect(isReportExpired('RECORDCOMPLETE', past)).toBe(true);
    expect(isReportExpired('VISIT', past)).toBe(true);
    // Past its due time but not yet marked: still protected (the job marks it within a minute).
    expect(isReportExpired('RECORDSTART', null)).toBe(false);
    expect(isReportExpired('RECORDCLOSE', past)).toBe(false);
    expect(isReportExpired('MAKEBARGAIN', past)).toBe(false);
  });

  it('ends protection for closed, unvisited and expired reports, never for unexpired visits or deals', () => {
    expect(protectionEnded('RECORDCLOSE', null)).toBe(true);
    expect(protectionEnded('UNVISIT', null)).toBe(true);
    expect(protectionEnded('RECORDSTANDBY', past)).toBe(true);
    expect(protectionEnded('RECORDSTANDBY', null)).toBe(false);
    expect(protectionEnded('VISIT', null)).toBe(false);
    expect(protectionEnded('VISIT', past)).toBe(true);
    expect(protectionEnded('MAKEBARGAINCOMPLETE', past)).toBe(false);
  });

  it('dues the report protection at protect_until and the viewing protection at the visit plus the take-look hours', () => {
    const visitTime = new Date('2026-11-20T04:00:00Z');
    for (const status of ['RECORDSTART', 'RECORDSTANDBY', 'RECORDCOMPLETE'] as const) {
      expect(protectionDueAt({ status, protectUntil: future, visitTime: null }, 720)).toEqual(future);
    }
    expect(protectionDueAt({ status: 'VISIT', protectUntil: future, visitTime }, 48)).toEqual(new Date('2026-11-22T04:00:00Z'));
    expect(protectionDueAt({ status: 'VISIT', protectUntil: future, visitTime: null }, 48)).toEqual(future);
    for (const status of ['RECORDCLOSE', 'UNVISIT', 'MAKEBARGAIN', 'MAKEBARGAINCOMPLETE', 'MAKEBARGAINCLOSE'] as const) {
      expect(protectionDueAt({ status, protectUntil: past, visitTime }, 48)).toBeNull();
    }
    expect(protectionWarningAt(future, 24)).toEqual(new Date('2026-11-22T04:00:00Z'));
  });

  it('labels the detail action per role', () => {
    expect(detailActionLabel('AUDITOR', 'RECORDSTART')).toBe('审核');
    expect(detailActionLabel('AUDITOR', 'RECORDCLOSE')).toBe('查看');
    expect(detailActionLabel('AUDITORADMIN', 'MAKEBARGAINCLOSE')).toBe('审核');
    expect(detailActionLabel('CHANNEL', 'VISIT')).toBe('报备单操作');
  });

  it('offers 更改报备单状态 only with edit or approval rights and past processing', () => {
    expect(canChangeStatusFromMenu(['RECORDEDIT'], 'RECORDCOMPLETE')).toBe(true);
    expect(canChangeStatusFromMenu(['RECORD_APPROVAL'], 'VISIT')).toBe(true);
    expect(canChangeStatusFromMenu(['RECORDEDIT'], 'RECORDSTART')).toBe(false);
    expect(canChangeStatusFromMenu(['RECORDEDIT'], 'RECORDSTANDBY')).toBe(false);
    expect(canChangeStatusFromMenu(['RECORDEDIT'], 'RECORDCLOSE')).toBe(false);
    expect(canChangeStatusFromMenu(['RECORD_VIEW'], 'VISIT')).toBe(false);
  });

  it('lets shop roles without approval re-report when the server allows it', () => {
    expect(canReReport('YUEWUYUAN', ['RECORD_SUBMIT'], 1)).toBe(true);
    expect(canReReport('DIANZHANG', ['RECORD_SUBMIT'], 1)).toBe(true);
    expect(canReReport('YUEWUYUAN', ['RECORD_SUBMIT'], 0)).toBe(false);
    expect(canReReport('DIANZHANG', ['RECORD_APPROVAL'], 1)).toBe(false);
    expect(canReReport('CHANNEL', [], 1)).toBe(false);
  });

  it('shows the visit buttons only on reports sent to the developer, to approvers', () => {
    expect(canMarkVisit(['RECORD_APPROVAL'], 'RECORDCOMPLETE')).toBe(true);
    expect(canMarkVisit(['RECORD_APPROVAL'], 'RECORDSTANDBY')).toBe(false);
    expect(canMarkVisit(['RECORDEDIT'], 'RECORDCOMPLETE')).toBe(false);
  });

  it('titles the audit dialog and builds its confirmation', () => {
    expect(auditDialogTitle('RECORDSTART')).toBe('审核');
    expect(auditDialogTitle('VISIT')).toBe('修改');
    expect(auditConfirmText('RECORDSTANDBY')).toBe('确定要更改订单状态？此操作不可逆');
    expect(auditConfirmText('RECORDCLOSE')).toBe('确定要更改订单状态？提交后，报备单将会关闭，此操作不可逆');
    // 到访为王 (issue 28, item 8): confirming the arrival says first that it closes the customer's other reports.
    expect(auditConfirmText('VISIT', 'RECORDCOMPLETE')).toBe('到访为王：确认到访后，该客户在本楼盘其他渠道未到访的报备将自动关闭。确定要更改订单状态？此操作不可逆');
    expect(auditConfirmText('MAKEBARGAIN', 'RECORDSTANDBY')).toMatch(/^到访为王：确认到访后/);
    // Not an arrival (already visited, or not a visit), or a report-first listing: as before.
    expect(auditConfirmText('MAKEBARGAIN', 'VISIT')).toBe('确定要更改订单状态？此操作不可逆');
    expect(auditConfirmText('RECORDCOMPLETE', 'RECORDSTANDBY')).toBe('确定要更改订单状态？此操作不可逆');
    expect(auditConfirmText('VISIT')).toBe('确定要更改订单状态？此操作不可逆');
    expect(auditConfirmText('MAKEBARGAINCLOSE')).toContain('报备单将会关闭');
  });

  it('keeps a report’s status on a 修改 but makes a pending report move', () => {
    expect(auditStatusChoices('RECORDSTART', 'AUDITOR', false, rules)).toEqual(['RECORDSTANDBY', 'RECORDCOMPLETE', 'RECORDCLOSE']);
    expect(auditStatusChoices('RECORDSTART', 'AUDITOR', true, rules)).toEqual(['RECORDCLOSE']);
    expect(auditStatusChoices('RECORDCOMPLETE', 'AUDITOR', false, rules)[0]).toBe('RECORDCOMPLETE');
    expect(canAuditTo('RECORDSTART', 'RECORDSTART', 'AUDITORADMIN', rules)).toBe(false);
    expect(canAuditTo('RECORDCLOSE', 'RECORDCLOSE', 'AUDITOR', rules)).toBe(false);
    expect(canAuditTo('RECORDCLOSE', 'RECORDCLOSE', 'AUDITORADMIN', rules)).toBe(true);
    expect(canAuditTo('RECORDCLOSE', 'RECORDSTANDBY', 'AUDITOR', rules)).toBe(false);
    expect(canAuditTo('RECORDCLOSE', 'RECORDSTANDBY', 'AUDITORADMIN', rules)).toBe(true);
    expect(canAuditTo('VISIT', 'VISIT', 'EXTERNAL', rules)).toBe(false);
    expect(auditStatusChoices('RECORDCLOSE', 'AUDITOR', false, rules)).toEqual([]);
  });

  it('allows rejecting only pending reports, by auditors', () => {
    expect(canReback('AUDITOR', 'RECORDSTART')).toBe(true);
    expect(canReback('AUDITOR', 'RECORDSTANDBY')).toBe(false);
    expect(canReback('CHANNEL', 'RECORDSTART')).toBe(false);
  });

  it('accepts audit visit times from 2020-01-01 to now', () => {
    expect(isAuditVisitTimeAllowed(new Date('2020-01-01T00:00:00+08:00'), now)).toBe(true);
    expect(isAuditVisitTimeAllowed(new Date('2019-12-31T23:59:00+08:00'), now)).toBe(false);
    expect(isAuditVisitTimeAllowed(future, now)).toBe(false);
  });

  it('copies the report in the fixed format, with 暂无 for blanks', () => {
    const text = reportCopyText({
      distributorName: '海口易居',
      subdistributorName: '',
      dkName: '王五',
      dkPhone: '13800000003',
      customerInfo: { name: '张先生', phone: '138****5678', sex: 1 },
      visitorNum: 2,
      houseName: '海口湾一号',
      estimatedVisitTime: '2026-11-23 10:30',
      reception: '',
      remark: '',
    });
    expect(text.split('\n')).toEqual([
      '一级公司：海口易居',
      `二级公司：${messages.recordTrack.none}`,
      '带看人：王五',
      '带看人电话：13800000003',
      '客户姓名：张先生',
      '客户电话：138****5678',
      '客户性别：男',
      '到访人数：2',
      '报备项目：海口湾一号',
      '到访日期：2026-11-23',
      '指定接待：暂无',
      '备注：暂无',
    ]);
  });
  it('copies for the developer group with the phone as the developer side reads it', () => {
    const report = {
      distributorName: '海口易居',
      subdistributorName: '',
      dkName: '王五',
      dkPhone: '13800000003',
      visitorNum: 1,
      houseName: '海口湾一号',
      estimatedVisitTime: '2026-11-23 10:30',
      reception: '',
      remark: '',
    };
    const typed = { name: '张先生', phone: '13812345678', sex: 1 };
    const masked = developerGroupCopyText({ ...report, customerInfo: { ...typed, ruleTel: 'MASKED' } });
    expect(masked).toBe(reportCopyText({ ...report, customerInfo: { ...typed, phone: '138****5678' } }));
    expect(masked).not.toContain('13812345678');
    const full = developerGroupCopyText({ ...report, customerInfo: { ...typed, ruleTel: 'FULL' } });
    expect(full).toBe(reportCopyText({ ...report, customerInfo: typed }));
  });
});

describe('arrival time on the external list', () => {
  const created = new Date('2026-11-22T02:30:40Z');
  it('allows the creation minute up to now', async () => {
    const { arrivalTimeProblem, arrivalTimeWindow } = await import('./record-view');
    expect(arrivalTimeProblem(new Date('2026-11-22T02:30:00Z'), created, now)).toBeNull();
    expect(arrivalTimeProblem(now, created, now)).toBeNull();
    expect(arrivalTimeWindow(created, now)).toEqual({ min: new Date('2026-11-22T02:30:00Z'), max: now });
  });
  it('refuses the future and before the report, saying why', async () => {
    const { arrivalTimeProblem } = await import('./record-view');
    expect(arrivalTimeProblem(new Date(now.getTime() + 60_000), created, now)).toBe(messages.recordTrack.arrivalInFuture);
    expect(arrivalTimeProblem(new Date('2026-11-22T02:29:00Z'), created, now)).toBe(messages.recordTrack.arrivalBeforeReport('2026-11-22 10:30'));
  });
});
