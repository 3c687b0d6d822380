import { messages } from '@baobei/shared/messages';
import type { Deal } from '@baobei/shared/schemas/record-deal';
import { ApiError } from '@baobei/shared/client/api-error';
import { describe, expect, it } from 'vitest';
import { adjustInput, editDraftOf, editInput, paymentInput, reverseInput } from './commission-forms';
import { canRecordDeal, commissionRows, dealActions, dealCallFailure, dealFactRows, policyRows } from './deal-card';

const card = messages.deal.card;

const deal: Deal = {
  id: 3,
  recordId: 41,
  houseName: '海景花园',
  customerName: '成先生',
  reporterName: '王五',
  building: '5栋',
  room: '2301',
  floorArea: '118.60',
  totalPriceFen: 235_000_000,
  totalPrice: '2350000.00',
  signedOn: '2026-11-20',
  contractPicture: '/uploads/a.png?sig=x',
  propertyType: 'RESIDENCE',
  propertyTypeText: '住宅',
  policy: { id: 9, policyStartDate: '2026-11-01', policyEndDate: null, longTerm: false, secondaryPoint: '3%', secondaryAward: '成交奖励2000元/套' },
  breakdown: { basis: '成交总价的 3%', baseFen: 7_050_000, incentiveFen: 200_000, totalFen: 7_250_000, base: '70500.00', incentive: '2000.00', total: '72500.00', notes: [] },
  adjustedCommissionFen: null,
  adjustReason: '',
  commissionFen: 7_250_000,
  commission: '72500.00',
  paidFen: 1_000_000,
  paid: '10000.00',
  leftFen: 6_250_000,
  left: '62500.00',
  settlementState: 'PARTIAL',
  settlementText: '部分结佣',
  payments: [],
  version: 2,
  createdAt: '2026-11-20 10:00',
};

