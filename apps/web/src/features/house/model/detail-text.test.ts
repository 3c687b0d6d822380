import type { HouseDetail } from '@baobei/shared/schemas/house';
import { describe, expect, it } from 'vitest';
import { basicInfoRows, contactRows, leadTimeText, policyDateText, protectText, reportHints, withUnit } from './detail-text';

describe('withUnit', () => {
  it('adds the unit once and says 暂无 for an empty value', () => {
    expect(withUnit('12000', '㎡')).toBe('12000㎡');
    expect(withUnit('12000㎡', '㎡')).toBe('12000㎡');
    expect(withUnit('', '㎡')).toBe('暂无');
    expect(withUnit('  ')).toBe('暂无');
  });
});

describe('basicInfoRows', () => {
  it('lists every field of the spec with its unit', () => {
    const house = {
      buildingAddress: '海口市秀英区',
      plannedArea: '52000',
      buildingArea: '',
      plannedHousehold: '860',
      plotRatio: '2.5',
      greeningRate: '35',
      propertyFee: '3.2',
      propertyCompany: '',
      deliverTime: '2026年6月',
      projectIntroduction: '',
      projectIntro: '简介',
      buildingTrait: '',
      projectSupporting: '',
    } as HouseDetail;
    const values = Object.fromEntries(basicInfoRows(house).map((r) => [r.label, r.value]));
    expect(values).toEqual({
      地址: '海口市秀英区',
      占地面积: '52000㎡',
      建筑面积: '暂无',
      规划户数: '860户',
      容积率: '2.5',
      绿化率: '35%',
      物业费: '3.2元/㎡',
      物业公司: '暂无',
      交房时间: '2026年6月',
      项目介绍: '简介',
      楼盘卖点: '暂无',
      周边配套: '暂无',
    });
    // In the tab's order; the long texts under their labels.
    expect(basicInfoRows(house).map((r) => `${r.label}${r.block ? '↓' : ''}`)).toEqual([
      '地址',
      '占地面积',
      '建筑面积',
      '规划户数',
      '容积率',
      '绿化率',
      '物业费',
      '物业公司',
      '交房时间',
      '项目介绍↓',
      '楼盘卖点↓',
      '周边配套↓',
    ]);
  });
});

describe('texts', () => {
  it('reads the lead time as 报备需提前X', () => {
    expect(leadTimeText('30分钟')).toBe('报备需提前30分钟');
    expect(leadTimeText('报备需提前1.5小时')).toBe('报备需提前1.5小时');
    expect(leadTimeText('')).toBe('');
  });

  it('shows a protection period from its days text or its hours', () => {
    expect(protectText('2天', 48)).toBe('2天');
    expect(protectText(undefined, 100)).toBe('4天4小时');
    expect(protectText(undefined, undefined)).toBeNull();
  });

  it('says 长期有效 for long-term policies', () => {
    expect(policyDateText({ policyStartDate: '2025-01-01', policyEndDate: '2025-12-31', longTerm: false })).toBe(
      '2025-01-01 至 2025-12-31',
    );
    expect(policyDateText({ policyStartDate: '2025-01-01', policyEndDate: '', longTerm: true })).toBe('长期有效');
  });
});

describe('reportHints', () => {
  const none = { isFullName: false, isNotFullName: false, isNeedIdCard: false, isAlert: false, specialHintTitle: '', specialTip: '' };

  it('is empty when the listing has no rule', () => {
    expect(reportHints(none)).toEqual([]);
  });

  it('lists the rules in the spec order, the special hint with its title', () => {
    const hints = reportHints({ ...none, isFullName: true, isNeedIdCard: true, isAlert: true, specialHintTitle: '到访须知', specialTip: '请提前一天报备' });
    expect(hints.map((h) => h.text)).toEqual(['报备需填写客户全名', '该楼盘报备需上传客户身份证明资料', '请提前一天报备']);
    expect(hints[2]?.title).toBe('到访须知');
  });

  it('ignores the special hint flag without any text', () => {
    expect(reportHints({ ...none, isNotFullName: true, isAlert: true })).toEqual([{ key: 'surnameOnly', text: '报备可只填写客户姓氏' }]);
  });
});

describe('contactRows', () => {
  it('puts on-site contacts before channel contacts and adds the on-site phone once', () => {
    const rows = contactRows({
      onSiteTel: '0898-66668888',
      contacts: [
        { name: '渠道王', phone: '13900000001', label: '(渠道对接人)' },
        { name: '案场李', phone: '13900000002', label: '' },
        { name: '无电话', phone: '', label: '' },
      ],
    });
    expect(rows.map((r) => `${r.name}${r.label}`)).toEqual(['案场电话', '案场李', '渠道王(渠道对接人)']);
    expect(contactRows({ onSiteTel: '13900000002', contacts: [{ name: '案场李', phone: '13900000002', label: '' }] })).toHaveLength(1);
  });
});
