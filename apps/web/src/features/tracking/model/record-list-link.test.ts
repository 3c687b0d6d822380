import { describe, expect, it } from 'vitest';
import { presetRange } from '@baobei/shared/rules/date-presets';
import { rangeDays } from '@baobei/shared/rules/statistics';
import { recordListLink } from '../../../app/route-links';
import { filtersFromParams, recordListBody } from './record-list-filters';

/** The statistics page links here: each link must open the list on the very filters it names. */
const read = (link: string) => {
  const url = new URL(link, 'http://localhost');
  expect(url.pathname).toBe('/subDistributor/record/list');
  return filtersFromParams(url.searchParams, 'company');
};

// 2026-03-18 10:00 in Shanghai.
const NOW = new Date('2026-03-18T02:00:00Z');
const period = (dateType: number) => {
  const range = presetRange(dateType, NOW);
  const days = range && rangeDays(range);
  return { dateType, range: days && { start: days.first, end: days.last } };
};

describe('links from statistics into the company report list', () => {
  it('opens a status of a period with the same dates the statistics counted', () => {
    for (const dateType of [0, 1, 2, 3, 4, 5, 6, 7, 8]) {
      const p = period(dateType);
      const filters = read(recordListLink({ ...p, status: 'RECORDSTART' }));
      expect(filters.approvalStatus).toBe('RECORDSTART');
      const searchDate = recordListBody(filters, 'company', NOW).searchDate;
      expect(searchDate, `dateType ${dateType}`).toEqual(p.range ? [p.range.start, p.range.end] : []);
    }
  });

  it('keeps the list’s own presets and turns the others into 自选时间', () => {
    expect(read(recordListLink(period(4))).time).toBe(4);
    expect(read(recordListLink(period(5)))).toMatchObject({ time: 99, from: '2026-02-01', to: '2026-02-28' });
    expect(read(recordListLink(period(0))).time).toBe(0);
  });

  it('opens one staff member’s reports, or a listing’s by its name', () => {
    const staff = read(recordListLink({ ...period(4), staff: { id: 17, name: '王小明' } }));
    expect(staff).toMatchObject({ broker: 17, approvalStatus: '', time: 4 });
    expect(new URL(recordListLink({ ...period(4), staff: { id: 17, name: '王小明' } }), 'http://x').searchParams.get('name')).toBe('王小明');
    expect(read(recordListLink({ ...period(1), keyword: '海口湾壹号' })).keyword).toBe('海口湾壹号');
  });
});
