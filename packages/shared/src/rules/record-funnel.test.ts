import { describe, expect, it } from 'vitest';
import { RECORD_STATUSES, type RecordStatus } from './record-status';
import { addToFunnel, emptyFunnel, FUNNEL_STAGE_KEYS, funnelRate, funnelShare, funnelStageOf, recordFunnel, statusesReaching } from './record-funnel';

describe('record funnel (cumulative stages)', () => {
  it('puts each status at the furthest stage it proves', () => {
    expect(Object.fromEntries(RECORD_STATUSES.map((s) => [s, funnelStageOf(s)]))).toEqual({
      RECORDSTART: 'reported',
      RECORDSTANDBY: 'processing',
      RECORDCOMPLETE: 'sent',
      RECORDCLOSE: 'reported',
      UNVISIT: 'sent',
      VISIT: 'visited',
      MAKEBARGAIN: 'deal',
      MAKEBARGAINCOMPLETE: 'confirmed',
      MAKEBARGAINCLOSE: 'deal',
    });
  });

  it('lists the statuses of each stage, every later stage included', () => {
    expect(statusesReaching('reported')).toEqual([...RECORD_STATUSES]);
    expect(statusesReaching('processing')).toEqual([
      'RECORDSTANDBY',
      'RECORDCOMPLETE',
      'UNVISIT',
      'VISIT',
      'MAKEBARGAIN',
      'MAKEBARGAINCOMPLETE',
      'MAKEBARGAINCLOSE',
    ]);
    expect(statusesReaching('sent')).toEqual(['RECORDCOMPLETE', 'UNVISIT', 'VISIT', 'MAKEBARGAIN', 'MAKEBARGAINCOMPLETE', 'MAKEBARGAINCLOSE']);
    expect(statusesReaching('visited')).toEqual(['VISIT', 'MAKEBARGAIN', 'MAKEBARGAINCOMPLETE', 'MAKEBARGAINCLOSE']);
    expect(statusesReaching('deal')).toEqual(['MAKEBARGAIN', 'MAKEBARGAINCOMPLETE', 'MAKEBARGAINCLOSE']);
    expect(statusesReaching('confirmed')).toEqual(['MAKEBARGAINCOMPLETE']);
  });

  it('counts one report of every status', () => {
    expect(recordFunnel(RECORD_STATUSES.map((s) => [s, 1] as const))).toEqual({
      reported: 9,
      processing: 7,
      sent: 6,
      visited: 4,
      deal: 3,
      confirmed: 1,
    });
  });

  it('is the sum of statusesReaching for any counts, and never grows down the funnel', () => {
    const counts: [RecordStatus, number][] = RECORD_STATUSES.map((s, i) => [s, (i * 7 + 3) % 5]);
    const funnel = recordFunnel(counts);
    for (const stage of FUNNEL_STAGE_KEYS) {
      const reaching = statusesReaching(stage);
      expect(funnel[stage]).toBe(counts.filter(([s]) => reaching.includes(s)).reduce((a, [, n]) => a + n, 0));
    }
    const values = FUNNEL_STAGE_KEYS.map((k) => funnel[k]);
    expect(values).toEqual([...values].sort((a, b) => b - a));
  });

  it('adds in place and ignores absent statuses', () => {
    const funnel = emptyFunnel();
    addToFunnel(funnel, 'VISIT', 2);
    addToFunnel(funnel, 'RECORDCLOSE', 1);
    expect(funnel).toEqual({ reported: 3, processing: 2, sent: 2, visited: 2, deal: 0, confirmed: 0 });
    expect(recordFunnel([])).toEqual(emptyFunnel());
  });

  it('gives a stage’s share of the reports with one decimal', () => {
    expect(funnelRate(3, 7)).toBe('42.9%');
    expect(funnelRate(7, 7)).toBe('100%');
    expect(funnelRate(0, 0)).toBe('0%');
  });

  it('gives the share as a fraction for a spreadsheet’s percent cell (issue 28, item 9)', () => {
    expect(funnelShare(1, 8)).toBe(0.125);
    expect(funnelShare(3, 7)).toBeCloseTo(0.428571, 5);
    expect(funnelShare(0, 0)).toBe(0);
  });
});
