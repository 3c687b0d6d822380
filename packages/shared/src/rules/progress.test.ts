import { describe, expect, it } from 'vitest';
import { progressStepIndex, progressSteps } from './progress';

describe('progress steps', () => {
  it('maps every visible status for non-store roles', () => {
    expect(progressSteps('CHANNEL')).toHaveLength(6);
    expect(progressStepIndex('RECORDSTANDBY', 'CHANNEL')).toBe(0);
    expect(progressStepIndex('UNVISIT', '')).toBe(2);
    expect(progressStepIndex('MAKEBARGAINCOMPLETE', 'CHANNELJINGLI')).toBe(5);
  });
  it('collapses sent, not visited and visited into one step for store roles', () => {
    expect(progressSteps('YUEWUYUAN')[1]).toBe('已发开发商');
    for (const s of ['RECORDCOMPLETE', 'UNVISIT', 'VISIT'] as const) expect(progressStepIndex(s, 'DIANZHANG')).toBe(1);
    expect(progressStepIndex('MAKEBARGAIN', 'YUEWUYUAN')).toBe(2);
    expect(progressStepIndex('MAKEBARGAINCOMPLETE', 'YUEWUYUAN')).toBe(3);
  });
  it('hides the bar for pending and closed reports', () => {
    for (const s of ['RECORDSTART', 'RECORDCLOSE', 'MAKEBARGAINCLOSE'] as const) {
      expect(progressStepIndex(s, 'YUEWUYUAN')).toBeNull();
      expect(progressStepIndex(s, 'AUDITOR')).toBeNull();
    }
  });
});
