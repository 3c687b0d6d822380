import { adminHouseListMessages as text } from '@baobei/shared/messages/admin';
import { describe, expect, it } from 'vitest';
import { actionName, fieldName, readableValue, type ValueNames } from './history-values';

const names: ValueNames = { cities: new Map([[7, '海口']]), features: new Map([[3, '海景房'], [4, '地铁口']]) };
const read = (field: string, value: unknown) => readableValue(field, JSON.stringify(value), names);

describe('history values (the history answer holds them as JSON text)', () => {
  it('names codes, ids and flags as an operator reads them', () => {
    expect(read('active', false)).toBe(text.withdrawn);
    expect(read('active', true)).toBe(text.active);
    expect(read('sellingStatus', 'SELL_SOON')).toBe('即将开盘');
    expect(read('ruleTel', 'MASKED')).toBe('前三后四');
    expect(read('protectionMode', 'VISIT_FIRST')).toBe('到访为王');
    expect(read('cityId', 7)).toBe('海口');
    expect(read('cityId', 99)).toBe('99');
    expect(read('featureIds', [3, 4, 5])).toBe('海景房、地铁口、5');
    expect(read('isNeedIdCard', true)).toBe(text.yes);
    expect(read('tags', ['地铁口', '学区'])).toBe('地铁口、学区');
    expect(read('packagePrice', 188.5)).toBe('188.5');
  });

  it('shows none for null, empty text and empty lists', () => {
    expect(read('packagePrice', null)).toBe(text.none);
    expect(read('specialTip', '')).toBe(text.none);
    expect(read('albums', [])).toBe(text.none);
  });

  it('summarises the nested lists', () => {
    expect(read('contacts', [{ kind: 'ONSITE', name: '王经理', phone: '13600000001' }])).toBe('案场 王经理 13600000001');
    expect(read('albums', [{ picUrl: '/a.jpg' }, { picUrl: '/b.jpg' }])).toBe(text.pictures(2));
    expect(read('unitTypes', [{ typeName: 'A户型' }, { typeName: 'B户型' }])).toBe('A户型、B户型');
    expect(read('commissionPolicies', [{ buildingProperty: 'RESIDENCE', secondaryPoint: '2%', longTerm: true }])).toBe('住宅 · 佣金点位：2% · 奖励：— · 长期有效');
  });

  it('keeps text that is not JSON as it is', () => {
    expect(readableValue('name', 'not json', names)).toBe('not json');
  });

  it('names fields and actions in Chinese, and an unknown one by its code', () => {
    expect(fieldName('reportProtectHours')).toBe('报备保护期（小时）');
    expect(fieldName('somethingNew')).toBe('somethingNew');
    expect(actionName('house.withdraw')).toBe('下架');
    expect(actionName('house.external-link-renew')).toBe('更换到访链接');
  });
});
