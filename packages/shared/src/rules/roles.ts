/**
 * One role per account. The spec splits it over two session fields: `role` for auditors
 * and `distributorStaffType` for distributor and channel staff (part 1, section 3).
 * The predicates and object rules built on these sets live in ./access.ts.
 */
export const ROLES = [
  'DIANZHANG',
  'YUEWUYUAN',
  'CHANNEL',
  'CHANNELJINGLI',
  'AUDITOR',
  'AUDITORADMIN',
  'OPERATOR',
  'PLATFORM_ADMIN',
] as const;
export type Role = (typeof ROLES)[number];

export const AUDITOR_ROLES = ['AUDITOR', 'AUDITORADMIN'] as const satisfies readonly Role[];
export const DISTRIBUTOR_ROLES = ['DIANZHANG', 'YUEWUYUAN'] as const satisfies readonly Role[];
export const CHANNEL_ROLES = ['CHANNEL', 'CHANNELJINGLI'] as const satisfies readonly Role[];
/** The role sets the route table and the API access policy grant pages and calls to. */
export const SHOP_MANAGER_ROLES = ['DIANZHANG'] as const satisfies readonly Role[];
export const AUDITOR_ADMIN_ROLES = ['AUDITORADMIN'] as const satisfies readonly Role[];
/**
 * docs/decisions/039: the operator console's roles. OPERATOR (运营管理员) runs one company from
 * the console; PLATFORM_ADMIN (平台管理员) also creates companies and acts on any company's
 * brand and settings. They sign in to the console only, never to the mobile app.
 */
export const CONSOLE_ROLES = ['OPERATOR', 'PLATFORM_ADMIN'] as const satisfies readonly Role[];
export const PLATFORM_ADMIN_ROLES = ['PLATFORM_ADMIN'] as const satisfies readonly Role[];
export type ConsoleRole = (typeof CONSOLE_ROLES)[number];
/** The roles of the mobile app (every role but the console's). */
export type MobileRole = Exclude<Role, ConsoleRole>;
export type AuditorRole = (typeof AUDITOR_ROLES)[number];
export type DistributorRole = (typeof DISTRIBUTOR_ROLES)[number];
export type ChannelRole = (typeof CHANNEL_ROLES)[number];

export const ROLE_LABELS: Record<Role, string> = {
  DIANZHANG: '店长',
  YUEWUYUAN: '业务员',
  CHANNEL: '渠道',
  CHANNELJINGLI: '渠道经理',
  AUDITOR: '审核员',
  AUDITORADMIN: '审核管理员',
  OPERATOR: '运营管理员',
  PLATFORM_ADMIN: '平台管理员',
};

/** A role, or a session field that may be empty or absent. */
export type RoleLike = string | null | undefined;

const among = <R extends string>(set: readonly R[], role: RoleLike): role is R => (set as readonly RoleLike[]).includes(role);

/** AUDITOR or AUDITORADMIN. */
export function isAuditorRole(role: RoleLike): role is AuditorRole {
  return among(AUDITOR_ROLES, role);
}

/** A distributor's staff: DIANZHANG (shop manager or general account) or YUEWUYUAN (broker). */
export function isDistributorRole(role: RoleLike): role is DistributorRole {
  return among(DISTRIBUTOR_ROLES, role);
}

/** CHANNEL or CHANNELJINGLI. */
export function isChannelRole(role: RoleLike): role is ChannelRole {
  return among(CHANNEL_ROLES, role);
}

/** OPERATOR or PLATFORM_ADMIN: a console account (docs/decisions/039). */
export function isConsoleRole(role: RoleLike): role is ConsoleRole {
  return among(CONSOLE_ROLES, role);
}

/**
 * DECISIONS.md, route levels: anonymous 0, distributor and channel staff 5, auditors 7.
 * Console accounts are level 0 in the mobile app (docs/decisions/039): they open only the
 * pages a visitor opens, and the server refuses their tokens on the mobile calls.
 */
export function levelOfRole(role: Role | null | undefined): number {
  if (!role || isConsoleRole(role)) return 0;
  return isAuditorRole(role) ? 7 : 5;
}

/** The session's `role` field carries only the auditor roles. */
export function sessionRoleField(role: Role): AuditorRole | '' {
  return isAuditorRole(role) ? role : '';
}

/** The session's `distributorStaffType` field carries distributor and channel roles. */
export function sessionStaffTypeField(role: Role): DistributorRole | ChannelRole | '' {
  return isAuditorRole(role) || isConsoleRole(role) ? '' : role;
}
