import type { Staff } from '@baobei/shared/schemas/staff';
import { describe, expect, it } from 'vitest';
import { staffRecordListPath, transferCandidates, unbindPlan } from './staff-unbind';

const staff = (over: Partial<Staff>): Staff => ({
  uid: 1,
  name: '陈海燕',
  phone: '13800000002',
  sex: 2,
  shopname: '龙华万达店',
  distributorStaffType: 'DIANZHANG',
  subordinates: 0,
  ...over,
});

describe('unbinding', () => {
  it('a shop manager with staff must move them or unbind them all; anyone else just confirms', () => {
    expect(unbindPlan(staff({ subordinates: 3 }))).toBe('moveOrUnbindAll');
    expect(unbindPlan(staff({ subordinates: 0 }))).toBe('confirm');
    expect(unbindPlan(staff({ distributorStaffType: 'YUEWUYUAN' }))).toBe('confirm');
  });

  it('offers the other shop managers of the list as the staff’s new manager', () => {
    const leaving = staff({ uid: 1, subordinates: 2 });
    const groups = [
      { anchor: 'C', list: [leaving] },
      { anchor: 'X', list: [staff({ uid: 2, name: '邢志刚', shopname: '美兰国兴店' }), staff({ uid: 3, name: '无店', shopname: '' })] },
      { anchor: 'W', list: [staff({ uid: 4, name: '王小明', distributorStaffType: 'YUEWUYUAN' })] },
    ];
    expect(transferCandidates(groups, leaving)).toEqual([
      { label: '邢志刚（美兰国兴店）', value: 2 },
      { label: '无店', value: 3 },
    ]);
  });

  it('a row opens the company report list with the member’s name and id', () => {
    expect(staffRecordListPath({ name: '王小明', uid: 7 })).toBe('/subDistributor/record/list?name=%E7%8E%8B%E5%B0%8F%E6%98%8E&id=7');
  });
});
