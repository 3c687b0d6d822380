import { describe, expect, it } from 'vitest';
import { messages } from '../messages';
import { blockingReports, customerDisplayName, houseNotReportableMessage, protectionModeRule, validateCustomer, validateRecordSubmit, type RecordDraft } from './record-submit';
import { recordSubmitSchema } from '../schemas/record';

const customer = { name: '张三', sex: 1, phone: '13812345678', telType: 0, customerPic: ['/x.png'], picConsent: true };
const ok: RecordDraft = {
  selectHouse: [1],
  visitingTime: '2026-11-23 10:00',
  visitorNum: 2,
  dkStaffName: '王小明',
  dkStaffPhone: '13800000003',
  customerList: [customer],
};
const ctx = { needsIdCard: false, maxCustomers: 5 };
const message = (draft: RecordDraft, context = ctx) => {
  const failure = validateRecordSubmit(draft, context);
  return failure && failure.message;
};

describe('validateRecordSubmit, in the spec’s order', () => {
  it.each([
    [{ ...ok, selectHouse: [] }, messages.record.houseRequired],
    [{ ...ok, selectHouse: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11] }, messages.record.tooManyHouses],
    [{ ...ok, visitingTime: '', visitorNum: null }, messages.record.visitTimeRequired],
    [{ ...ok, visitorNum: null, dkStaffPhone: '' }, messages.record.visitorNumRequired],
    [{ ...ok, dkStaffPhone: '', visitorNum: 0 }, messages.record.dkPhoneRequired],
    [{ ...ok, dkStaffName: '' }, messages.record.dkNameRequired],
    [{ ...ok, dkStaffPhone: '1380000', visitorNum: 0 }, messages.record.dkPhoneInvalid],
    [{ ...ok, visitorNum: 0, customerList: [] }, messages.record.visitorNumMin],
    [{ ...ok, visitorNum: -1 }, messages.record.visitorNumMin],
    [{ ...ok, visitorNum: Number.NaN }, messages.record.visitorNumRequired],
    [{ ...ok, customerList: [] }, messages.record.customerRequired],
  ])('%#: refuses with the first failed rule', (draft, expected) => {
    expect(message(draft)).toBe(expected);
  });

  it('reads the request schema’s visitor count into rules 3 and 6', () => {
    const parse = (visitorNum: unknown) => recordSubmitSchema.parse({ visitorNum }).visitorNum;
    expect(message({ ...ok, visitorNum: parse(undefined) })).toBe(messages.record.visitorNumRequired);
    expect(message({ ...ok, visitorNum: parse(null) })).toBe(messages.record.visitorNumRequired);
    expect(message({ ...ok, visitorNum: parse(-1) })).toBe(messages.record.visitorNumMin);
    expect(message({ ...ok, visitorNum: parse('-3') })).toBe(messages.record.visitorNumMin);
    expect(message({ ...ok, visitorNum: parse(0) })).toBe(messages.record.visitorNumMin);
    expect(parse(3)).toBe(3);
  });

  it('reads an empty or blank visitor count as missing: 请填写到访人数, not a format error', () => {
    const parse = (visitorNum: unknown) => recordSubmitSchema.parse({ visitorNum }).visitorNum;
    expect(message({ ...ok, visitorNum: parse('') })).toBe(messages.record.visitorNumRequired);
    expect(message({ ...ok, visitorNum: parse('  ') })).toBe(messages.record.visitorNumRequired);
    expect(parse(' 2 ')).toBe(2);
    expect(recordSubmitSchema.safeParse({ visitorNum: '两' }).success).toBe(false);
  });

  it('allows an empty viewing person', () => {
    expect(validateRecordSubmit({ ...ok, dkStaffName: '', dkStaffPhone: '' }, ctx)).toBeNull();
  });

  it('counts customers against the company limit with the decided wording', () => {
    const six = Array.from({ length: 6 }, (_, i) => ({ ...customer, phone: `1381234567${i}` }));
    expect(message({ ...ok, customerList: six })).toBe('最多同时报备5个客户，报备客户列表里已有 6 个客户');
  });

  it('lists customers without gender in the dialog, before missing proof', () => {
    const failure = validateRecordSubmit(
      { ...ok, customerList: [{ ...customer, sex: null, customerPic: [] }, { ...customer, name: '李四', sex: 0 }] },
      { needsIdCard: true, maxCustomers: 5 },
    );
    expect(failure).toMatchObject({ kind: 'genderDialog', names: ['张三', '李四'] });
  });

  it('names, after the spec’s rules, the customers whose pictures lack their separate consent (decision 095)', () => {
    const draft = { ...ok, customerList: [{ ...customer, picConsent: false }, { ...customer, name: '李四', phone: '13812345679' }, { ...customer, name: '王五', phone: '13812345670', picConsent: undefined }] };
    expect(message(draft)).toBe(messages.customer.picConsentMissing('张三、王五'));
    // A spec rule still comes first.
    expect(message({ ...draft, visitingTime: '' })).toBe(messages.record.visitTimeRequired);
    expect(validateRecordSubmit({ ...ok, customerList: [{ ...customer, customerPic: [], picConsent: false }] }, ctx)).toBeNull();
  });

  it('asks for proof only where a listing needs ID documents', () => {
    const draft = { ...ok, customerList: [{ ...customer, customerPic: [] }] };
    expect(validateRecordSubmit(draft, ctx)).toBeNull();
    expect(validateRecordSubmit(draft, { needsIdCard: true, maxCustomers: 5 })).toMatchObject({
      kind: 'proofDialog',
      names: ['张三'],
    });
  });
});

