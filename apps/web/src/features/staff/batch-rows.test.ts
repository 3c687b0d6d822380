import { describe, expect, it } from 'vitest';
import { rowsFromState } from './batch-rows';

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
