import { adminAccountMessages as text_ } from '@baobei/shared/messages/admin';
import { isAssignedAuditor } from '@baobei/shared/rules/access';
import { DEFAULT_CONSOLE_SCOPE } from '@baobei/shared/rules/console-scopes';
import {
  ACCOUNT_GROUPS,
  ACCOUNT_ROLES,
  accountGroupOf,
  type AccountListQuery,
  type AccountRole,
  type AdminAccount,
  type CreateAccountInput,
  type UpdateAccountInput,
} from '@baobei/shared/schemas/admin-account';
import type { BatchResult } from '@baobei/shared/schemas/admin-batch';
import type { Db, Executor } from '../../db/client';
import { readAll } from '../../db/reads';
import { eachRow, requireAll } from '../../lib/batch';
import { isUniqueViolation } from '../../lib/db-errors';
import { ConflictError, NotFoundError, ValidationError } from '../../lib/errors';
import { generatePassword, hashPassword } from '../../lib/password';
import type { AuthService } from '../auth/auth-service';
import type { SessionUser } from '../auth/session-repository';
import { writeAuditLog } from '../../db/audit-log';
import { createAccountConsoleRepository, type AccountChanges, type AccountRow } from './account-console-repository';
import { createUserRepository } from './user-repository';
import type { AuditorScopes } from '../record/record-module';
import type { Distributors } from '../distributor/distributor-module';

type Diff = Record<string, { old: unknown; new: unknown }>;
type Lock = Pick<AuthService, 'lockStates' | 'clearLock' | 'endSessions'>;

const refused = (message: string, field: string) => new ValidationError(message, { field });
const sameSet = (a: number[], b: number[]) => a.length === b.length && [...a].sort((x, y) => x - y).join() === [...b].sort((x, y) => x - y).join();

/**
 * The console's accounts (issue 16, item 2; docs/decisions/047): auditors, channel staff and
 * operators of the host's company, for both console roles. Every change, its lists and its audit
 * row (actor, old and new values; never a password or a hash) are one transaction; a new or reset
 * password is generated here, stored only as its argon2 hash and answered once.
 */
