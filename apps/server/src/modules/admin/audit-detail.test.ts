import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { AUDIT_ACTIONS, auditEntityLabel } from '@baobei/shared/rules/audit-log';
import { AUDIT_WRITES, inventoryKeys } from '../../test/audit-inventory';
import { auditChangeRows, auditChanges, auditFields, auditUnnamed, HIDDEN } from './audit-detail';

describe('auditChanges', () => {
  it('reads the console writes’ changes, the version and leaves the actor meta out', () => {
    expect(auditChanges({ actorCompanyId: 1, actorRole: 'OPERATOR', version: 3, changes: { title: { old: '甲', new: '乙' } } })).toEqual({
      version: 3,
      changes: [{ field: 'title', old: '"甲"', new: '"乙"' }],
    });
  });

  it('reads a status move, a creation’s values, a from/to pair and plain facts', () => {
    expect(auditChanges({ from: 'RECORDSTART', to: 'VISIT', version: 2 }).changes).toEqual([{ field: 'status', old: '"RECORDSTART"', new: '"VISIT"' }]);
    expect(auditChanges({ actorRole: 'PLATFORM_ADMIN', values: { title: '新公司', hosts: ['a.example.com'] } }).changes).toEqual([
      { field: 'title', old: 'null', new: '"新公司"' },
      { field: 'hosts', old: 'null', new: '["a.example.com"]' },
    ]);
    expect(auditChanges({ fields: ['phone'], phone: { from: '13800000001', to: '13800000011' } }).changes).toEqual([
      { field: 'fields', old: 'null', new: '["phone"]' },
      { field: 'phone', old: '"13800000001"', new: '"13800000011"' },
    ]);
    // A plain fact with no value says nothing (an approval's empty reason): left out (docs/decisions/067).
    expect(auditChanges({ distributorId: 4, reason: '' }).changes).toEqual([{ field: 'distributorId', old: 'null', new: '4' }]);
  });

  it('never answers a password, a hash or a token, wherever it sits', () => {
    const { changes } = auditChanges({
      changes: { password: { old: 'old-secret', new: 'new-secret' }, mustChangePassword: { old: false, new: true } },
      passwordHash: '$argon2id$v=19$m=19456,t=2,p=1$abc$def',
      nested: { token: 'abc', note: '$2b$10$abcdefghijklmnopqrstuv' },
    });
    const text = JSON.stringify(changes);
    expect(text).not.toMatch(/secret|argon2|\$2b\$|"abc"/);
    expect(changes).toContainEqual({ field: 'password', old: HIDDEN, new: HIDDEN });
    expect(changes).toContainEqual({ field: 'passwordHash', old: 'null', new: HIDDEN });
    expect(changes).toContainEqual({ field: 'mustChangePassword', old: 'false', new: 'true' });
  });
});

/** A row as the viewer answers it, with the page's names. */
function rows(action: string, entity: string, detail: Record<string, unknown>, names: Record<string, string> = {}) {
  return auditChangeRows(auditFields(detail, action).fields, { entity, action, name: (kind, id) => names[`${kind}:${id}`] }).map((c) => [c.label, c.oldText, c.newText]);
}

