import { ROLE_LABELS, type Role } from '@baobei/shared/rules/roles';

/**
 * A role code by its Chinese name, as written when it has none. A change's field and values come
 * from the server already in words (docs/decisions/067: rules/audit-log.ts, audit-detail.ts).
 */
export function roleName(role: string): string {
  return role in ROLE_LABELS ? ROLE_LABELS[role as Role] : role;
}