describe('the deal card (decision 052)', () => {
  it('lists the deal and the commission in 元 with separators, the basis beside the base', () => {
    expect(dealFactRows(deal).map((r) => r.value)).toEqual(['5栋 2301', '118.60㎡', '¥2,350,000.00', '2026-11-20', '住宅']);
    expect(commissionRows(deal).map((r) => r.value)).toEqual(['¥70,500.00（成交总价的 3%）', '¥2,000.00', '¥72,500.00']);
  });

  it('shows the policy snapshot with its period, open ends as 不限, and says when none was valid', () => {
    expect(policyRows(deal).map((r) => r.value)).toEqual(['3%', '成交奖励2000元/套', `2026-11-01 至 ${card.openEnd}`]);
    expect(policyRows({ ...deal, policy: { ...deal.policy!, longTerm: true } })[2]!.value).toBe(card.longTerm);
    expect(policyRows({ ...deal, policy: null })).toEqual([{ key: 'policy', label: card.policy, value: card.noPolicy }]);
  });

  it('offers adjusting, paying, 修改成交 and 冲销 to the auditor admin only, paying while something is left', () => {
    expect(dealActions('AUDITORADMIN', deal)).toEqual({ canAdjust: true, canPay: true, canEdit: true, canReverse: true });
    expect(dealActions('AUDITORADMIN', { ...deal, leftFen: 0, settlementState: 'SETTLED' })).toEqual({ canAdjust: true, canPay: false, canEdit: true, canReverse: true });
    expect(dealActions('AUDITOR', deal)).toEqual({ canAdjust: false, canPay: false, canEdit: false, canReverse: false });
    expect(dealActions('YUEWUYUAN', deal)).toEqual({ canAdjust: false, canPay: false, canEdit: false, canReverse: false });
  });

  it('offers 录入成交 to the report’s auditor at 成交 or 确认成交 without a deal', () => {
    const report = { approvalStatus: 'MAKEBARGAIN' as const, permission: 1 };
    expect(canRecordDeal('AUDITOR', report, false)).toBe(true);
    expect(canRecordDeal('AUDITORADMIN', { ...report, approvalStatus: 'MAKEBARGAINCOMPLETE' }, false)).toBe(true);
    expect(canRecordDeal('AUDITOR', report, true)).toBe(false);
    expect(canRecordDeal('AUDITOR', { ...report, permission: 0 }, false)).toBe(false);
    expect(canRecordDeal('AUDITOR', { ...report, approvalStatus: 'VISIT' }, false)).toBe(false);
    expect(canRecordDeal('DIANZHANG', report, false)).toBe(false);
  });

  it('checks the forms with the server’s own rules and sends the version read', () => {
    expect(adjustInput(deal, { amount: ' 60000 ', reason: ' 开发商返佣调整 ' })).toEqual({
      input: { id: 41, adjustedCommission: '60000', reason: '开发商返佣调整', version: 2 },
      problem: null,
    });
    expect(adjustInput(deal, { amount: '6万', reason: 'x' }).problem).toBe(messages.deal.adjustInvalid);
    expect(adjustInput(deal, { amount: '60000', reason: '  ' }).problem).toBe(messages.deal.adjustReasonRequired);
    expect(paymentInput(deal, { amount: '10000.5', paidOn: '2026-11-24', reference: ' BK001 ', invoiceNo: ' 44001234 ' })).toEqual({
      input: { id: 41, amount: '10000.5', paidOn: '2026-11-24', reference: 'BK001', invoiceNo: '44001234' },
      problem: null,
    });
    expect(paymentInput(deal, { amount: '0', paidOn: '2026-11-24', reference: '', invoiceNo: '' }).problem).toBe(messages.deal.amountInvalid);
    expect(paymentInput(deal, { amount: '1.234', paidOn: '2026-11-24', reference: '', invoiceNo: '' }).problem).toBe(messages.deal.amountInvalid);
    expect(paymentInput(deal, { amount: '10', paidOn: '', reference: '', invoiceNo: '' }).problem).toBe(messages.deal.paidOnInvalid);
    // 发票号 (decision 082): at most 64 characters, the server's own message.
    expect(paymentInput(deal, { amount: '10', paidOn: '2026-11-24', reference: '', invoiceNo: '9'.repeat(65) }).problem).toBe(messages.input.tooLong('发票号', 64));
  });

  it('shows the server’s refusal as it came; 409 reloads; no answer is 请求异常; 401 was already told', () => {
    expect(dealCallFailure(new ApiError({ code: 400, msg: messages.deal.overpay('62500.00') }))).toEqual({ message: messages.deal.overpay('62500.00'), stale: false });
    expect(dealCallFailure(new ApiError({ code: 409, msg: messages.deal.staleVersion }))).toEqual({ message: messages.deal.staleVersion, stale: true });
    expect(dealCallFailure(new ApiError({ code: 0, msg: '' }))).toEqual({ message: messages.common.requestException, stale: false });
    expect(dealCallFailure(new ApiError({ code: 401, msg: '' }))).toBeNull();
    expect(dealCallFailure(new Error('x'))).toEqual({ message: messages.common.requestException, stale: false });
  });

  it('修改成交 starts from the deal as it is, refuses an unchanged form, needs a reason, and sends every field at the version read', () => {
    const draft = editDraftOf(deal);
    expect(draft).toEqual({ building: '5栋', room: '2301', floorArea: '118.60', totalPrice: '2350000.00', signedOn: '2026-11-20', propertyType: 'RESIDENCE', contract: ['/uploads/a.png?sig=x'] });
    expect(editInput(deal, { ...draft, room: ' 2301 ' }, '录错').problem).toBe(messages.deal.editForm.unchanged);
    expect(editInput(deal, { ...draft, room: '2302' }, '  ').problem).toBe(messages.deal.editReasonRequired);
    expect(editInput(deal, { ...draft, totalPrice: '0' }, '录错').problem).toBe(messages.deal.totalPriceInvalid);
    expect(editInput(deal, { ...draft, room: '2302', contract: [] }, '录错').problem).toBe(messages.deal.contractRequired);
    expect(editInput(deal, { ...draft, room: ' 2302 ', totalPrice: '2360000' }, ' 房号录错 ')).toEqual({
      input: {
        id: 41,
        version: 2,
        reason: '房号录错',
        building: '5栋',
        room: '2302',
        floorArea: '118.60',
        totalPrice: '2360000',
        signedOn: '2026-11-20',
        propertyType: 'RESIDENCE',
        contractPicture: '/uploads/a.png?sig=x',
      },
      problem: null,
    });
  });

  it('冲销 needs a reason', () => {
    expect(reverseInput(deal, 7, ' ').problem).toBe(messages.deal.reverseReasonRequired);
    expect(reverseInput(deal, 7, ' 重复登记 ')).toEqual({ input: { id: 41, paymentId: 7, reason: '重复登记' }, problem: null });
  });
});
