import { describe, expect, it } from 'vitest';
import { messages } from '../messages';
import { arrivalSearchOf } from './arrival-search';

describe('arrivalSearchOf (the 案场 list, docs/decisions/089)', () => {
  it('reads a name, the last four digits of a phone, or nothing', () => {
    expect(arrivalSearchOf('')).toEqual({ kind: 'none' });
    expect(arrivalSearchOf('  ')).toEqual({ kind: 'none' });
    expect(arrivalSearchOf(' 晓东 ')).toEqual({ kind: 'name', name: '晓东' });
    expect(arrivalSearchOf('5678')).toEqual({ kind: 'tail', tail: '5678' });
    expect(arrivalSearchOf('Tom 2')).toEqual({ kind: 'name', name: 'Tom 2' });
  });

  it('refuses digits that are not four: no more of the number than the list shows', () => {
    for (const keyword of ['5', '567', '56789', '13800005678']) expect(arrivalSearchOf(keyword)).toEqual({ problem: messages.recordTrack.arrivalTailInvalid });
  });
});
