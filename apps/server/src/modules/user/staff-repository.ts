import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import { isShopManager } from '@baobei/shared/rules/access';
import type { StaffType } from '@baobei/shared/rules/staff';
import { messages } from '@baobei/shared/messages';
import { managedBy } from '../../access/scopes';
import type { Executor, Tx } from '../../db/client';
import { isUniqueViolation } from '../../lib/db-errors';
import { ConflictError } from '../../lib/errors';
import { user } from '../../db/schema';
import { phoneHeld } from '../../db/sql/exists';
import { writeAuditLog } from '../../db/audit-log';

/** Who acts: the signed-in shop manager or general account. */
export interface StaffActor {
  id: number;
  companyId: number;
  distributorId: number | null;
  role: string;
  distributorControl: boolean;
  shopName: string;
}

export interface NewStaff {
  name: string;
  phone: string;
  sex: number;
  shopName: string;
  role: StaffType;
  /** The broker's shop manager; null for a shop manager. */
  managerId: number | null;
  passwordHash: string;
}

export type UnbindOutcome =
  | { kind: 'notFound' }
  | { kind: 'badHeir' }
  | { kind: 'done'; transferred: number[]; unbound: number[] };

const staffColumns = {
  uid: user.id,
  name: user.name,
  phone: user.phone,
  sex: user.sex,
  shopName: user.shopName,
  role: user.role,
  // Written out: drizzle leaves column references of a one-table select unqualified.
  subordinates: sql<number>`(select count(*)::int from "user" as "subordinate" where "subordinate"."manager_id" = "user"."id" and "subordinate"."active")`,
};
export type StaffRow = { uid: number; name: string; phone: string; sex: number; shopName: string; role: string; subordinates: number };

/** Ids in ascending order: RETURNING promises no order. */
const byId = (rows: { id: number }[]) => rows.map((r) => r.id).sort((a, b) => a - b);

/** Ends accounts' sessions in the caller's transaction: the auth module's one rule, handed in by user-module.ts. */
export type EndSessions = (tx: Executor, companyId: number, whose: { userIds: number[] }) => Promise<number>;

/** What ending an account's access takes from its owners: the auth module's sessions, the WeChat module's bindings. */
export interface AccessEnders {
  endSessions: EndSessions;
  removeIdentities: (tx: Executor, companyId: number, userIds: number[]) => Promise<void>;
}

