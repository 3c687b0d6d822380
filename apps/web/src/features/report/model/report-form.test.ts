import { messages } from '@baobei/shared/messages';
import { describe, expect, it } from 'vitest';
import { recognizeMessage } from '@baobei/shared/rules/recognize';
import { validateCustomer } from '@baobei/shared/rules/record-submit';
import { emptyDraft } from '../../../lib/report-draft';
import {
  customerToFix,
  keepsDraft,
  maskedAllowed,
  maxLeadMinutes,
  mergeRecognized,
  otherPhones,
  pickerDefault,
  pickerToText,
  textToPicker,
  updateCustomer,
  validateDraft,
  visitPickerBounds,
} from './report-form';

const house = (id: number, reportLeadTime: number, ruleTel: 'FULL' | 'MASKED' = 'FULL') => ({
  id,
  name: `楼盘${id}`,
  isNeedIdCard: false,
  ruleTel,
  reportLeadTime,
});

describe('report form model', () => {
  it('takes the longest lead time and allows masked phones only when every listing does', () => {
    expect(maxLeadMinutes([])).toBe(0);
    expect(maxLeadMinutes([house(1, 30), house(2, 120)])).toBe(120);
    expect(maskedAllowed([])).toBe(false);
    expect(maskedAllowed([house(1, 30, 'MASKED'), house(2, 30, 'MASKED')])).toBe(true);
    expect(maskedAllowed([house(1, 30, 'MASKED'), house(2, 30, 'FULL')])).toBe(false);
  });

  it('bounds the picker from now plus the lead time (next whole minute) to now plus 180 days, in Shanghai time', () => {
    // 2026-03-01 10:00:30 in Shanghai.
    const now = new Date(Date.UTC(2026, 2, 1, 2, 0, 30));
    const { min, max } = visitPickerBounds(now, 120);
    expect(pickerToText(min)).toBe('2026-03-01 12:01');
    expect(pickerToText(max)).toBe('2026-08-28 10:00');
    expect(pickerDefault('', { min, max })).toBe(min);
    expect(pickerToText(pickerDefault('2026-04-01 09:30', { min, max }))).toBe('2026-04-01 09:30');
    expect(pickerDefault('2026-03-01 11:00', { min, max })).toBe(min);
    expect(textToPicker('2026-02-30 10:00')).toBeNull();
  });

  it('merges recognised customers, skipping listed phones and the overflow', () => {
    const draft = {
      ...emptyDraft('/rapid/record', 0),
      dkStaffName: '我',
      dkStaffPhone: '13800000003',
      customers: [{ key: 'a', name: '张三', sex: 1, phone: '13900000001', telType: 0, customerPic: [] }],
    };
    const merged = mergeRecognized(
      draft,
      {
        customerList: [
          { name: '张三', sex: 1, phone: '13900000001', telType: 0 },
          { name: '李四 ', sex: 2, phone: '13900000002', telType: 0 },
          { name: '王五', sex: null, phone: '13900000002', telType: 0 },
          { name: '赵六', sex: 1, phone: '13900000003', telType: 0 },
        ],
        daikan: { name: '带看', phone: '13700000000' },
        visitorNum: 3,
      },
      (i) => `r${i}`,
      2,
    );
    expect(merged.added).toBe(1);
    // 张三 is on the form, 王五's phone came with 李四 just before, 赵六 is past the limit of 2.
    expect(merged.skipped).toEqual({ onForm: 2, overLimit: 1, noPhone: 0 });
    expect(merged.draft.customers.map((c) => c.phone)).toEqual(['13900000001', '13900000002']);
    expect(merged.draft.customers[1]).toMatchObject({ key: 'r1', name: '李四', customerPic: [] });
    expect(merged.draft).toMatchObject({ dkStaffName: '带看', dkStaffPhone: '13700000000', visitorNum: 3 });

    const nothing = mergeRecognized(draft, { customerList: [], daikan: { name: '', phone: '' }, visitorNum: null }, String, 5);
    expect(nothing.draft).toMatchObject({ dkStaffName: '我', dkStaffPhone: '13800000003', visitorNum: 1 });
  });

  it('counts a name without a phone apart, and says why customers were skipped (issue 28, item 9)', () => {
    const draft = { ...emptyDraft('/rapid/record', 0), customers: [{ key: 'a', name: '张三', sex: 1, phone: '13900000001', telType: 0, customerPic: [] }] };
    const merged = mergeRecognized(
      draft,
      {
        customerList: [
          { name: '钱七', sex: 1, phone: ' ', telType: 0 },
          { name: '张三', sex: 1, phone: '13900000001', telType: 0 },
          { name: '孙八', sex: 2, phone: '13900000008', telType: 0 },
        ],
        daikan: { name: '', phone: '' },
        visitorNum: null,
      },
      String,
      5,
    );
    expect(merged.added).toBe(1);
    expect(merged.skipped).toEqual({ onForm: 1, overLimit: 0, noPhone: 1 });

    const text = messages.reportForm.recognized;
    expect(text(1, { onForm: 2, overLimit: 1, noPhone: 0 }, 5)).toBe('已识别 1 个客户，跳过 3 个（2 个已在表单中，1 个超出上限 5 人）');
    expect(text(0, { onForm: 0, overLimit: 2, noPhone: 0 }, 3)).toBe('已识别 0 个客户，跳过 2 个（2 个超出上限 3 人）');
    expect(text(1, merged.skipped, 5)).toBe('已识别 1 个客户，跳过 2 个（1 个已在表单中，1 个未识别到手机号）');
    expect(text(2, { onForm: 0, overLimit: 0, noPhone: 0 }, 5)).toBe('已识别 2 个客户');
  });

  it('fills the customer, the viewing person and the visitor count from a pasted message', () => {
    const draft = { ...emptyDraft('/rapid/record', 0), dkStaffName: '我', dkStaffPhone: '13800000003' };
    const merged = mergeRecognized(draft, recognizeMessage('客户 张三 13812345678 带看 李四 13900139000 共3人'), String, 5);
    expect(merged.draft.customers).toEqual([
      { key: '0', name: '张三', sex: null, phone: '13812345678', telType: 0, customerPic: [] },
    ]);
    expect(merged.draft).toMatchObject({ dkStaffName: '李四', dkStaffPhone: '13900139000', visitorNum: 3 });
    const count = mergeRecognized(draft, recognizeMessage('张三 13812345678 到访3人'), String, 5);
    expect(count.draft).toMatchObject({ dkStaffName: '我', dkStaffPhone: '13800000003', visitorNum: 3 });
  });

  it('validates in the spec order and keeps the draft only for the selection screens', () => {
    const draft = { ...emptyDraft('/house/record/3', 0), houses: [house(3, 120)] };
    expect(validateDraft(draft, 5)).toMatchObject({ message: '请选择到访时间' });
    expect(validateDraft({ ...draft, visitingTime: '2026-03-01 12:01' }, 5)).toMatchObject({ message: '至少填写一个客户' });
    // An emptied count (the stepper's null) and 0 each get their own rule.
    const timed = { ...draft, visitingTime: '2026-03-01 12:01' };
    expect(validateDraft({ ...timed, visitorNum: null }, 5)).toMatchObject({ message: '请填写到访人数' });
    expect(validateDraft({ ...timed, visitorNum: 0 }, 5)).toMatchObject({ message: '到访人数最少一人，请修改' });
    expect(validateDraft({ ...timed, visitorNum: -1 }, 5)).toMatchObject({ message: '到访人数最少一人，请修改' });
    // The company's customers per report, not a constant of the client.
    const customers = Array.from({ length: 3 }, (_, i) => ({ key: `${i}`, name: `客户${i}`, sex: 1, phone: `1390000000${i}`, telType: 0, customerPic: [] }));
    expect(validateDraft({ ...timed, customers }, 2)).toMatchObject({ message: '最多同时报备2个客户，报备客户列表里已有 3 个客户' });
    expect(validateDraft({ ...timed, customers }, 3)).toBeNull();
    expect(keepsDraft('/house/record/select/customer')).toBe(true);
    expect(keepsDraft('/home')).toBe(false);
    expect(keepsDraft('/house/record/3')).toBe(false);
  });

  it('edits a listed customer in place: its own phone is fine, another row\'s is not', () => {
    const draft = {
      ...emptyDraft('/rapid/record', 0),
      customers: [
        { key: 'a', name: '张三', sex: null, phone: '13900000001', telType: 0, customerPic: [] },
        { key: 'b', name: '李四', sex: 2, phone: '13900000002', telType: 0, customerPic: ['/p/1.png'] },
      ],
    };
    expect(otherPhones(draft, 'a')).toEqual(['13900000002']);
    expect(otherPhones(draft, null)).toEqual(['13900000001', '13900000002']);
    expect(validateCustomer({ name: '张三', sex: 1, phone: '13900000001', telType: 0, customerPic: [] }, { existingPhones: otherPhones(draft, 'a'), maskedAllowed: false })).toBeNull();
    expect(validateCustomer({ name: '张三', sex: 1, phone: '13900000002', telType: 0, customerPic: [] }, { existingPhones: otherPhones(draft, 'a'), maskedAllowed: false })).toMatchObject({
      message: '客户列表里已经存在此手机号码，请更换手机号码',
    });

    const pics = ['/p/2.png'];
    const edited = updateCustomer(draft, 'a', { name: '张三', sex: 1, phone: '13900000009', telType: 0, customerPic: pics, picConsent: true });
    expect(edited.customers).toEqual([
      { key: 'a', name: '张三', sex: 1, phone: '13900000009', telType: 0, customerPic: ['/p/2.png'], picConsent: true },
      draft.customers[1],
    ]);
    expect(edited.customers[0]?.customerPic).not.toBe(pics);
    expect(draft.customers[0]?.sex).toBeNull();
    expect(updateCustomer(draft, 'gone', { name: 'x', sex: 1, phone: '1', telType: 1, customerPic: [] })).toBe(draft);
  });

  it('finds the customer the gender and proof dialogs name first', () => {
    const customers = [
      { key: 'a', name: '张三', sex: 1, phone: '13900000001', telType: 0, customerPic: ['/p/1.png'] },
      { key: 'b', name: '李四', sex: null, phone: '13900000002', telType: 0, customerPic: [] },
      { key: 'c', name: '王五', sex: 0, phone: '13900000003', telType: 0, customerPic: [] },
    ];
    const draft = { ...emptyDraft('/house/record/3', 0), houses: [{ ...house(3, 0), isNeedIdCard: true }], visitingTime: '2026-03-01 12:01', customers };
    const failure = validateDraft(draft, 5);
    expect(failure).toMatchObject({ kind: 'genderDialog', names: ['李四', '王五'] });
    expect(customerToFix(draft, failure?.kind)?.key).toBe('b');
    const sexed = { ...draft, customers: customers.map((c) => ({ ...c, sex: 2 })) };
    const proof = validateDraft(sexed, 5);
    expect(proof).toMatchObject({ kind: 'proofDialog', names: ['李四', '王五'] });
    expect(customerToFix(sexed, proof?.kind)?.key).toBe('b');
    expect(customerToFix(sexed, 'message')).toBeNull();
    expect(customerToFix({ ...sexed, customers: [customers[0]!] }, 'proofDialog')).toBeNull();
  });
});
