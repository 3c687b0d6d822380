import { describe, expect, it } from 'vitest';
import { messages } from '@baobei/shared/messages';
import { planBatch, rowsFromState, type BatchRow } from './batch-rows';

const staffText = messages.staff;

describe('batch rows from the history state', () => {
  it('takes the recognised rows, numbered, nothing sent yet', () => {
    const state = { rows: [{ name: '张三', phone: '13800138000', sex: 2, shopname: '店' }, { name: '李四', phone: '1', sex: 0, shopname: '' }] };
    expect(rowsFromState(state)).toEqual([
      { id: 1, draft: { name: '张三', phone: '13800138000', sex: 2, shopname: '店' }, added: false, reason: '' },
      { id: 2, draft: { name: '李四', phone: '1', sex: 1, shopname: '' }, added: false, reason: '' },
    ]);
  });

  it('anything else is no rows', () => {
    for (const state of [null, undefined, 'x', { rows: 'x' }, { rows: [{ name: 1 }] }, { other: [] }]) expect(rowsFromState(state)).toEqual([]);
  });
});

describe('planBatch: what 确认添加（N人） sends', () => {
  const row = (id: number, phone: string, extra: Partial<BatchRow> = {}): BatchRow => ({
    id,
    draft: { name: `员工${id}`, phone, sex: 1, shopname: '' },
    added: false,
    reason: '',
    ...extra,
  });
  const manager = { distributorControl: false };

  it('counts only the rows that pass the shared staff rule', () => {
    const rows = [row(1, '13700000001'), row(2, '1380000'), row(3, '13700000003'), row(4, '13700000001'), row(5, '13700000005', { draft: { name: ' ', phone: '13700000005', sex: 1, shopname: '' } })];
    const plan = planBatch(rows, manager);
    expect(plan.sendable.map((r) => r.id)).toEqual([1, 3]);
    expect(staffText.batchSubmit(plan.sendable.length)).toBe('确认添加（2人）');
    expect(plan.problems.get(2)).toBe(staffText.phoneInvalid);
    expect(plan.problems.get(4)).toBe(staffText.batchDuplicateRow(1));
    expect(plan.problems.get(5)).toBe(staffText.nameRequired('业务员'));
    expect(plan.problems.get(1)).toBeNull();
  });

  it('after a send, neither the added nor the refused rows are counted again; an edited refused row is', () => {
    const after = [row(1, '13700000001', { added: true }), row(2, '13800000003', { reason: staffText.phoneTaken }), row(3, '1380000')];
    const plan = planBatch(after, manager);
    expect(plan.sendable).toEqual([]);
    expect(plan.refused).toBe(1);
    expect(plan.problems.get(2)).toBe(staffText.phoneTaken);
    expect(plan.problems.has(1)).toBe(false);
    // Saving the row in the edit popup clears its reason: it is a new candidate again.
    const edited = planBatch([after[0]!, { ...after[1]!, draft: { ...after[1]!.draft, phone: '13700000002' }, reason: '' }, after[2]!], manager);
    expect(edited.sendable.map((r) => r.id)).toEqual([2]);
  });

  it('numbers a repeated phone by its place on the screen, and asks the general account for the shop', () => {
    const plan = planBatch([row(1, '13700000001', { added: true }), row(2, '13700000002'), row(3, '13700000002')], { distributorControl: true });
    expect(plan.problems.get(2)).toBe(staffText.shopRequired);
    const withShops = planBatch(
      [row(1, '13700000001', { added: true }), ...[2, 3].map((id) => row(id, '13700000002', { draft: { name: `员工${id}`, phone: '13700000002', sex: 1, shopname: '店' } }))],
      { distributorControl: true },
    );
    expect(withShops.problems.get(3)).toBe(staffText.batchDuplicateRow(2));
    expect(withShops.sendable.map((r) => r.id)).toEqual([2]);
  });
});
