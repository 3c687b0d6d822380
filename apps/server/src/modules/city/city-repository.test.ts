import { describe, expect, it } from 'vitest';
import { buildCityTree, type CityRow } from './city-repository';

const row = (id: number, parentId: number | null, name: string): CityRow => ({
  id,
  parentId,
  name,
  companyId: 1,
  latitude: null,
  longitude: null,
  isDefault: false,
  sort: 0,
  enabled: true,
  version: 1,
});

describe('buildCityTree', () => {
  it('nests children under parents and gives leaves null children', () => {
    const tree = buildCityTree([row(1, null, '海南'), row(2, 1, '海口'), row(3, 1, '三亚'), row(4, 2, '龙华区')]);
    expect(tree).toHaveLength(1);
    expect(tree[0]!.children!.map((c) => c.text)).toEqual(['海口', '三亚']);
    expect(tree[0]!.children![0]!.children![0]).toEqual({ id: 4, text: '龙华区', value: 4, children: null });
    expect(tree[0]!.children![1]!.children).toBeNull();
  });
});
