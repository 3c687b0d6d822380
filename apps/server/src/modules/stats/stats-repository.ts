import { and, asc, count, eq, gte, lt, lte, sql, type SQL } from 'drizzle-orm';
import type { DateRange } from '@baobei/shared/rules/date-presets';
import { SHANGHAI_TIME_ZONE } from '@baobei/shared/rules/shanghai-time';
import { consoleRecordScope, recordScope, staffScope, type Viewer } from '../../access/scopes';
import type { Executor } from '../../db/client';
import { distributor, house, record, recordDeal, shareVisit, user } from '../../db/schema';

/**
 * DECISIONS.md, time zone: every day boundary is Asia/Shanghai, the zone of the presets'
 * ranges (rules/date-presets.ts), so a report's day here is the day its range put it in.
 */
// Written into the SQL, not bound: GROUP BY must see the very expression the SELECT has.
const TIME_ZONE = sql.raw(`'${SHANGHAI_TIME_ZONE}'`);

const inRange = (column: typeof record.createdAt | typeof shareVisit.createdAt, range: DateRange | null): SQL | undefined =>
  range ? and(gte(column, range.start), lt(column, range.end)) : undefined;

/**
 * One visitor: the account, else the openid, else the hash of IP and user agent (visitor_key,
 * migration 0006); an older visit with none of them is a visitor of its own (as /my/share counts them).
 */
const visitorKey = sql`coalesce('u' || ${shareVisit.visitorUserId}, nullif('o' || ${shareVisit.openid}, 'o'), nullif(${shareVisit.visitorKey}, ''), 'v' || ${shareVisit.id})`;

/**
 * Statistics (docs/decisions/012). Each method is one grouped query: reports under the
 * viewer's company scope (access/scopes.ts, `recordScope(viewer, 'company')`) and a
 * report-time range, counted per status and one more key; the service folds the statuses
 * into the funnel of rules/record-funnel.ts. The scope's conditions lead with company_id
 * and distributor_id or shop_manager_id, which the record indexes serve.
 */
