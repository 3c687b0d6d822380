import { describe, expect, it } from 'vitest';
import { latestAnswers } from './console-table';

/** The console tables' requests: an older answer arriving after a newer one is dropped. */
describe('latestAnswers', () => {
  it('answers the latest call and marks an overtaken one superseded, whatever order they resolve in', async () => {
    const latestOnly = latestAnswers();
    const resolvers: ((rows: string[]) => void)[] = [];
    const request = latestOnly(() => new Promise<{ data: string[]; success: boolean }>((resolve) => resolvers.push((rows) => resolve({ data: rows, success: true }))));
    const first = request();
    const second = request();
    resolvers[1]!(['filtered']);
    resolvers[0]!(['every row']);
    expect(await second).toEqual({ data: ['filtered'], success: true });
    expect(await first).toEqual({ data: [], total: 0, success: false });
    // Alone, a call answers as it is.
    const third = request();
    resolvers[2]!(['again']);
    expect(await third).toEqual({ data: ['again'], success: true });
  });
});
