import { developerGroupCopyText, reportCopyText } from '@baobei/shared/rules/record-view';
import { describe, expect, it } from 'vitest';
import { exportText, toggleSelected } from './record-selection';

const report = (id: number, name: string) => ({
  id,
  distributorName: '一级',
  subdistributorName: '',
  dkName: '',
  dkPhone: '',
  customerInfo: { name, phone: '13800001111', sex: 1, ruleTel: 'MASKED' as const },
  visitorNum: 2,
  houseName: '楼盘',
  estimatedVisitTime: '2024-05-01 10:00',
  reception: '',
  remark: '',
});

describe('toggleSelected', () => {
  it('adds an id that is not chosen and removes one that is, without touching the old set', () => {
    const before = new Set([1]);
    const added = toggleSelected(before, 2);
    expect([...added].sort()).toEqual([1, 2]);
    expect([...toggleSelected(added, 1)]).toEqual([2]);
    expect([...before]).toEqual([1]);
  });
});

describe('exportText', () => {
  const items = [report(1, '甲'), report(2, '乙'), report(3, '丙')];

  it('joins the chosen reports in list order with a blank line', () => {
    const text = exportText(items, new Set([3, 1]));
    expect(text).toBe(`${reportCopyText(items[0]!)}\n\n${reportCopyText(items[2]!)}`);
    expect(text.split('\n\n')).toHaveLength(2);
    expect(text).toContain('客户姓名：甲');
    expect(text).not.toContain('客户姓名：乙');
  });

  it('is empty when nothing loaded is chosen', () => {
    expect(exportText(items, new Set())).toBe('');
    expect(exportText(items, new Set([99]))).toBe('');
  });

  it('takes the reporter side format: the developer group hidden phone', () => {
    const text = exportText(items, new Set([2]), developerGroupCopyText);
    expect(text).toBe(developerGroupCopyText(items[1]!));
    expect(text).toContain('客户电话：138****1111');
  });
});
