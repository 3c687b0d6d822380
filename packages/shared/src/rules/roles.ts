/**
 * One role per account. The spec splits it over two session fields: `role` for auditors
 * and `distributorStaffType` for distributor and channel staff (part 1, section 3).
 */
export const ROLES = ['DIANZHANG', 'YUEWUYUAN', 'CHANNEL', 'CHANNELJINGLI', 'AUDITOR', 'AUDITORADMIN'] as const;
export type Role = (typeof ROLES)[number];

export const AUDITOR_ROLES = ['AUDITOR', 'AUDITORADMIN'] as const satisfies readonly Role[];
export const DISTRIBUTOR_ROLES = ['DIANZHANG', 'YUEWUYUAN'] as const satisfies readonly Role[];
export const CHANNEL_ROLES = ['CHANNEL', 'CHANNELJINGLI'] as const satisfies readonly Role[];

export const ROLE_LABELS: Record<Role, string> = {
  DIANZHANG: '店长',
  YUEWUYUAN: '业务员',
  CHANNEL: '渠道',
  CHANNELJINGLI: '渠道经理',
  AUDITOR: '审核员',
  AUDITORADMIN: '审核管理员',
};

export function isAuditorRole(role: Role): boolean {
  return role === 'AUDITOR' || role === 'AUDITORADMIN';
}

/** DECISIONS.md, route levels: anonymous 0, distributor and channel staff 5, auditors 7. */
export function levelOfRole(role: Role | null | undefined): number {
  if (!role) return 0;
  return isAuditorRole(role) ? 7 : 5;
}

/** The session's `role` field carries only the auditor roles. */
export function sessionRoleField(role: Role): 'AUDITOR' | 'AUDITORADMIN' | '' {
  return role === 'AUDITOR' || role === 'AUDITORADMIN' ? role : '';
}

/** The session's `distributorStaffType` field carries distributor and channel roles. */
export function sessionStaffTypeField(role: Role): 'DIANZHANG' | 'YUEWUYUAN' | 'CHANNEL' | 'CHANNELJINGLI' | '' {
  return role === 'AUDITOR' || role === 'AUDITORADMIN' ? '' : role;
}
