import { describe, expect, it } from 'vitest';
import { hasAllPermissions, hasAnyPermission, permissionsOfRole } from './permissions';
import { levelOfRole } from './roles';

describe('permissions', () => {
  it('tests any-of and all-of', () => {
    const list = permissionsOfRole('AUDITOR');
    expect(hasAnyPermission(list, ['RECORDEDIT', 'STAFF_MANAGE'])).toBe(true);
    expect(hasAllPermissions(list, ['RECORDEDIT', 'STAFF_MANAGE'])).toBe(false);
    expect(hasAllPermissions(list, ['RECORDEDIT', 'RECORD_APPROVAL'])).toBe(true);
  });
  it('gives reopening only to AUDITORADMIN', () => {
    expect(permissionsOfRole('AUDITOR')).not.toContain('RECORD_REOPEN');
    expect(permissionsOfRole('AUDITORADMIN')).toContain('RECORD_REOPEN');
  });
  it('maps roles to levels', () => {
    expect(levelOfRole(null)).toBe(0);
    expect(levelOfRole('YUEWUYUAN')).toBe(5);
    expect(levelOfRole('CHANNELJINGLI')).toBe(5);
    expect(levelOfRole('AUDITOR')).toBe(7);
  });
});
