import type { Role } from './roles';

/**
 * Operations the server grants in the session's permissionList (part 1, section 6: "a
 * server-supplied permission list can be tested for any or all of given operations").
 */
export const PERMISSIONS = [
  'RECORD_SUBMIT',
  'RECORD_VIEW',
  'RECORDEDIT',
  'RECORD_APPROVAL',
  'RECORD_REOPEN',
  'RECORD_IMAGE_DELETE',
  'CUSTOMER_MANAGE',
  'STAFF_MANAGE',
  'STATISTICS_VIEW',
  'REGISTRATION_REVIEW',
] as const;
export type Permission = (typeof PERMISSIONS)[number];

const PERMISSIONS_BY_ROLE: Record<Role, readonly Permission[]> = {
  YUEWUYUAN: ['RECORD_SUBMIT', 'RECORD_VIEW', 'CUSTOMER_MANAGE'],
  DIANZHANG: ['RECORD_SUBMIT', 'RECORD_VIEW', 'CUSTOMER_MANAGE', 'STAFF_MANAGE', 'STATISTICS_VIEW'],
  CHANNEL: ['RECORD_VIEW'],
  CHANNELJINGLI: ['RECORD_VIEW'],
  AUDITOR: ['RECORD_VIEW', 'RECORDEDIT', 'RECORD_APPROVAL', 'RECORD_IMAGE_DELETE'],
  AUDITORADMIN: [
    'RECORD_VIEW',
    'RECORDEDIT',
    'RECORD_APPROVAL',
    'RECORD_REOPEN',
    'RECORD_IMAGE_DELETE',
    'REGISTRATION_REVIEW',
  ],
  // docs/decisions/039: console accounts hold nothing in the mobile app.
  OPERATOR: [],
  PLATFORM_ADMIN: [],
};

export function permissionsOfRole(role: Role): Permission[] {
  return [...PERMISSIONS_BY_ROLE[role]];
}

export function hasAnyPermission(list: readonly string[], wanted: readonly Permission[]): boolean {
  return wanted.some((p) => list.includes(p));
}

export function hasAllPermissions(list: readonly string[], wanted: readonly Permission[]): boolean {
  return wanted.every((p) => list.includes(p));
}