describe('validateCustomer', () => {
  const context = { existingPhones: ['13900000000'], maskedAllowed: false };
  it.each([
    [{ name: '', sex: null, phone: '', telType: 0, customerPic: [] }, messages.customer.nameRequired],
    [{ name: '张三', sex: null, phone: '', telType: 0, customerPic: [] }, messages.customer.sexRequired],
    [{ name: '张三', sex: 1, phone: '', telType: 0, customerPic: [] }, messages.customer.phoneRequired],
    [{ name: '张三', sex: 1, phone: '12345', telType: 0, customerPic: [] }, messages.customer.phoneFormatContent],
    [{ name: '张三', sex: 1, phone: '138****5678', telType: 0, customerPic: [] }, messages.customer.maskedNotAllowed],
    [{ name: '张三', sex: 2, phone: '13900000000', telType: 0, customerPic: [] }, messages.customer.phoneDuplicate],
  ])('%o gives %s', (input, expected) => {
    expect(validateCustomer(input, context)?.message).toBe(expected);
  });
  it('asks for the customer’s separate consent with pictures, and takes them with it (decision 095)', () => {
    const withPics = { name: '张三', sex: 1, phone: '13900000001', telType: 0, customerPic: ['/uploads/a.png'] };
    expect(validateCustomer(withPics, context)?.message).toBe(messages.customer.picConsentRequired);
    expect(validateCustomer({ ...withPics, picConsent: false }, context)?.message).toBe(messages.customer.picConsentRequired);
    expect(validateCustomer({ ...withPics, picConsent: true }, context)).toBeNull();
    expect(validateCustomer({ ...withPics, customerPic: [] }, context)).toBeNull();
  });
  it('accepts masked numbers where allowed and any number of the other type', () => {
    expect(validateCustomer({ name: '张三', sex: 1, phone: '138****5678', telType: 0, customerPic: [] }, { ...context, maskedAllowed: true })).toBeNull();
    expect(validateCustomer({ name: '张三', sex: 1, phone: '+852 91234567', telType: 1, customerPic: [] }, context)).toBeNull();
  });
  it('adds 先生 or 女士 to a one-character name', () => {
    expect(customerDisplayName('王', 1)).toBe('王先生');
    expect(customerDisplayName('李', 2)).toBe('李女士');
    expect(customerDisplayName('王小明', 1)).toBe('王小明');
  });
});

describe('houseNotReportableMessage', () => {
  it('refuses sold-out and stopped listings with the reason, lets the others through', () => {
    expect(houseNotReportableMessage({ name: '海景湾', sellingStatus: 'SELL_OUT' })).toBe('【海景湾】售罄，不能报备，请选择其他楼盘');
    expect(houseNotReportableMessage({ name: '海景湾', sellingStatus: 'STOP_SELL' })).toBe('【海景湾】停售，不能报备，请选择其他楼盘');
    for (const s of ['SELLING', 'PENDING', 'OFFER_BUY', 'SELL_SOON'] as const) {
      expect(houseNotReportableMessage({ name: '海景湾', sellingStatus: s })).toBeNull();
    }
  });
});

describe('blockingReports (撞单 under 报备为王 / 到访为王, decision 053)', () => {
  const own = { id: 1, distributorId: 7, status: 'RECORDSTART' as const };
  const otherWaiting = { id: 2, distributorId: 8, status: 'RECORDCOMPLETE' as const };
  const otherStandby = { id: 3, distributorId: 9, status: 'RECORDSTANDBY' as const };
  const otherVisited = { id: 4, distributorId: 8, status: 'VISIT' as const };
  const otherDeal = { id: 5, distributorId: 9, status: 'MAKEBARGAIN' as const };

  it('report-first: every protecting report blocks', () => {
    expect(blockingReports([own, otherWaiting, otherVisited], 7, 'REPORT_FIRST')).toEqual([own, otherWaiting, otherVisited]);
  });

  it("visit-first: another distributor's waiting report does not block; visited ones and the own distributor's do", () => {
    expect(blockingReports([otherWaiting, otherStandby], 7, 'VISIT_FIRST')).toEqual([]);
    expect(blockingReports([otherWaiting, otherVisited, otherDeal], 7, 'VISIT_FIRST')).toEqual([otherVisited, otherDeal]);
    expect(blockingReports([own, otherWaiting], 7, 'VISIT_FIRST')).toEqual([own]);
    // A reporter without a distributor is its own side, as the existing rule reads it.
    expect(blockingReports([{ ...own, distributorId: null }], null, 'VISIT_FIRST')).toHaveLength(1);
  });

  it('names the rule of each mode', () => {
    expect(protectionModeRule('VISIT_FIRST')).toMatch(/^到访为王：/);
    expect(protectionModeRule('REPORT_FIRST')).toMatch(/^报备为王：/);
  });
});
