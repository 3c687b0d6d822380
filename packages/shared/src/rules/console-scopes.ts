import { isPlatformAdmin } from './access';
import type { RoleLike } from './roles';

/**
 * docs/decisions/081: what an operator (OPERATOR) may open in the console. Each operator has one
 * scope; PLATFORM_ADMIN has every area. Each /api/admin call declares its area and whether it
 * writes (contract/access.ts); the server refuses the rest with 403, and the console's menu
 * and write buttons follow the same function.
 */
export const CONSOLE_SCOPES = ['ADMIN', 'FINANCE', 'CONTENT', 'READONLY'] as const;
export type ConsoleScope = (typeof CONSOLE_SCOPES)[number];

/** What every existing operator and the first operator of a new company have. */
export const DEFAULT_CONSOLE_SCOPE: ConsoleScope = 'ADMIN';

export const CONSOLE_SCOPE_LABELS: Record<ConsoleScope, string> = {
  ADMIN: '运营管理员',
  FINANCE: '财务',
  CONTENT: '内容',
  READONLY: '只读',
};

/**
 * The console's areas. `session` is the account's own sign-in (me, sign-out, its password):
 * open to every scope.
 */
export const CONSOLE_AREAS = [
  'session',
  'overview',
  'houses',
  'home',
  'base',
  'reports',
  'deals',
  'statements',
  'exports',
  'distributors',
  'accounts',
  'company',
  'feedback',
  'audit',
  /** 个人信息请求 (docs/decisions/093): people's data by phone, the 运营管理员's only. */
  'privacy',
] as const;
export type ConsoleArea = (typeof CONSOLE_AREAS)[number];

export type AreaGrant = 'read' | 'write';

/** Per scope, the areas it may read ('read') or read and change ('write'); absent: neither. */
const GRANTS: Record<ConsoleScope, Partial<Record<ConsoleArea, AreaGrant>>> = {
  ADMIN: Object.fromEntries(CONSOLE_AREAS.map((area) => [area, 'write'])),
  FINANCE: {
    session: 'write',
    overview: 'read',
    deals: 'write',
    statements: 'write',
    exports: 'write',
    reports: 'read',
    distributors: 'read',
  },
  CONTENT: {
    session: 'write',
    overview: 'read',
    houses: 'write',
    home: 'write',
    base: 'write',
  },
  // Exports hand the data out of the console, and 个人信息请求 reads people's data by phone: not a viewer's.
  READONLY: {
    ...Object.fromEntries(CONSOLE_AREAS.filter((area) => area !== 'exports' && area !== 'privacy').map((area) => [area, 'read'])),
    session: 'write',
  },
};

export function isConsoleScope(value: unknown): value is ConsoleScope {
  return (CONSOLE_SCOPES as readonly unknown[]).includes(value);
}

/** The account's console scope: PLATFORM_ADMIN is ADMIN whatever its row says. */
export function consoleScopeOf(account: { role: RoleLike; consoleScope?: string | null }): ConsoleScope {
  if (isPlatformAdmin(account.role)) return 'ADMIN';
  // The column's check allows only the four; were it otherwise, a viewer's and no more.
  return isConsoleScope(account.consoleScope) ? account.consoleScope : 'READONLY';
}

/** Whether `scope` may read (`write` false) or change (`write` true) `area`. */
export function scopeAllows(scope: ConsoleScope, area: ConsoleArea, write: boolean): boolean {
  const grant = GRANTS[scope][area];
  return grant === 'write' || (grant === 'read' && !write);
}
