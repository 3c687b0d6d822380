import { describe, expect, it } from 'vitest';
import { auditChanges, HIDDEN } from './audit-detail';

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
    expect(auditChanges({ distributorId: 4, reason: '' }).changes).toEqual([
      { field: 'distributorId', old: 'null', new: '4' },
      { field: 'reason', old: 'null', new: '""' },
    ]);
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
