import { and, desc, eq, gte, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { AlertKind } from '@baobei/shared/rules/channel-dashboard';
import { queryRows, type Executor } from '../../db/client';
import { channelAlert, channelAlertSwitch, channelTally, company, distributor } from '../../db/schema';
import { writeAuditLog } from '../../db/audit-log';

export type AlertRow = typeof channelAlert.$inferSelect;
export type NewAlert = Pick<AlertRow, 'companyId' | 'kind' | 'subject' | 'distributorId' | 'phoneKey' | 'day' | 'figures'>;

/**
 * 数据驾驶舱's alerts (docs/decisions/087): what the alert job reads (the kept counts; the last
 * hours' reports for a shared phone) and writes, and what the console lists and changes.
 */
export function createAlertRepository(db: Executor) {
  return {
    async companyIds(): Promise<number[]> {
      return (await db.select({ id: company.id }).from(company)).map((r) => r.id);
    },

    /** The kinds the company switched off. */
    async switchedOff(companyId: number): Promise<Set<AlertKind>> {
      const rows = await db
        .select({ kind: channelAlertSwitch.kind })
        .from(channelAlertSwitch)
        .where(and(eq(channelAlertSwitch.companyId, companyId), eq(channelAlertSwitch.enabled, false)));
      return new Set(rows.map((r) => r.kind));
    },

    /** Each distributor's reports of `day` and of the `baseDays` days before it (kept counts). */
    async distributorDays(companyId: number, day: string, from: string) {
      const rows = await db
        .select({
          distributorId: channelTally.dimId,
          today: sql<string>`coalesce(sum(${channelTally.n}) filter (where ${channelTally.day} = ${day}), 0)`,
          before: sql<string>`coalesce(sum(${channelTally.n}) filter (where ${channelTally.day} < ${day}), 0)`,
        })
        .from(channelTally)
        .where(
          and(
            eq(channelTally.companyId, companyId),
            eq(channelTally.dim, 'distributor'),
            gte(channelTally.day, from),
            lte(channelTally.day, day),
            eq(channelTally.measure, 'reported'),
          ),
        )
        .groupBy(channelTally.dimId);
      return rows.map((r) => ({ distributorId: r.distributorId, today: Number(r.today), before: Number(r.before) }));
    },

    /** Reports and arrivals of the reports submitted in [from, to], per distributor and for the company (id 0). */
    async arrivals(companyId: number, from: string, to: string) {
      const rows = await db
        .select({
          dim: channelTally.dim,
          id: channelTally.dimId,
          reported: sql<string>`coalesce(sum(${channelTally.n}) filter (where ${channelTally.measure} = 'reported'), 0)`,
          arrived: sql<string>`coalesce(sum(${channelTally.n}) filter (where ${channelTally.measure} = 'arrived'), 0)`,
        })
        .from(channelTally)
        .where(
          and(
            eq(channelTally.companyId, companyId),
            inArray(channelTally.dim, ['distributor', 'company']),
            gte(channelTally.day, from),
            lte(channelTally.day, to),
            inArray(channelTally.measure, ['reported', 'arrived']),
          ),
        )
        .groupBy(channelTally.dim, channelTally.dimId);
      return rows.map((r) => ({ dim: r.dim, id: r.id, reported: Number(r.reported), arrived: Number(r.arrived) }));
    },

    /**
     * Customer phones (by the duplicate rule's key) reported by at least `distributors` distributors
     * since `since`: a bounded range of record_company_created_idx, the last hours' reports only.
     */
    async sharedPhones(companyId: number, since: Date, distributors: number) {
      return queryRows<{ phoneKey: string; distributors: number; reports: number }>(
        db,
        sql`select customer_phone_masked as "phoneKey", count(distinct distributor_id)::int as distributors, count(*)::int as reports
          from record where company_id = ${companyId} and created_at >= ${since} and distributor_id is not null
          group by customer_phone_masked having count(distinct distributor_id) >= ${distributors}`,
      );
    },

    /** Found again the same day: the figures follow; a dismissed one stays dismissed. */
    async upsert(alerts: readonly NewAlert[]) {
      if (alerts.length === 0) return;
      await db
        .insert(channelAlert)
        .values([...alerts])
        .onConflictDoUpdate({
          target: [channelAlert.companyId, channelAlert.kind, channelAlert.subject, channelAlert.day],
          set: { figures: sql.raw(`excluded.${channelAlert.figures.name}`) },
        });
    },

    /** The company's alerts of [from, to] of the kinds switched on, newest first, with the distributor's name. */
    async list(companyId: number, from: string, to: string, kinds: readonly AlertKind[], withDismissed: boolean) {
      if (kinds.length === 0) return [];
      return db
        .select({ alert: channelAlert, distributorName: distributor.name })
        .from(channelAlert)
        .leftJoin(distributor, eq(distributor.id, channelAlert.distributorId))
        .where(
          and(
            eq(channelAlert.companyId, companyId),
            gte(channelAlert.day, from),
            lte(channelAlert.day, to),
            inArray(channelAlert.kind, [...kinds]),
            withDismissed ? undefined : isNull(channelAlert.dismissedAt),
          ),
        )
        .orderBy(desc(channelAlert.day), desc(channelAlert.id))
        .limit(200);
    },

    /** Switches a kind on or off, audited; answers whether it changed. */
    async setSwitch(companyId: number, kind: AlertKind, enabled: boolean, actorId: number) {
      return db.transaction(async (tx) => {
        const [before] = await tx
          .select({ enabled: channelAlertSwitch.enabled })
          .from(channelAlertSwitch)
          .where(and(eq(channelAlertSwitch.companyId, companyId), eq(channelAlertSwitch.kind, kind)))
          .for('update');
        const was = before?.enabled ?? true;
        await tx
          .insert(channelAlertSwitch)
          .values({ companyId, kind, enabled, updatedBy: actorId })
          .onConflictDoUpdate({ target: [channelAlertSwitch.companyId, channelAlertSwitch.kind], set: { enabled, updatedBy: actorId, updatedAt: sql`now()` } });
        if (was !== enabled) {
          await writeAuditLog(tx, {
            companyId,
            actorId,
            action: 'dashboard.alert-switch',
            entity: 'channel_alert',
            entityId: null,
            detail: { kind, changes: { enabled: { old: was, new: enabled } } },
          });
        }
        return was !== enabled;
      });
    },

    /** Dismisses one alert of the company, audited; false when it has none of that id. */
    async dismiss(companyId: number, id: number, actorId: number): Promise<boolean> {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .update(channelAlert)
          .set({ dismissedAt: sql`coalesce(${channelAlert.dismissedAt}, now())`, dismissedBy: sql`coalesce(${channelAlert.dismissedBy}, ${actorId})` })
          .where(and(eq(channelAlert.companyId, companyId), eq(channelAlert.id, id)))
          .returning({ id: channelAlert.id, kind: channelAlert.kind, day: channelAlert.day });
        if (!row) return false;
        await writeAuditLog(tx, { companyId, actorId, action: 'dashboard.alert-dismiss', entity: 'channel_alert', entityId: id, detail: { kind: row.kind, day: row.day } });
        return true;
      });
    },
  };
}

export type AlertRepository = ReturnType<typeof createAlertRepository>;