describe('issue 28 item 5: the log in the words of the screens (docs/decisions/067)', () => {
  it('调整佣金: the amount owed in 元, not 状态 in 分', () => {
    const detail = { dealId: 4, from: 5_988_000, to: 5_800_000, reason: '开发商调整' };
    expect(rows('record.commission-adjust', 'record', detail)).toEqual([
      ['应结佣金', '¥59,880.00', '¥58,000.00'],
      ['调整原因', '（空）', '开发商调整'],
    ]);
  });

  it('登记结佣: 结佣金额 in 元, 结佣日期, 凭证号 and the settlement, no deal or payment ids', () => {
    const detail = { dealId: 4, paymentId: 11, amountFen: 1_500_000, paidOn: '2026-03-02', reference: 'H5-001', from: 'PENDING', to: 'PARTIAL' };
    expect(rows('record.commission-payment', 'record', detail)).toEqual([
      ['结佣状态', '待结佣', '部分结佣'],
      ['结佣金额', '（空）', '¥15,000.00'],
      ['结佣日期', '（空）', '2026-03-02'],
      ['凭证号', '（空）', 'H5-001'],
    ]);
  });

  it('登记成交信息: price and commission in 元, the signing day', () => {
    const detail = { dealId: 4, totalPriceFen: 200_000_000, signedOn: '2026-03-01', policyId: 9, commissionFen: 5_988_000 };
    expect(rows('record.deal', 'record', detail)).toEqual([
      ['成交总价', '（空）', '¥2,000,000.00'],
      ['签约日期', '（空）', '2026-03-01'],
      ['计算佣金', '（空）', '¥59,880.00'],
    ]);
  });

  it('更换审核员: the auditors by name; one gone shows its number', () => {
    const detail = { actorRole: 'OPERATOR', changes: { auditorId: { old: 32, new: 37 } }, version: 3 };
    expect(rows('record.reassign', 'record', detail, { 'user:32': '李晓婷', 'user:37': '表测审核' })).toEqual([['审核员', '李晓婷', '表测审核']]);
    expect(rows('record.reassign', 'record', detail, { 'user:37': '表测审核' })).toEqual([['审核员', '#32（已不存在）', '表测审核']]);
  });

  it('重新打开: 报备状态 once, also on a row written before issue 28 (changes.status and from/to)', () => {
    const old = { actorRole: 'OPERATOR', changes: { status: { old: 'RECORDCLOSE', new: 'RECORDCOMPLETE' } }, from: 'RECORDCLOSE', to: 'RECORDCOMPLETE', version: 4 };
    expect(rows('record.reopen', 'record', old)).toEqual([['报备状态', '报备无效', '已发开发商']]);
    expect(rows('record.reopen', 'record', { actorRole: 'OPERATOR', from: 'RECORDCLOSE', to: 'RECORDCOMPLETE', version: 4 })).toEqual([['报备状态', '报备无效', '已发开发商']]);
  });

  it('a listing: 客户保护规则 报备为王 → 到访为王, the commission policy in words, features by name', () => {
    const detail = {
      actorRole: 'OPERATOR',
      version: 5,
      changes: {
        protectionMode: { old: 'REPORT_FIRST', new: 'VISIT_FIRST' },
        commissionPolicies: {
          old: [{ buildingProperty: 'RESIDENCE', policyStartDate: null, policyEndDate: null, longTerm: true, secondaryPoint: '2%', secondaryAward: '', secondaryRemark: '' }],
          new: [
            { buildingProperty: 'RESIDENCE', policyStartDate: '2026-03-01', policyEndDate: '2026-03-31', longTerm: false, secondaryPoint: '3%', secondaryAward: '成交奖励2000元/套', secondaryRemark: '限首付' },
            { buildingProperty: 'SHOP', policyStartDate: null, policyEndDate: null, longTerm: true, secondaryPoint: '5万/套', secondaryAward: '', secondaryRemark: '' },
          ],
        },
        featureIds: { old: [1], new: [1, 2] },
      },
    };
    expect(rows('house.update', 'house', detail, { 'feature:1': '地铁沿线', 'feature:2': '学区房' })).toEqual([
      ['客户保护规则', '报备为王', '到访为王'],
      [
        '佣金政策',
        '住宅 · 佣金点位：2% · 奖励：— · 长期有效',
        '住宅 · 佣金点位：3% · 奖励：成交奖励2000元/套 · 2026-03-01 至 2026-03-31 · 备注：限首付\n商铺 · 佣金点位：5万/套 · 奖励：— · 长期有效',
      ],
      ['楼盘特色', '地铁沿线', '地铁沿线、学区房'],
    ]);
  });

  it('品牌设置: the form’s labels, flags 是/否, notification kinds by name', () => {
    const detail = {
      actorRole: 'OPERATOR',
      version: 2,
      changes: {
        favicon: { old: '', new: '/uploads/2026/03/f.png' },
        subLogo: { old: '', new: '/uploads/2026/03/s.png' },
        defaultProtectHours: { old: 72, new: 48 },
        dealConfirmByAdmin: { old: false, new: true },
        smsNotifyKinds: { old: [], new: ['RECORD_STATUS', 'PROTECTION_WARNING'] },
      },
    };
    expect(rows('company.update-brand', 'company', detail)).toEqual([
      ['网站图标', '（空）', '/uploads/2026/03/f.png'],
      ['副Logo', '（空）', '/uploads/2026/03/s.png'],
      ['默认报备保护期（小时）', '72', '48'],
      ['成交需审核管理员确认', '否', '是'],
      ['短信通知', '（空）', '报备状态变更、保护期即将到期'],
    ]);
  });

  it('保护期到期: 保护期至 in Shanghai time (jsonb’s +00:00 too), the status by name', () => {
    expect(rows('record.protection-expired', 'record', { status: 'VISIT', expiredAt: '2026-03-01T02:03:04.123+00:00' })).toEqual([
      ['报备状态', '（空）', '已到访'],
      ['保护期至', '（空）', '2026-03-01 10:03:04'],
    ]);
    expect(rows('record.protection-warning', 'record', { dueAt: '2026-03-01T16:00:00.000Z' })).toEqual([['保护期至', '（空）', '2026-03-02 00:00:00']]);
  });

  it('a staff transfer moves the shop manager, named; an export’s filter key by key', () => {
    expect(rows('staff.transfer', 'user', { from: 5, to: 6 }, { 'user:5': '周店长', 'user:6': '吴店长' })).toEqual([['店长(经理)', '周店长', '吴店长']]);
    const filter = { status: 'VISIT', datePreset: 99, dateFrom: '2026-03-01', dateTo: '2026-03-31', houseId: 1, keyword: '' };
    expect(rows('export.records', 'export', { actorRole: 'OPERATOR', filter, rows: 3 }, { 'house:1': '椰林湾' })).toEqual([
      ['筛选条件', '（空）', '报备状态：已到访；报备时间：自选时间；开始日期：2026-03-01；结束日期：2026-03-31；楼盘：椰林湾'],
      ['导出行数', '（空）', '3'],
    ]);
  });

  it('a key or a code without a name is answered as written, and told', () => {
    expect(auditUnnamed({ size: 3, status: 'LOST' }, 'record', 'record.status')).toEqual(['size', 'status=LOST']);
    expect(rows('future.thing', 'gadget', { size: 3 })).toEqual([['size', '（空）', '3']]);
  });
});

