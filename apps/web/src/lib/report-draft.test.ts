import { describe, expect, it } from 'vitest';
import { DRAFT_TTL_MS } from '@baobei/shared/rules/record-submit';
import { isDraftExpired } from './report-draft-slot';
import { draftToSubmit, emptyDraft, reReportDraft, reReportFormPath } from './report-draft';

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
      customerList: [{ name: '张三', sex: 1, phone: '13812345678', telType: 0, customerPic: [], picConsent: false }],
      visitorNum: 1,
      visitingTime: '2026-11-23 10:00',
      dkStaffName: '',
      dkStaffPhone: '',
      reception: '',
      remark: '',
    });
  });
});

describe('re-report draft', () => {
  const house = { id: 9, name: '海口湾一号', isNeedIdCard: false, ruleTel: 'MASKED' as const, reportLeadTime: 30 };
  const source = {
    customerInfo: { name: '张三', sex: 1, phone: '138****5678', customerPic: ['/u/a.png'] },
    visitorNum: 3,
    dkName: '李带看',
    dkPhone: '13900000001',
  };

  it('belongs to the listing\'s form and carries customer, visitor count and viewing person', () => {
    const draft = reReportDraft(source, house, 5_000);
    expect(draft.formPath).toBe(reReportFormPath(9));
    expect(draft.formPath).toBe('/house/record/9');
    expect(draft.houses).toEqual([house]);
    expect(draft.customers).toEqual([
      { key: 're-report-5000', name: '张三', sex: 1, phone: '138****5678', telType: 0, customerPic: ['/u/a.png'] },
    ]);
    expect(draft).toMatchObject({ visitorNum: 3, dkStaffName: '李带看', dkStaffPhone: '13900000001', visitingTime: '', cacheTime: 5_000 });
  });

  it('marks a non-mainland number as the other area and leaves an unknown sex unchosen', () => {
    const draft = reReportDraft({ ...source, customerInfo: { ...source.customerInfo, phone: '+85291234567', sex: 0 } }, house);
    expect(draft.customers[0]).toMatchObject({ telType: 1, sex: null });
  });
});
