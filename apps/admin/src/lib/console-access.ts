import { scopeAllows, type ConsoleArea } from '@baobei/shared/rules/console-scopes';
import { useMe } from '../api/get-me';

/**
 * docs/decisions/081: what the signed-in account's console scope allows in an area, by the rule
 * the server enforces (rules/console-scopes.ts). The pages hide what the server would refuse;
 * before /me has answered nothing is allowed (the session guard waits for it anyway).
 */
export function useConsoleAccess(area: ConsoleArea): { canRead: boolean; canWrite: boolean } {
  const scope = useMe().data?.user.consoleScope;
  return { canRead: scope !== undefined && scopeAllows(scope, area, false), canWrite: scope !== undefined && scopeAllows(scope, area, true) };
}

/** The items (columns, toolbar buttons, row actions) that change something: none when the scope only reads. */
export function writable<T>(canWrite: boolean, items: T[]): T[] {
  return canWrite ? items : [];
}
