import type { Role } from '@baobei/shared/rules/roles';
import { describe, expect, it } from 'vitest';
import { canUseTool, type ToolShortcut } from './report-tools';

const tool = (route?: ToolShortcut['route']): ToolShortcut => ({ key: route ?? 'x', title: '', icon: null, route });
const REPORT = [tool('rapidRecord'), tool('recordList'), tool('customerList'), tool('registerReview')];
const MANAGER = [tool('subDistributorRecordList'), tool(), tool('statistics'), tool('staffList')];
const usable = (tools: ToolShortcut[], role: Role) => tools.filter((t) => canUseTool(t, role)).map((t) => t.key);

describe('report tab shortcuts', () => {
  it('leaves auditors and channel roles only 我的订单', () => {
    for (const role of ['AUDITOR', 'CHANNEL', 'CHANNELJINGLI'] as const) {
      expect(usable(REPORT, role)).toEqual(['recordList']);
      expect(usable(MANAGER, role)).toEqual(['x']);
    }
  });

  it('adds the registration review for the auditor admin', () => {
    expect(usable(REPORT, 'AUDITORADMIN')).toEqual(['recordList', 'registerReview']);
    expect(usable(MANAGER, 'AUDITORADMIN')).toEqual(['x']);
  });

  it('keeps the report tools for shop roles and the manager tools for shop managers', () => {
    expect(usable(REPORT, 'YUEWUYUAN')).toEqual(['rapidRecord', 'recordList', 'customerList']);
    expect(usable(MANAGER, 'YUEWUYUAN')).toEqual(['x']);
    expect(usable(MANAGER, 'DIANZHANG')).toEqual(['subDistributorRecordList', 'x', 'statistics', 'staffList']);
  });

  it('shows nothing with a page to a visitor', () => {
    expect(REPORT.filter((t) => canUseTool(t, null))).toEqual([]);
  });
});
