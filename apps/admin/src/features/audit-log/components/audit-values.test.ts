import { describe, expect, it } from 'vitest';
import { roleName } from './audit-values';

// The fields' and values' words are the server's (docs/decisions/067), tested in
// packages/shared/src/rules/audit-log.test.ts and apps/server/src/modules/admin/audit-detail.test.ts.
describe('the audit log viewer’s roles', () => {
  it('names a role in Chinese, an unknown one as written', () => {
    expect(roleName('OPERATOR')).toBe('运营管理员');
    expect(roleName('YUEWUYUAN')).not.toBe('YUEWUYUAN');
    expect(roleName('create-admin')).toBe('create-admin');
  });
});
