import { describe, expect, it } from 'vitest';
import { defaultCity, effectiveCity, groupCities, parseStoredCity, validStoredCity } from './city-choice';

const cities = [
  { text: '三亚', value: 3, pid: 1 },
  { text: '海口', value: 2, pid: 1 },
  { text: '儋州', value: 4, pid: 1 },
];

describe('current city rules', () => {
  it('defaults to Haikou, else the first city, else none', () => {
    expect(defaultCity(cities)?.text).toBe('海口');
    expect(defaultCity([{ text: '三亚', value: 3, pid: 1 }])?.text).toBe('三亚');
    expect(defaultCity([])).toBeNull();
  });

  it('keeps a stored city only while the company still has it', () => {
    const stored = { text: '儋州', value: 4, pid: 1, time: 1 };
    expect(validStoredCity(stored, cities)).toEqual(stored);
    expect(validStoredCity({ ...stored, value: 99 }, cities)).toBeNull();
    // Lists not loaded yet: nothing to check against.
    expect(validStoredCity(stored, [])).toEqual(stored);
  });

  it('shows the stored city, else falls back to the default', () => {
    expect(effectiveCity({ text: '三亚', value: 3, pid: 1, time: 5 }, cities)?.value).toBe(3);
    expect(effectiveCity(null, cities)?.value).toBe(2);
    expect(effectiveCity({ text: 'gone', value: 99, pid: 1, time: 5 }, cities)?.value).toBe(2);
  });

  it('reads only well-formed stored values', () => {
    expect(parseStoredCity({ text: '海口', value: 2, pid: null, time: 9 })).toEqual({ text: '海口', value: 2, pid: null, time: 9 });
    expect(parseStoredCity({ text: '海口', value: '2', pid: 1, time: 9 })).toBeNull();
    expect(parseStoredCity({ text: '海口', value: 2, pid: 1 })).toBeNull();
    expect(parseStoredCity('海口')).toBeNull();
    expect(parseStoredCity(null)).toBeNull();
  });

  it('groups cities by their parent, parentless ones last', () => {
    const tree = [
      { text: '直辖', value: 50, children: null },
      {
        text: '海南省',
        value: 1,
        children: [
          { text: '海口', value: 2, children: null },
          { text: '三亚', value: 3, children: null },
        ],
      },
    ];
    expect(groupCities(tree, '其他')).toEqual([
      {
        key: 1,
        title: '海南省',
        cities: [
          { text: '海口', value: 2, pid: 1 },
          { text: '三亚', value: 3, pid: 1 },
        ],
      },
      { key: 0, title: '其他', cities: [{ text: '直辖', value: 50, pid: null }] },
    ]);
  });
});
