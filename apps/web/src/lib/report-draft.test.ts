import { describe, expect, it } from 'vitest';
import { DRAFT_TTL_MS } from '@baobei/shared/rules/record-submit';
import { draftToSubmit, emptyDraft, isDraftExpired } from './report-draft';

describe('report draft', () => {
  it('expires 20 minutes after its last save', () => {
    const draft = emptyDraft('/rapid/record', 1_000);
    expect(isDraftExpired(draft, 1_000 + DRAFT_TTL_MS - 1)).toBe(false);
    expect(isDraftExpired(draft, 1_000 + DRAFT_TTL_MS)).toBe(true);
  });
  it('turns into the submit payload without local fields', () => {
    const draft = {
      ...emptyDraft('/house/record/3'),
      houses: [{ id: 3, name: '海口湾一号', isNeedIdCard: false, ruleTel: 'FULL' as const, reportLeadTime: 30 }],
      customers: [{ key: 'c1', name: '张三', sex: 1, phone: '13812345678', telType: 0, customerPic: [] }],
      visitingTime: '2026-11-23 10:00',
    };
    expect(draftToSubmit(draft)).toEqual({
      selectHouse: [3],
      customerList: [{ name: '张三', sex: 1, phone: '13812345678', telType: 0, customerPic: [] }],
      visitorNum: 1,
      visitingTime: '2026-11-23 10:00',
      dkStaffName: '',
      dkStaffPhone: '',
      reception: '',
      remark: '',
    });
  });
});
