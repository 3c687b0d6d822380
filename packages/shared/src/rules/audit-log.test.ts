import { describe, expect, it } from 'vitest';
import { auditFieldLabel, auditLabel, auditValueText, collectAuditIds, commissionPolicySummary, type AuditTextContext } from './audit-log';

const ctx = (entity = '', action = '', names: Record<string, string> = {}): AuditTextContext => ({ entity, action, name: (kind, id) => names[`${kind}:${id}`] });
const text = (field: string, value: unknown, entity = '', action = '') => auditValueText(field, value, ctx(entity, action));

describe('the audit log’s field labels (docs/decisions/067)', () => {
  it('names a key by its screen’s word: the entity’s form first, then the action’s, then the general table', () => {
    expect(auditFieldLabel('title')).toBe('标题');
    expect(auditFieldLabel('title', 'company')).toBe('公司名称');
    expect(auditFieldLabel('active', 'house')).toBe('上架状态');
    expect(auditFieldLabel('sellingStatus', 'house')).toBe('销售状态');
    expect(auditFieldLabel('name', 'distributor')).toBe('分销商名称');
    expect(auditFieldLabel('cityId', 'distributor')).toBe('所在区域');
    expect(auditFieldLabel('name', 'user')).toBe('姓名');
    expect(auditFieldLabel('status', 'record')).toBe('报备状态');
    expect(auditFieldLabel('reason', 'record', 'record.commission-adjust')).toBe('调整原因');
    expect(auditFieldLabel('reason', 'distributor_registration', 'registration.reject')).toBe('驳回原因');
    expect(auditFieldLabel('smsNotifyKinds', 'company')).toBe('短信通知');
    expect(auditFieldLabel('scopeHouseIds', 'user')).toBe('审核范围：楼盘');
    expect(auditFieldLabel('somethingNew')).toBeUndefined();
  });

  it('answers a key without a label as written, and tells', () => {
    const missing: string[] = [];
    expect(auditLabel('somethingNew', { entity: '', action: '', unnamed: (w) => missing.push(w) })).toBe('somethingNew');
    expect(missing).toEqual(['somethingNew']);
  });
});

describe('the audit log’s values (docs/decisions/067)', () => {
  it('reads none, flags, codes, lists, times and hidden secrets as an operator does', () => {
    expect(text('note', null)).toBe('（空）');
    expect(text('note', '')).toBe('（空）');
    expect(text('handled', true)).toBe('是');
    expect(text('active', false, 'house')).toBe('已下架');
    expect(text('active', false, 'user')).toBe('已停用');
    expect(text('active', true, 'distributor')).toBe('正常');
    expect(text('sellingStatus', 'SELL_SOON', 'house')).toBe('即将开盘');
    expect(text('status', 'VISIT', 'record')).toBe('已到访');
    expect(text('status', 'APPROVED', 'distributor_registration')).toBe('已通过');
    expect(text('protectionMode', 'VISIT_FIRST', 'house')).toBe('到访为王');
    expect(text('role', 'OPERATOR')).toBe('运营管理员');
    expect(text('group', 'auditor', 'user')).toBe('审核员');
    expect(text('sex', 2, 'user')).toBe('女');
    expect(text('vacation', 1, 'user')).toBe('是');
    expect(text('hosts', ['a.example.com', 'b.example.com'])).toBe('a.example.com、b.example.com');
    expect(auditValueText('fields', ['name', 'phone'], ctx('user'))).toBe('姓名、手机号');
    expect(text('password', '******')).toBe('（已隐藏）');
    // Shanghai time, whatever the machine's zone.
    expect(text('dueAt', '2026-01-02T03:04:05.000Z')).toBe('2026-01-02 11:04:05');
    expect(text('smsNotifyKinds', ['RECORD_STATUS', 'PROTECTION_WARNING'], 'company')).toBe('报备状态变更、保护期即将到期');
    expect(text('disabledKinds', ['RECORD_NEW'], 'user')).toBe('新报备待审核');
    expect(text('smsNotifyKinds', [], 'company')).toBe('（空）');
  });

  it('reads 分 in 元, ids as names (a gone one by its number), a filter key by key', () => {
    expect(text('owedFen', 5_988_000, 'record')).toBe('¥59,880.00');
    expect(text('amountFen', 5, 'record')).toBe('¥0.05');
    const names = ctx('record', 'record.reassign', { 'user:32': '李晓婷', 'house:3': '椰林湾', 'feature:1': '地铁' });
    expect(auditValueText('auditorId', 32, names)).toBe('李晓婷');
    expect(auditValueText('auditorId', 37, names)).toBe('#37（已不存在）');
    expect(auditValueText('featureIds', [1], names)).toBe('地铁');
    const filter = auditValueText('filter', { status: 'VISIT', datePreset: 4, houseId: 3, keyword: '' }, { ...names, entity: 'export', action: 'export.records' });
    expect(filter).toBe('报备状态：已到访；报备时间：本月；楼盘：椰林湾');
    expect(text('filter', {}, 'export')).toBe('（空）');
    expect(text('filter', { active: 0, role: 'DIANZHANG' }, 'export')).toBe('账号状态：停用；角色：店长');
  });

  it('summarises a commission policy as the listing form names its parts', () => {
    expect(commissionPolicySummary({ buildingProperty: 'SHOP', policyStartDate: null, policyEndDate: '2026-12-31', longTerm: false, secondaryPoint: '5万/套', secondaryAward: '', secondaryRemark: '' })).toBe(
      '商铺 · 佣金点位：5万/套 · 奖励：— · 不限 至 2026-12-31',
    );
  });

  it('tells of a code without a name and of a list it cannot read', () => {
    const missing: string[] = [];
    const c = { entity: 'record', action: 'record.status', unnamed: (w: string) => missing.push(w) };
    expect(auditValueText('status', 'LOST', c)).toBe('LOST');
    expect(auditValueText('gadgets', [{ a: 1 }], c)).toMatch(/^1项：/);
    expect(missing).toEqual(['status=LOST', 'gadgets[]']);
  });

  it('collects the ids a value names, an object’s too', () => {
    const into = new Map<string, Set<number>>();
    collectAuditIds('auditorId', 3, into);
    collectAuditIds('scopeHouseIds', [1, 2], into);
    collectAuditIds('filter', { houseId: 2, keyword: 'x', reporterId: 9 }, into);
    expect(Object.fromEntries([...into].map(([k, v]) => [k, [...v].sort()]))).toEqual({ user: [3, 9], house: [1, 2] });
  });
});
