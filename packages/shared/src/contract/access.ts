import type { ConsoleArea } from '../rules/console-scopes';
import { CONSOLE_ROLES, type Role } from '../rules/roles';
import type { RouteName } from '../routes';

/**
 * The access policy of an API endpoint (docs/decisions/020), declared with the endpoint in the
 * contract. The server refuses to start with an /api route that has none, enforces it (tenant,
 * session, role, page) and the authorization matrix checks every route against it.
 *
 * - auth: required (401 without a live session), optional (visitors welcome, a stale token
 *   is still 401), none (the token is never read).
 * - roles / page: who may call it (403 otherwise); `page` applies the shared route table's rule.
 * - object: the input that names the object the call reads or changes, and its kind. The
 *   repositories keep the object inside the caller's scope in SQL; outside it the answer is
 *   404 (`outside: 403` for signed external links, which answer one 403 for every failure).
 *   `scope` says which rule of the kind applies (docs/decisions/011 for reports).
 */
export type ObjectKind = 'report' | 'customer' | 'staff' | 'house' | 'registration' | 'distributor';

export interface ObjectRef {
  from: 'body' | 'query';
  field: string;
  kind: ObjectKind;
  /** The field holds a list of ids. */
  many?: boolean;
  /**
   * report: view (the detail's scope), audit (the report's auditor, every AUDITORADMIN),
   * attach (view scope; acting needs the reporter's side or an auditor: 403 for the rest).
   * customer: the owner's (no scope), or view (also the shop manager's or general account's
   * staff, as 公司客户 lists them; docs/decisions/088).
   */
  scope?: 'view' | 'audit' | 'attach';
  outside?: 403 | 404;
}

export interface AccessPolicy {
  auth: 'required' | 'optional' | 'none';
  roles?: readonly Role[];
  page?: RouteName;
  object?: ObjectRef;
  /** The tenant is not resolved (calls made before a company is known). */
  tenant?: 'none';
  /**
   * docs/decisions/081: every /api/admin call's console area and whether it changes anything;
   * an operator whose scope does not allow it is refused (403).
   */
  console?: ConsoleAccess;
}

export interface ConsoleAccess {
  area: ConsoleArea;
  write: boolean;
}

/**
 * docs/decisions/039: the operator console's calls. Only console accounts may call them with a
 * session, and console accounts may call nothing else that reads a session.
 */
export const CONSOLE_PATH_PREFIX = '/api/admin/';
export const isConsolePath = (path: string): boolean => path.startsWith(CONSOLE_PATH_PREFIX);

/** A console call of both console roles that reads `area` (docs/decisions/081). */
export const consoleRead = (area: ConsoleArea, extra: Partial<AccessPolicy> = {}): AccessPolicy => ({
  auth: 'required',
  roles: CONSOLE_ROLES,
  console: { area, write: false },
  ...extra,
});
/** A console call of both console roles that changes something of `area`. */
export const consoleWrite = (area: ConsoleArea, extra: Partial<AccessPolicy> = {}): AccessPolicy => ({
  auth: 'required',
  roles: CONSOLE_ROLES,
  console: { area, write: true },
  ...extra,
});

export const required: AccessPolicy = { auth: 'required' };
export const optional: AccessPolicy = { auth: 'optional' };
export const none: AccessPolicy = { auth: 'none' };

export const houseRef = (from: 'body' | 'query', field: string, extra: Partial<ObjectRef> = {}): ObjectRef => ({
  from,
  field,
  kind: 'house',
  ...extra,
});
export const reportRef = (scope: ObjectRef['scope']): ObjectRef => ({ from: 'body', field: 'id', kind: 'report', scope });
