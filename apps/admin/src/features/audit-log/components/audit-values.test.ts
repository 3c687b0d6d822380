import { describe, expect, it } from 'vitest';
import { auditFieldName, auditValue } from './audit-values';

describe('the audit log viewer’s values', () => {
  it('names fields in Chinese, a listing’s by its form labels, others as written', () => {
    expect(auditFieldName('title')).toBe('标题');
    expect(auditFieldName('active', 'house')).toBe('上架状态');
    expect(auditFieldName('sellingStatus', 'house')).toBe('销售状态');
    expect(auditFieldName('somethingNew')).toBe('somethingNew');
  });

  it('reads none, flags, codes, lists, times and hidden secrets as an operator does', () => {
    expect(auditValue('note', 'null')).toBe('（空）');
    expect(auditValue('note', '""')).toBe('（空）');
    expect(auditValue('handled', 'true')).toBe('是');
    expect(auditValue('active', 'false', 'house')).toBe('已下架');
    expect(auditValue('sellingStatus', '"SELL_SOON"', 'house')).not.toBe('SELL_SOON');
    expect(auditValue('status', '"VISIT"', 'record')).not.toBe('VISIT');
    expect(auditValue('role', '"OPERATOR"')).toBe('运营管理员');
    expect(auditValue('hosts', '["a.example.com","b.example.com"]')).toBe('a.example.com、b.example.com');
    expect(auditValue('fields', '["name","phone"]')).toBe('姓名、手机号');
    expect(auditValue('password', '"******"')).toBe('（已隐藏）');
    expect(auditValue('dueAt', '"2026-01-02T03:04:05.000Z"')).toMatch(/^2026-01-02 \d{2}:04:05$/);
    expect(auditValue('x', 'not json')).toBe('not json');
  });

  it('reads notification kinds by their names (decision 054)', () => {
    expect(auditFieldName('smsNotifyKinds', 'company')).toBe('短信通知');
    expect(auditValue('smsNotifyKinds', '["RECORD_STATUS","PROTECTION_WARNING"]')).toBe('报备状态变更、保护期即将到期');
    expect(auditValue('disabledKinds', '["RECORD_NEW"]')).toBe('新报备待审核');
    expect(auditValue('smsNotifyKinds', '[]')).toBe('（空）');
  });
});

describe('the issue 16 writers’ details', () => {
  it('names a distributor’s, an account’s and an export’s fields in Chinese', () => {
    expect(auditFieldName('address', 'distributor')).toBe('地址');
    expect(auditFieldName('name', 'distributor')).toBe('分销商名称');
    expect(auditFieldName('name', 'user')).toBe('姓名');
    expect(auditFieldName('manageArea', 'user')).toBe('负责区域');
    expect(auditFieldName('scopeHouseIds', 'user')).not.toBe('scopeHouseIds');
  });

  it('reads a registration’s status and an export’s filter without codes or JSON', () => {
    expect(auditValue('status', '"APPROVED"', 'distributor_registration')).toBe('已通过');
    const filter = auditValue('filter', JSON.stringify({ status: 'VISIT', datePreset: 4, houseId: 3, keyword: '' }), 'export');
    expect(filter).toBe('状态：已到访；时间范围：本月；楼盘ID：3');
    expect(filter).not.toMatch(/[{}"]|datePreset/);
    expect(auditValue('filter', '{}', 'export')).toBe('（空）');
  });
});
