import { describe, expect, it } from 'vitest';
import { RECORD_STATUSES } from './record-status';
import { AWAITING_VISIT_STATUSES, formatVisitTime, isAwaitingVisit, isVisitOverdue, offersAwaitingVisitView } from './awaiting-visit';
import { shanghaiInstant } from './shanghai-time';

const MINUTE = 60_000;

describe('waiting for the visit (docs/decisions/089)', () => {
  it('is 待处理, 处理中 and 已发开发商: not 未到访, a visit, a deal or a closed report', () => {
    expect([...AWAITING_VISIT_STATUSES]).toEqual(['RECORDSTART', 'RECORDSTANDBY', 'RECORDCOMPLETE']);
    expect(RECORD_STATUSES.filter(isAwaitingVisit)).toEqual(['RECORDSTART', 'RECORDSTANDBY', 'RECORDCOMPLETE']);
  });

  it('is overdue (已过预计时间) once the expected time came, while still waiting', () => {
    const at = shanghaiInstant(2026, 11, 8, 14, 0);
    expect(isVisitOverdue('RECORDCOMPLETE', at, new Date(at.getTime() - MINUTE))).toBe(false);
    expect(isVisitOverdue('RECORDCOMPLETE', at, at)).toBe(true);
    expect(isVisitOverdue('VISIT', at, new Date(at.getTime() + MINUTE))).toBe(false);
    expect(isVisitOverdue('UNVISIT', at, new Date(at.getTime() + MINUTE))).toBe(false);
  });

  it('is offered to brokers and shop managers only', () => {
    expect(offersAwaitingVisitView('YUEWUYUAN')).toBe(true);
    expect(offersAwaitingVisitView('DIANZHANG')).toBe(true);
    for (const role of ['CHANNEL', 'CHANNELJINGLI', 'AUDITOR', 'AUDITORADMIN', 'OPERATOR'] as const) expect(offersAwaitingVisitView(role)).toBe(false);
    expect(offersAwaitingVisitView(null)).toBe(false);
  });
});

describe('formatVisitTime', () => {
  const now = shanghaiInstant(2026, 5, 1, 9, 0);
  it('reads 12月08日 14:00 within the year, with the year otherwise, in Shanghai whatever the device', () => {
    expect(formatVisitTime('2026-12-08 14:00', now)).toBe('12月08日 14:00');
    expect(formatVisitTime('2027-01-03 09:05', now)).toBe('2027年01月03日 09:05');
    // 31 December, 23:30 in Shanghai is still this year (the UTC day would be too; 00:30 on 1 January is not).
    expect(formatVisitTime('2026-12-31 23:30', now)).toBe('12月31日 23:30');
    expect(formatVisitTime('2027-01-01 00:30', shanghaiInstant(2026, 11, 31, 23, 0))).toBe('2027年01月01日 00:30');
    expect(formatVisitTime('2027-01-01 00:30', shanghaiInstant(2027, 0, 1, 0, 10))).toBe('01月01日 00:30');
  });

  it('leaves what is not a minute as it is', () => {
    expect(formatVisitTime('', now)).toBe('');
    expect(formatVisitTime('2026-02-30 10:00', now)).toBe('2026-02-30 10:00');
  });
});
