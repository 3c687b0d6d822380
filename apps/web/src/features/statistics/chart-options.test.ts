import { describe, expect, it } from 'vitest';
import type { RecordStatistics } from '@baobei/shared/schemas/statistics';
import { funnelOption, trendOption } from './chart-options';

const colors = { primary: '#123456', success: '#00b578', warning: '#ff8f1f' };
const day = (date: string, reported: number, visited = 0, deal = 0) => ({ date, reported, visited, deal });

describe('statistics chart options', () => {
  it('draws 报备, 已到访 and 成交 per day, every day on the axis', () => {
    const trend = [day('2026-03-01', 3, 1, 1), day('2026-03-02', 0), day('2026-03-03', 2, 2)];
    const option = trendOption(trend, colors);
    expect(option.xAxis).toMatchObject({ data: ['2026-03-01', '2026-03-02', '2026-03-03'] });
    const series = option.series as { name: string; data: number[]; showSymbol: boolean }[];
    expect(series.map((s) => [s.name, s.data])).toEqual([
      ['报备', [3, 0, 2]],
      ['已到访', [1, 0, 2]],
      ['成交', [1, 0, 0]],
    ]);
    expect(series[0]!.showSymbol).toBe(true);
    const long = Array.from({ length: 40 }, (_, i) => day(`2026-01-${String(i + 1).padStart(2, '0')}`, i));
    expect((trendOption(long, colors).series as { showSymbol: boolean }[])[0]!.showSymbol).toBe(false);
  });

  it('keeps the funnel in stage order, sized against 报备, and draws an empty one', () => {
    const funnel: RecordStatistics['funnel'] = [
      { key: 'reported', label: '报备', number: 8 },
      { key: 'processing', label: '处理中', number: 5 },
      { key: 'confirmed', label: '确认成交', number: 1 },
    ];
    const [series] = funnelOption(funnel, colors).series as { sort: string; max: number; data: { name: string; value: number }[] }[];
    expect(series!.sort).toBe('none');
    expect(series!.max).toBe(8);
    expect(series!.data.map((d) => [d.name, d.value])).toEqual([
      ['报备', 8],
      ['处理中', 5],
      ['确认成交', 1],
    ]);
    const [empty] = funnelOption(funnel.map((f) => ({ ...f, number: 0 })), colors).series as { max: number }[];
    expect(empty!.max).toBe(1);
  });
});