describe('every audited field has a label (the inventory, test/audit-inventory.ts)', () => {
  it.each(AUDIT_WRITES.map((w) => [w.action, w] as const))('%s: every key and code of its detail has a Chinese name', (_action, write) => {
    expect(auditUnnamed(write.detail, write.entity, write.action)).toEqual([]);
    expect(auditEntityLabel(write.entity)).not.toBe(write.entity);
  });

  it('names the actions the label table names, no more and no fewer', () => {
    expect([...inventoryKeys().keys()].sort()).toEqual([...AUDIT_ACTIONS].sort());
  });

  it('holds every action the server’s sources write (an action-shaped text in any source file)', () => {
    const root = fileURLToPath(new URL('../..', import.meta.url));
    const sources = (dir: string): string[] =>
      readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
        const full = path.join(dir, e.name);
        if (e.isDirectory()) return e.name === 'test' || e.name === 'bench' ? [] : sources(full);
        return /\.ts$/.test(e.name) && !/\.test\.ts$/.test(e.name) ? [full] : [];
      });
    // Texts like 'record.status' or `home.${kind}.create` (the home kinds: banner, nav, column) in
    // the code (not the comments) of every file that writes audit rows or calls a writer; not file names.
    const written = new Set<string>();
    for (const file of sources(root)) {
      const code = readFileSync(file, 'utf8')
        .replace(/\/\*[\s\S]*?\*\//g, '')
        .replace(/(^|\s)\/\/.*$/gm, '$1');
      if (!/auditLog|insertAudit|\baudit\(|action:/.test(code)) continue;
      for (const m of code.matchAll(/['`]([a-z]+(?:\.(?:[a-z][a-z-]*|\$\{kind\}))+)['`]/g)) {
        const text = m[1]!;
        if (/\.(svg|png|jpe?g|gif|webp|ico|pdf|xlsx|csv|html?|js|mjs|json|txt|ts|sql)$/.test(text)) continue;
        for (const kind of text.includes('${kind}') ? ['banner', 'nav', 'column'] : ['']) written.add(text.replace('${kind}', kind));
      }
    }
    const inventoried = new Set(inventoryKeys().keys());
    expect([...written].filter((a) => !inventoried.has(a)).sort()).toEqual([]);
    // The scan finds the writes (it would pass on nothing otherwise).
    expect([...inventoried].filter((a) => !written.has(a))).toEqual([]);
  });
});