export function createStatsRepository(db: Executor) {
  return {
    /** Reports per Shanghai day and status. */
    async reportsByDayAndStatus(viewer: Viewer, range: DateRange | null) {
      const day = sql<string>`to_char(${record.createdAt} at time zone ${TIME_ZONE}, 'YYYY-MM-DD')`;
      const rows = await db
        .select({ day, status: record.status, n: count() })
        .from(record)
        .where(and(recordScope(viewer, 'company'), inRange(record.createdAt, range)))
        .groupBy(day, record.status)
        .orderBy(asc(day));
      return rows.map((r) => ({ ...r, n: Number(r.n) }));
    },

    /** Reports per reporter and status, with the reporter's name, phone and shop. */
    async reportsByReporterAndStatus(viewer: Viewer, range: DateRange | null) {
      const rows = await db
        .select({ userId: user.id, name: user.name, phone: user.phone, shopName: user.shopName, status: record.status, n: count() })
        .from(record)
        .innerJoin(user, eq(user.id, record.reporterId))
        .where(and(recordScope(viewer, 'company'), inRange(record.createdAt, range)))
        .groupBy(user.id, user.name, user.phone, user.shopName, record.status);
      return rows.map((r) => ({ ...r, n: Number(r.n) }));
    },

    /** Reports per listing and status, with the listing's name. */
    async reportsByHouseAndStatus(viewer: Viewer, range: DateRange | null) {
      const rows = await db
        .select({ houseId: house.id, houseName: house.name, status: record.status, n: count() })
        .from(record)
        .innerJoin(house, eq(house.id, record.houseId))
        .where(and(recordScope(viewer, 'company'), inRange(record.createdAt, range)))
        .groupBy(house.id, house.name, record.status);
      return rows.map((r) => ({ ...r, n: Number(r.n) }));
    },

    /**
     * The console's statistics export (docs/decisions/049): every report of the company in the
     * range, counted per distributor (null: reported without one), per reporter and per listing,
     * each with its status; the service folds them into funnels as above.
     */
    async companyReportsByDistributorAndStatus(companyId: number, range: DateRange | null) {
      const rows = await db
        .select({ distributorId: record.distributorId, distributorName: distributor.name, status: record.status, n: count() })
        .from(record)
        .leftJoin(distributor, eq(distributor.id, record.distributorId))
        .where(and(consoleRecordScope(companyId), inRange(record.createdAt, range)))
        .groupBy(record.distributorId, distributor.name, record.status);
      return rows.map((r) => ({ ...r, n: Number(r.n) }));
    },

    async companyReportsByReporterAndStatus(companyId: number, range: DateRange | null) {
      const rows = await db
        .select({
          userId: user.id,
          name: user.name,
          phone: user.phone,
          shopName: user.shopName,
          distributorName: distributor.name,
          status: record.status,
          n: count(),
        })
        .from(record)
        .innerJoin(user, eq(user.id, record.reporterId))
        .leftJoin(distributor, eq(distributor.id, record.distributorId))
        .where(and(consoleRecordScope(companyId), inRange(record.createdAt, range)))
        .groupBy(user.id, user.name, user.phone, user.shopName, distributor.name, record.status);
      return rows.map((r) => ({ ...r, n: Number(r.n) }));
    },

    async companyReportsByHouseAndStatus(companyId: number, range: DateRange | null) {
      const rows = await db
        .select({ houseId: house.id, houseName: house.name, status: record.status, n: count() })
        .from(record)
        .innerJoin(house, eq(house.id, record.houseId))
        .where(and(consoleRecordScope(companyId), inRange(record.createdAt, range)))
        .groupBy(house.id, house.name, record.status);
      return rows.map((r) => ({ ...r, n: Number(r.n) }));
    },

    /**
     * 成交与佣金 (docs/decisions/055): the company's deals signed within `days` (Shanghai, both
     * included; null: all), in one statement on record_deal_company_idx (company, signing date).
     * With `scope` (the viewer's recordScope) each deal is joined to its report by id for the
     * scope's conditions; without it (the console: the whole company) record is not read at all.
     */
    async dealSums(companyId: number, days: { first: string; last: string } | null, scope?: SQL) {
      const owed = sql`coalesce(${recordDeal.adjustedCommissionFen}, ${recordDeal.commissionFen})`;
      const where = and(eq(recordDeal.companyId, companyId), days ? and(gte(recordDeal.signedOn, days.first), lte(recordDeal.signedOn, days.last)) : undefined);
      const base = db
        .select({
          dealCount: count(),
          totalPriceFen: sql<string>`coalesce(sum(${recordDeal.totalPriceFen}), 0)`,
          commissionFen: sql<string>`coalesce(sum(${owed}), 0)`,
          paidFen: sql<string>`coalesce(sum(${recordDeal.paidFen}), 0)`,
        })
        .from(recordDeal);
      const [row] = scope ? await base.innerJoin(record, eq(record.id, recordDeal.recordId)).where(and(where, scope)) : await base.where(where);
      return {
        dealCount: Number(row?.dealCount ?? 0),
        totalPriceFen: Number(row?.totalPriceFen ?? 0),
        commissionFen: Number(row?.commissionFen ?? 0),
        paidFen: Number(row?.paidFen ?? 0),
      };
    },

    /**
     * Visits of shared pages per sharer: the sharer's side of share_visit (each visit is
     * written once per side), sharers among the accounts the viewer looks after (access/scopes.ts
     * `staffScope`), most visited first.
     */
    async shareVisitsBySharer(viewer: Viewer, range: DateRange | null) {
      const visits = count();
      const rows = await db
        .select({
          userId: user.id,
          name: user.name,
          phone: user.phone,
          shopName: user.shopName,
          visitCount: visits,
          visitorCount: sql<number>`count(distinct ${visitorKey})::int`,
          houseCount: sql<number>`count(distinct ${shareVisit.houseId})::int`,
        })
        .from(shareVisit)
        .innerJoin(user, eq(user.id, shareVisit.shareUserId))
        .where(and(eq(shareVisit.companyId, viewer.companyId), eq(shareVisit.side, 'SHARER'), staffScope(viewer), inRange(shareVisit.createdAt, range)))
        .groupBy(user.id, user.name, user.phone, user.shopName)
        .orderBy(sql`${visits} desc`, asc(user.id));
      return rows.map((r) => ({ ...r, visitCount: Number(r.visitCount) }));
    },

    /** The same visits per listing, with how many sharers of the scope brought them. */
    async shareVisitsByHouse(viewer: Viewer, range: DateRange | null) {
      const visits = count();
      const rows = await db
        .select({
          houseId: house.id,
          houseName: house.name,
          visitCount: visits,
          visitorCount: sql<number>`count(distinct ${visitorKey})::int`,
          sharerCount: sql<number>`count(distinct ${shareVisit.shareUserId})::int`,
        })
        .from(shareVisit)
        .innerJoin(house, eq(house.id, shareVisit.houseId))
        .innerJoin(user, eq(user.id, shareVisit.shareUserId))
        .where(and(eq(shareVisit.companyId, viewer.companyId), eq(shareVisit.side, 'SHARER'), staffScope(viewer), inRange(shareVisit.createdAt, range)))
        .groupBy(house.id, house.name)
        .orderBy(sql`${visits} desc`, asc(house.id));
      return rows.map((r) => ({ ...r, visitCount: Number(r.visitCount) }));
    },
  };
}
export type StatsRepository = ReturnType<typeof createStatsRepository>;