export function createAccountConsoleService({ db, auth, scopes, distributors }: { db: Db; auth: Lock; scopes: AuditorScopes; distributors: Pick<Distributors, 'replaceChannel'> }) {
  const repo = createAccountConsoleRepository(db);

  async function present(x: Executor, companyId: number, rows: AccountRow[]): Promise<AdminAccount[]> {
    const r = createAccountConsoleRepository(x);
    const ids = rows.map((row) => row.id);
    const [sessions, scopes, distributors, locks] = await readAll(x, [
      () => r.liveSessions(companyId, ids),
      () => r.scopesOf(companyId, ids),
      () => r.distributorsOf(companyId, ids),
      // The counters live outside the database's transactions (Redis, or their own statements): read
      // only outside one, so a transaction never waits on another connection (PGlite has one).
      async () => (x === db ? auth.lockStates(companyId, rows) : rows.map(() => ({ signInFailures: 0, locked: false }))),
    ]);
    return rows.map((row, i) => ({
      id: row.id,
      group: accountGroupOf(row.role)!,
      consoleScope: accountGroupOf(row.role) === 'operator' ? row.consoleScope : null,
      role: row.role as AccountRole,
      name: row.name,
      phone: row.phone,
      active: row.active,
      vacation: row.vacation === 1,
      manageArea: row.manageArea,
      mustChangePassword: row.mustChangePassword,
      signInFailures: locks[i]!.signInFailures,
      locked: locks[i]!.locked,
      sessionCount: sessions.get(row.id) ?? 0,
      scopeHouses: scopes.filter((s) => s.auditorId === row.id && s.houseId !== null).map((s) => ({ id: s.houseId!, name: s.houseName ?? '' })),
      scopeCities: scopes.filter((s) => s.auditorId === row.id && s.cityId !== null).map((s) => ({ id: s.cityId!, name: s.cityName ?? '' })),
      distributors: distributors.filter((d) => d.channelUserId === row.id).map((d) => ({ id: d.id, name: d.name })),
      version: row.version,
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
    }));
  }

  async function detail(x: Executor, companyId: number, id: number): Promise<AdminAccount> {
    const row = await createAccountConsoleRepository(x).find(companyId, ACCOUNT_ROLES, id);
    if (!row) throw new NotFoundError(text_.notFound);
    return (await present(x, companyId, [row]))[0]!;
  }

  /** The fields a role may carry (400 naming the field), and the listings, cities and distributors named exist in the company. */
  async function checkFields(x: Executor, companyId: number, role: AccountRole, input: Partial<CreateAccountInput>) {
    const group = accountGroupOf(role);
    if (input.vacation !== undefined && group !== 'auditor') throw refused(text_.vacationAuditorOnly, 'vacation');
    if (input.manageArea !== undefined && input.manageArea !== '' && group !== 'channel') throw refused(text_.manageAreaChannelOnly, 'manageArea');
    // Only AUDITOR is picked for new reports; an AUDITORADMIN sees every report anyway.
    if (input.scopeHouseIds?.length && !isAssignedAuditor(role)) throw refused(text_.scopeAuditorOnly, 'scopeHouseIds');
    if (input.scopeCityIds?.length && !isAssignedAuditor(role)) throw refused(text_.scopeAuditorOnly, 'scopeCityIds');
    if (input.distributorIds?.length && group !== 'channel') throw refused(text_.distributorsChannelOnly, 'distributorIds');
    if (input.consoleScope !== undefined && group !== 'operator') throw refused(text_.consoleScopeOperatorOnly, 'consoleScope');
    const r = createAccountConsoleRepository(x);
    const missing = async (ids: number[] | undefined, known: (c: number, ids: number[]) => Promise<number[]>) => {
      if (!ids?.length) return false;
      const found = await known(companyId, ids);
      return ids.some((id) => !found.includes(id));
    };
    if (await missing(input.scopeHouseIds, r.housesOfCompany)) throw refused(text_.houseUnknown, 'scopeHouseIds');
    if (await missing(input.scopeCityIds, r.citiesOfCompany)) throw refused(text_.cityUnknown, 'scopeCityIds');
    if (await missing(input.distributorIds, r.distributorsOfCompany)) throw refused(text_.distributorUnknown, 'distributorIds');
  }

  function audit(x: Executor, actor: SessionUser, action: string, accountId: number, detail: Record<string, unknown>) {
    return writeAuditLog(x, {
      companyId: actor.companyId,
      actorId: actor.id,
      action,
      entity: 'user',
      entityId: accountId,
      detail: { actorCompanyId: actor.companyId, actorRole: actor.role, ...detail },
    });
  }

  /** The row locked at the version read: 404 outside the company or the groups, 409 with the current version when stale. */
  async function lockAt(x: Executor, companyId: number, input: { id: number; version: number }): Promise<AccountRow> {
    const row = await createAccountConsoleRepository(x).lock(companyId, ACCOUNT_ROLES, input.id);
    if (!row) throw new NotFoundError(text_.notFound);
    if (row.version !== input.version) throw new ConflictError(text_.staleVersion, { reload: true, version: row.version });
    return row;
  }

  async function lockRow(x: Executor, companyId: number, id: number): Promise<AccountRow> {
    const row = await createAccountConsoleRepository(x).lock(companyId, ACCOUNT_ROLES, id);
    if (!row) throw new NotFoundError(text_.notFound);
    return row;
  }

  /** A phone another account of the company holds: 400 on the field; the unique index settles a race the same way. */
  async function withPhoneRule<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      if (isUniqueViolation(error)) throw refused(text_.phoneTaken, 'phone');
      throw error;
    }
  }

  async function setActive(actor: SessionUser, input: { id: number; version: number }, active: boolean): Promise<AdminAccount> {
    // Neither way on oneself: an operator cannot lock itself out, nor "enable" its own live account.
    if (input.id === actor.id) throw refused(active ? text_.selfEnable : text_.selfDisable, 'id');
    await db.transaction(async (tx) => {
      const row = await lockAt(tx, actor.companyId, input);
      if (row.active === active) return;
      const r = createAccountConsoleRepository(tx);
      const updated = await r.update(actor.companyId, row.id, input.version, { active });
      if (!updated) throw new ConflictError(text_.staleVersion, { reload: true });
      // A disabled account's sessions end now (the session lookup refuses it anyway).
      const sessionsEnded = active ? 0 : await auth.endSessions(tx, actor.companyId, { userIds: [row.id] });
      await audit(tx, actor, active ? 'account.enable' : 'account.disable', row.id, {
        version: updated.version,
        changes: { active: { old: row.active, new: active } },
        ...(active ? {} : { sessionsEnded }),
      });
    });
    return detail(db, actor.companyId, input.id);
  }

  return {
    async list(actor: SessionUser, query: AccountListQuery) {
      const { group, page, pageSize, keyword, active } = query;
      const { rows, total } = await repo.list(
        actor.companyId,
        ACCOUNT_GROUPS[group],
        { ...(keyword ? { keyword } : {}), ...(active ? { active: active === 'true' } : {}) },
        page,
        pageSize,
      );
      return { list: await present(db, actor.companyId, rows), total, page, pageSize };
    },

    get: (actor: SessionUser, id: number) => detail(db, actor.companyId, id),

    options: (actor: SessionUser) => repo.options(actor.companyId),

    async create(actor: SessionUser, input: CreateAccountInput): Promise<{ account: AdminAccount; password: string }> {
      if (!(ACCOUNT_GROUPS[input.group] as readonly string[]).includes(input.role)) throw refused(text_.roleNotInGroup, 'role');
      await checkFields(db, actor.companyId, input.role, input);
      if (await repo.phoneTaken(actor.companyId, input.phone)) throw refused(text_.phoneTaken, 'phone');
      const password = generatePassword();
      const passwordHash = await hashPassword(password);
      const account = await withPhoneRule(() =>
        db.transaction(async (tx) => {
          const id = await createUserRepository(tx).insert({
            companyId: actor.companyId,
            role: input.role,
            name: input.name,
            phone: input.phone,
            passwordHash,
            mustChangePassword: true,
            vacation: input.vacation ? 1 : 0,
            manageArea: input.manageArea ?? '',
            consoleScope: input.consoleScope ?? DEFAULT_CONSOLE_SCOPE,
          });
          if (input.scopeHouseIds?.length || input.scopeCityIds?.length) {
            await scopes.replace(tx, actor.companyId, id, { houseIds: input.scopeHouseIds ?? [], cityIds: input.scopeCityIds ?? [] });
          }
          if (input.distributorIds?.length) await distributors.replaceChannel(tx, actor.companyId, id, input.distributorIds);
          const created = await detail(tx, actor.companyId, id);
          const diff: Diff = {};
          for (const field of ['role', 'name', 'phone', 'vacation', 'manageArea'] as const) diff[field] = { old: null, new: created[field] };
          if (created.scopeHouses.length) diff.scopeHouseIds = { old: null, new: created.scopeHouses.map((h) => h.id) };
          if (created.scopeCities.length) diff.scopeCityIds = { old: null, new: created.scopeCities.map((c) => c.id) };
          if (created.distributors.length) diff.distributorIds = { old: null, new: created.distributors.map((d) => d.id) };
          if (created.consoleScope) diff.consoleScope = { old: null, new: created.consoleScope };
          await audit(tx, actor, 'account.create', id, { group: input.group, version: created.version, changes: diff });
          return created;
        }),
      );
      return { account: await detail(db, actor.companyId, account.id), password };
    },

    /**
     * Changes what the input names at the version read (409 with the current one otherwise). A
     * list sent replaces the whole list; a save that changes nothing writes nothing.
     */
    async update(actor: SessionUser, input: UpdateAccountInput): Promise<AdminAccount> {
      await withPhoneRule(() =>
        db.transaction(async (tx) => {
          const row = await lockAt(tx, actor.companyId, input);
          const group = accountGroupOf(row.role)!;
          const role = input.role ?? (row.role as AccountRole);
          if (!(ACCOUNT_GROUPS[group] as readonly string[]).includes(role)) throw refused(text_.roleNotInGroup, 'role');
          await checkFields(tx, actor.companyId, role, input);
          const r = createAccountConsoleRepository(tx);
          if (input.phone !== undefined && input.phone !== row.phone && (await r.phoneTaken(actor.companyId, input.phone, row.id))) {
            throw refused(text_.phoneTaken, 'phone');
          }
          const before = await detail(tx, actor.companyId, row.id);
          const changes: AccountChanges = {};
          const diff: Diff = {};
          const field = <K extends keyof AccountChanges>(key: K, value: AccountChanges[K] | undefined, old: AccountChanges[K], shown: unknown = value, shownOld: unknown = old) => {
            if (value === undefined || value === old) return;
            changes[key] = value;
            diff[key] = { old: shownOld, new: shown };
          };
          field('name', input.name, row.name);
          field('phone', input.phone, row.phone);
          field('role', input.role, row.role);
          if (input.vacation !== undefined) field('vacation', input.vacation ? 1 : 0, row.vacation, input.vacation, row.vacation === 1);
          field('manageArea', input.manageArea, row.manageArea);
          // docs/decisions/081: an operator never widens nor narrows its own scope (the company keeps an ADMIN).
          if (input.consoleScope !== undefined && input.consoleScope !== row.consoleScope && row.id === actor.id) {
            throw refused(text_.selfConsoleScope, 'consoleScope');
          }
          field('consoleScope', input.consoleScope, row.consoleScope);
          const oldHouses = before.scopeHouses.map((h) => h.id);
          const oldCities = before.scopeCities.map((c) => c.id);
          const oldDistributors = before.distributors.map((d) => d.id);
          // A role that leaves AUDITOR keeps no scope: it would only confuse a later change back.
          const leavesAuditor = !isAssignedAuditor(role) && (oldHouses.length > 0 || oldCities.length > 0);
          const houses = leavesAuditor ? [] : input.scopeHouseIds;
          const cities = leavesAuditor ? [] : input.scopeCityIds;
          const scopeChanged = (houses !== undefined && !sameSet(houses, oldHouses)) || (cities !== undefined && !sameSet(cities, oldCities));
          if (scopeChanged) {
            if (houses !== undefined && !sameSet(houses, oldHouses)) diff.scopeHouseIds = { old: oldHouses, new: houses };
            if (cities !== undefined && !sameSet(cities, oldCities)) diff.scopeCityIds = { old: oldCities, new: cities };
          }
          const distributorsChanged = input.distributorIds !== undefined && !sameSet(input.distributorIds, oldDistributors);
          if (distributorsChanged) diff.distributorIds = { old: oldDistributors, new: input.distributorIds };
          if (Object.keys(diff).length === 0) return;
          // The version moves for every change, lists included, so another open form is stale.
          const updated = await r.update(actor.companyId, row.id, input.version, changes);
          if (!updated) throw new ConflictError(text_.staleVersion, { reload: true });
          if (scopeChanged) await scopes.replace(tx, actor.companyId, row.id, { houseIds: houses ?? oldHouses, cityIds: cities ?? oldCities });
          if (distributorsChanged) await distributors.replaceChannel(tx, actor.companyId, row.id, input.distributorIds!);
          await audit(tx, actor, 'account.update', row.id, { version: updated.version, changes: diff });
        }),
      );
      return detail(db, actor.companyId, input.id);
    },

    /**
     * A new one-time password: stored as its hash with must_change_password, every session of the
     * account ended, its lock counts cleared; answered once. Not one's own (change-password is).
     */
    async resetPassword(actor: SessionUser, id: number): Promise<{ account: AdminAccount; password: string }> {
      if (id === actor.id) throw refused(text_.selfReset, 'id');
      const password = generatePassword();
      const passwordHash = await hashPassword(password);
      const row = await db.transaction(async (tx) => {
        const locked = await lockRow(tx, actor.companyId, id);
        await createUserRepository(tx).setPassword(actor.companyId, id, passwordHash, { mustChange: true });
        const sessionsEnded = await auth.endSessions(tx, actor.companyId, { userIds: [id] });
        await audit(tx, actor, 'account.reset-password', id, { sessionsEnded, mustChangePassword: { old: locked.mustChangePassword, new: true } });
        return locked;
      });
      await auth.clearLock(actor.companyId, row.phone, row.id);
      return { account: await detail(db, actor.companyId, id), password };
    },

    /** Clears the account's lock counts (decision 017's per-phone and change-password counts). */
    async unlock(actor: SessionUser, id: number): Promise<AdminAccount> {
      const before = await detail(db, actor.companyId, id);
      await auth.clearLock(actor.companyId, before.phone, before.id);
      await db.transaction(async (tx) => {
        await lockRow(tx, actor.companyId, id);
        await audit(tx, actor, 'account.unlock', id, { signInFailures: before.signInFailures, locked: before.locked });
      });
      return detail(db, actor.companyId, id);
    },

    /** Ends every session of the account; not one's own (退出登录 is). */
    async endSessions(actor: SessionUser, id: number): Promise<AdminAccount> {
      if (id === actor.id) throw refused(text_.selfEndSessions, 'id');
      await db.transaction(async (tx) => {
        await lockRow(tx, actor.companyId, id);
        const sessionsEnded = await auth.endSessions(tx, actor.companyId, { userIds: [id] });
        await audit(tx, actor, 'account.end-sessions', id, { sessionsEnded });
      });
      return detail(db, actor.companyId, id);
    },

    disable: (actor: SessionUser, input: { id: number; version: number }) => setActive(actor, input, false),

    enable: (actor: SessionUser, input: { id: number; version: number }) => setActive(actor, input, true),

    /**
     * 批量停用 (issue 30, item 3): every id an account of the company's groups (404 otherwise), then
     * each disabled as the one-row call does it (its sessions end); oneself is that row's refusal.
     */
    async disableMany(actor: SessionUser, ids: number[]): Promise<BatchResult> {
      const versions = await repo.versionsOf(actor.companyId, ACCOUNT_ROLES, ids);
      requireAll(ids, [...versions.keys()], text_.notFound);
      return eachRow(ids, (id) => setActive(actor, { id, version: versions.get(id)! }, false));
    },
  };
}
export type AccountConsoleService = ReturnType<typeof createAccountConsoleService>;