export function createStaffRepository(db: Executor, { endSessions, removeIdentities }: AccessEnders) {
  async function audit(tx: Executor, actor: StaffActor, action: string, entityIds: number[], detail: Record<string, unknown>) {
    if (entityIds.length === 0) return;
    await writeAuditLog(tx, entityIds.map((entityId) => ({ companyId: actor.companyId, actorId: actor.id, action, entity: 'user', entityId, detail })));
  }

  /**
   * An unbound account leaves at once: its sessions end, and its WeChat binding goes too, so
   * a later return of the account (re-added by phone) starts without someone else's WeChat.
   */
  async function cutAccess(tx: Executor, companyId: number, userIds: number[]) {
    if (userIds.length === 0) return;
    await endSessions(tx, companyId, { userIds });
    await removeIdentities(tx, companyId, userIds);
  }

  /**
   * A new account, or the return of one this distributor unbound earlier (the phone is unique
   * in the company, and an unbound account keeps it): the same person comes back with the new
   * role, shop and initial password. A phone held by anyone else answers null.
   */
  async function insertOrRevive(tx: Tx, actor: StaffActor, s: NewStaff): Promise<{ id: number; revived: boolean } | null> {
    if (actor.distributorId === null) return null;
    const values = {
      name: s.name,
      phone: s.phone,
      sex: s.sex,
      shopName: s.shopName,
      role: s.role,
      managerId: s.managerId,
      passwordHash: s.passwordHash,
      mustChangePassword: true,
      distributorControl: false,
      active: true,
    };
    const [inserted] = await tx
      .insert(user)
      .values({ ...values, companyId: actor.companyId, distributorId: actor.distributorId })
      .onConflictDoNothing({ target: [user.companyId, user.phone] })
      .returning({ id: user.id });
    if (inserted) return { id: inserted.id, revived: false };
    const [revived] = await tx
      .update(user)
      .set({ ...values, vacation: 0 })
      .where(
        and(
          eq(user.companyId, actor.companyId),
          eq(user.phone, s.phone),
          eq(user.active, false),
          eq(user.distributorId, actor.distributorId),
          eq(user.distributorControl, false),
          inArray(user.role, ['DIANZHANG', 'YUEWUYUAN']),
        ),
      )
      .returning({ id: user.id });
    if (!revived) return null;
    // Whatever session it had ended when it was unbound; make sure none comes back to life.
    await cutAccess(tx, actor.companyId, [revived.id]);
    return { id: revived.id, revived: true };
  }

  return {
    async listManaged(actor: StaffActor): Promise<StaffRow[]> {
      return db.select(staffColumns).from(user).where(managedBy(actor)).orderBy(asc(user.id));
    },

    async findManaged(actor: StaffActor, uid: number): Promise<StaffRow | undefined> {
      const rows = await db.select(staffColumns).from(user).where(and(eq(user.id, uid), managedBy(actor))).limit(1);
      return rows[0];
    },

    /** Whether a phone is held in the company by an account other than `exceptId` (active or not). */
    phoneHeldByOther(companyId: number, phone: string, exceptId: number): Promise<boolean> {
      return phoneHeld(db, companyId, phone, exceptId);
    },

    /** The shops a general account's staff work in; a shop manager has only their own. */
    async shops(actor: StaffActor): Promise<string[]> {
      if (!actor.distributorControl || actor.distributorId === null) return actor.shopName ? [actor.shopName] : [];
      const rows = await db
        .selectDistinct({ shopName: user.shopName })
        .from(user)
        .where(and(managedBy(actor), ne(user.shopName, '')))
        .orderBy(asc(user.shopName));
      return rows.map((r) => r.shopName);
    },

    /**
     * Adds every row in one transaction with its audit-log row; a row whose phone is taken
     * answers null in its place and adds nothing.
     */
    async addMany(actor: StaffActor, rows: NewStaff[]): Promise<({ id: number } | null)[]> {
      return db.transaction(async (tx) => {
        const results: ({ id: number } | null)[] = [];
        for (const row of rows) {
          const added = await insertOrRevive(tx, actor, row);
          if (added) await audit(tx, actor, 'staff.add', [added.id], { role: row.role, shopName: row.shopName, revived: added.revived });
          results.push(added ? { id: added.id } : null);
        }
        return results;
      });
    },

    /**
     * The edit form: the managed account's fields; a shop manager's brokers follow the shop's
     * new name. Undefined when the account is not the actor's to edit.
     */
    async update(
      actor: StaffActor,
      uid: number,
      patch: { name: string; phone: string; sex: number; shopName: string },
    ): Promise<StaffRow | undefined> {
      // The service checked the phone is free; a racing edit or add may take it first (user_company_phone_uq).
      return db.transaction(async (tx) => {
        const [row] = await tx
          .update(user)
          .set(patch)
          .where(and(eq(user.id, uid), managedBy(actor)))
          .returning({ id: user.id, role: user.role })
          .catch((error: unknown) => {
            if (isUniqueViolation(error)) throw new ConflictError(messages.staff.phoneTaken);
            throw error;
          });
        if (!row) return undefined;
        if (isShopManager(row.role)) {
          await tx
            .update(user)
            .set({ shopName: patch.shopName })
            .where(and(eq(user.companyId, actor.companyId), eq(user.managerId, uid), eq(user.active, true)));
        }
        await audit(tx, actor, 'staff.update', [uid], patch);
        const [updated] = await tx.select(staffColumns).from(user).where(eq(user.id, uid));
        return updated;
      });
    },

    /**
     * Unbind (part 2, section 4), in one transaction: a shop manager's active staff move to
     * `heirId` (taking the heir's shop) or, without one, are unbound with the manager.
     * Unbound accounts are deactivated and every session of theirs ends at once; their
     * customers and reports stay. Both accounts are locked, so two unbinds cannot cross.
     */
    async unbind(actor: StaffActor, uid: number, heirId: number | null): Promise<UnbindOutcome> {
      return db.transaction(async (tx) => {
        // Both rows locked in one statement, in id order: two unbinds that name each other
        // as heir wait for one another instead of deadlocking; the later one then finds its
        // heir (or target) unbound.
        const locked = await tx
          .select({ id: user.id, role: user.role, shopName: user.shopName })
          .from(user)
          .where(and(inArray(user.id, heirId === null ? [uid] : [uid, heirId]), managedBy(actor)))
          .orderBy(asc(user.id))
          .for('update');
        const target = locked.find((r) => r.id === uid);
        if (!target) return { kind: 'notFound' } as const;
        const heir = heirId === null ? undefined : locked.find((r) => r.id === heirId && r.id !== uid && isShopManager(r.role));
        if (heirId !== null && !heir) return { kind: 'badHeir' } as const;
        const staffOfTarget = and(eq(user.companyId, actor.companyId), eq(user.managerId, target.id), eq(user.active, true));
        let transferred: number[] = [];
        let unboundStaff: number[] = [];
        if (heir) {
          transferred = byId(
            await tx.update(user).set({ managerId: heir.id, shopName: heir.shopName }).where(staffOfTarget).returning({ id: user.id }),
          );
          await audit(tx, actor, 'staff.transfer', transferred, { from: target.id, to: heir.id });
        } else {
          unboundStaff = byId(await tx.update(user).set({ active: false }).where(staffOfTarget).returning({ id: user.id }));
        }
        await tx.update(user).set({ active: false }).where(eq(user.id, target.id));
        const unbound = [target.id, ...unboundStaff];
        await cutAccess(tx, actor.companyId, unbound);
        await audit(tx, actor, 'staff.unbind', [target.id], { role: target.role, heir: heir?.id ?? null, staff: unboundStaff });
        await audit(tx, actor, 'staff.unbind', unboundStaff, { manager: target.id });
        return { kind: 'done', transferred, unbound } as const;
      });
    },
  };
}

export type StaffRepository = ReturnType<typeof createStaffRepository>;
