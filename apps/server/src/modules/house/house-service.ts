import { messages } from '@baobei/shared/messages';
import { BUILDING_PROPERTIES, PRICE_OPTIONS, SELLING_STATUS_TEXT, SELLING_STATUSES, type BuildingProperty } from '@baobei/shared/rules/house';
import { policyForDeal } from '@baobei/shared/rules/commission';
import {
  byCommission,
  commissionSortKey,
  DEFAULT_COMMISSION_PROPERTY,
  estimatedCommissionFen,
  hasIncentiveOn,
  isHighCommission,
  listsByCommission,
  referencePriceFen,
} from '@baobei/shared/rules/commission-rank';
import { formatCommission, formatLeadTime, formatProtectPeriod, formatShowPrice } from '@baobei/shared/rules/house-format';
import { houseFieldTexts } from '@baobei/shared/rules/house-fields';
import type { z } from 'zod';
import type {
  commissionPolicyItemSchema,
  commissionPolicyQuerySchema,
  favoriteItemSchema,
  HouseDetail,
  HouseListFilters,
  HouseListItem,
  houseDetailQuerySchema,
  favoriteToggleSchema,
  SearchInfo,
} from '@baobei/shared/schemas/house';
import type { housePicture, houseUnitType } from '../../db/schema';
import { NotFoundError } from '../../lib/errors';
import { cursors } from '@baobei/shared/schemas/cursor';
import { keysetPage, keysetWindow, pageWindow, type KeysetPage, type KeysetQuery, type Page, type PageQuery } from '../../lib/paging';
import type { SessionUser } from '../auth/session-repository';
import type { CityService } from '../city/city-service';
import type { CompanyRow } from '../company/company-repository';
import type { ShareRepository } from './share-repository';
import type { FavoriteCursor, FavoriteRepository } from './favorite-repository';
import type { FeatureRepository } from './feature-repository';
import type { HouseCursor, HouseRepository } from './house-repository';
import type { Executor } from '../../db/client';

/** Numbers the web shows with its own unit (㎡, %, 元/㎡, 户): the plain number, '' when unknown. */
const numberText = (value: number | null): string => (value === null ? '' : String(value));

type Picture = typeof housePicture.$inferSelect;
type UnitType = typeof houseUnitType.$inferSelect;
type Album = HouseDetail['albums'][number];

/** Pictures of the details album, by kind: renders first, surroundings last. */
const DETAIL_ORDER: readonly Picture['picType'][] = ['EFFECT', 'REAL', 'SAMPLE', 'PLAN', 'AROUND', 'UNIT'];

/**
 * Part 1, section 2, House detail: one album per unit type first (its plan pictures), then
 * one album '楼盘详情' with every other picture. A plan picture names its unit type
 * (unit_type_id); unlinked plan pictures go to the unit types in sort order, and a unit type
 * with no picture shows its thumbnail.
 */
export function buildAlbums(unitTypes: readonly UnitType[], pictures: readonly Picture[]): Album[] {
  const item = (p: Picture) => ({ picUrl: p.picUrl, picTypeCn: p.albumName, desc: p.description });
  const typeIds = new Set(unitTypes.map((u) => u.id));
  const linked = new Map<number, Picture[]>();
  const unlinked: Picture[] = [];
  const others: Picture[] = [];
  for (const p of pictures) {
    if (p.picType !== 'UNIT') others.push(p);
    else if (p.unitTypeId !== null && typeIds.has(p.unitTypeId)) linked.set(p.unitTypeId, [...(linked.get(p.unitTypeId) ?? []), p]);
    else unlinked.push(p);
  }
  const albums: Album[] = [];
  unitTypes.forEach((unitType, typeIndex) => {
    let list = (linked.get(unitType.id) ?? []).map(item);
    if (list.length === 0) {
      const next = unlinked.shift();
      if (next) list = [item(next)];
      else if (unitType.typeThumb) list = [{ picUrl: unitType.typeThumb, picTypeCn: messages.house.unitPlan, desc: unitType.typeName }];
    }
    if (list.length > 0) albums.push({ picType: 'UNIT', name: unitType.typeName, typeIndex, list });
  });
  const rest = [...others, ...unlinked].sort(
    (a, b) => DETAIL_ORDER.indexOf(a.picType) - DETAIL_ORDER.indexOf(b.picType) || a.sort - b.sort || a.id - b.id,
  );
  if (rest.length > 0) albums.push({ picType: 'DETAIL', name: messages.house.detailAlbum, typeIndex: -1, list: rest.map(item) });
  return albums;
}

/** The report channel text of a favourite (its phone rule, DECISIONS.md). */
function reportChannel(ruleTel: 'FULL' | 'MASKED'): string {
  return `${messages.house.reportChannelOnline} · ${ruleTel === 'MASKED' ? messages.house.ruleTelMasked : messages.house.ruleTelFull}`;
}

const NO_POLICY = { secondaryPoint: '', secondaryAward: '' };

/** A ranked listing's place in its order: the order's sort value, then id (the list cursor's two parts). */
type RankedKey = { sortKey: number; id: number };

/** The default list's order (the company's sort, then id) over ranked listings. */
const bySortThenId = (a: RankedKey, b: RankedKey) => a.sortKey - b.sortKey || a.id - b.id;

export interface HouseServiceDeps {
  houses: HouseRepository;
  favorites: FavoriteRepository;
  features: FeatureRepository;
  cities: Pick<CityService, 'list'>;
  shares: ShareRepository;
}

/**
 * A list card's 建面 is what a buyer compares: the range of the unit types' floor areas
 * ('89-143㎡'). A listing without unit types has none: empty, and the card shows no 建面 (the
 * project's total building area is no home's size; it stays on the detail's 建筑面积).
 */
export function listBuildingArea(range: { min: number; max: number } | undefined): string {
  if (!range) return '';
  return range.min === range.max ? `${range.min}㎡` : `${range.min}-${range.max}㎡`;
}

export function createHouseService({ houses, favorites, features, cities, shares }: HouseServiceDeps) {
  async function activeHouse(companyId: number, id: number) {
    const found = await houses.find(companyId, id, { activeOnly: true });
    if (!found) throw new NotFoundError(messages.house.notFound);
    return found;
  }

  type ListRow = Awaited<ReturnType<HouseRepository['listPage']>>[number];
  /** What the commission path read of each listing of a page: the chosen type's policy in force and its estimate. */
  type CommissionOfListing = { policy: { secondaryPoint: string; secondaryAward: string } | null; estimateFen: number | null };

  /** The cards of a page of rows, in the rows' order: one query each for floor areas and (signed in) policies. */
  async function listItems(company: CompanyRow, signedIn: boolean, rows: readonly ListRow[], commission?: Map<number, CommissionOfListing>) {
    const ids = rows.map((r) => r.id);
    const [areaRanges, policies] = await Promise.all([
      houses.floorAreaRanges(company.id, ids),
      signedIn && !commission ? houses.firstCurrentPolicies(company.id, ids, company.timeZone) : null,
    ]);
    return rows.map((row): HouseListItem => {
      const item: HouseListItem = {
        id: row.id,
        name: row.name,
        buildingDiagram: row.buildingDiagram,
        buildingVideo: row.buildingVideo,
        buildingVr: row.buildingVr,
        regionName: row.regionName,
        sellingStatus: row.sellingStatus,
        sellingStatusCn: SELLING_STATUS_TEXT[row.sellingStatus],
        themeName: row.tags,
        showPrice: formatShowPrice(row.packagePrice, row.averagePrice),
        buildingArea: listBuildingArea(areaRanges.get(row.id)),
        incentiveTimeStr: signedIn ? row.incentiveTimeStr : '',
        incentiveFull: row.incentiveFull,
        houseRecordTips: row.houseRecordTips,
      };
      if (!signedIn) return item;
      const withPeriods = {
        ...item,
        reportProtect: row.reportProtectHours,
        reportProtectDays: formatProtectPeriod(row.reportProtectHours),
        takeLookProtect: row.takeLookProtectHours,
        takeLookProtectDays: formatProtectPeriod(row.takeLookProtectHours),
      };
      if (!commission) return { ...withPeriods, commissionPolicy: policies?.get(row.id) ?? NO_POLICY };
      const found = commission.get(row.id);
      return { ...withPeriods, commissionPolicy: found?.policy ?? NO_POLICY, commissionEstimateFen: found?.estimateFen ?? null };
    });
  }

  /**
   * 佣金从高到低, 高佣 and 有激励 (issue 32 item 5, decision 090): every matching listing's
   * estimate by the shared rules (the deals' commission rule, at the listing's reference price,
   * for the chosen property type's policy in force today), then the filters, the order and the
   * page in memory. The cursor is (sort value, id) of the list's order, as the default list's.
   */
  async function listByCommission(company: CompanyRow, filters: HouseListFilters, page: KeysetQuery<HouseCursor>): Promise<KeysetPage<HouseListItem>> {
    const property = filters.commissionProperty || DEFAULT_COMMISSION_PROPERTY;
    const { today, listings, policies } = await houses.commissionCandidates(company.id, filters, property, company.timeZone);
    const byListing = new Map<number, (typeof policies)[number][]>();
    for (const p of policies) byListing.set(p.houseId, [...(byListing.get(p.houseId) ?? []), p]);
    const order: (a: RankedKey, b: RankedKey) => number = filters.order === 'COMMISSION' ? byCommission : bySortThenId;
    const ranked = listings
      .map((l) => {
        const own = byListing.get(l.id) ?? [];
        const policy = today === null ? null : policyForDeal(own, property, today);
        const estimateFen = estimatedCommissionFen(policy, referencePriceFen(l));
        const incentive = today !== null && hasIncentiveOn(own, today);
        const sortKey = filters.order === 'COMMISSION' ? commissionSortKey(estimateFen) : l.sort;
        return { id: l.id, sortKey, estimateFen, incentive, policy };
      })
      .filter((l) => (!filters.highCommission || isHighCommission(l.estimateFen, company.highCommissionYuan)) && (!filters.incentive || l.incentive))
      .sort(order);
    const window = keysetWindow(page);
    const after = window.after;
    const from = after ? ranked.findIndex((r) => order(r, { id: after[1], sortKey: after[0] }) > 0) : window.offset;
    const chosen = from < 0 ? [] : ranked.slice(from, from + window.limit);
    const rowsById = new Map((await houses.listByIds(company.id, chosen.map((c) => c.id))).map((r) => [r.id, r]));
    // A listing taken off the shelves between the two reads is left out of the page.
    const rows = chosen.flatMap((c) => rowsById.get(c.id) ?? []);
    const commission = new Map(
      chosen.map((c) => [c.id, { policy: c.policy && { secondaryPoint: c.policy.secondaryPoint, secondaryAward: c.policy.secondaryAward }, estimateFen: c.estimateFen }]),
    );
    const list = await listItems(company, true, rows, commission);
    // The next cursor names the last listing chosen, so one taken off meanwhile shifts nothing.
    return keysetPage(page, chosen, list, page.cursor ? null : ranked.length, (last) => cursors.house.encode([last.sortKey, last.id]));
  }

  return {
    /** A listing's new arrival-link version, in the caller's transaction (the report module renews links). */
    renewArrivalLink: (tx: Executor, companyId: number, houseId: number) => houses.renewArrivalLink(tx, companyId, houseId),

    /** The company's listing features (特色), as stored. */
    async features(companyId: number) {
      return features.listByCompany(companyId);
    },

    /** The house list's filter options. */
    async searchInfo(companyId: number): Promise<SearchInfo> {
      const [cityRows, featureRows] = await Promise.all([cities.list(companyId), features.listByCompany(companyId)]);
      const provinces = cityRows.filter((c) => c.parentId === null);
      return {
        areaList: provinces.map((p) => {
          const children = cityRows.filter((c) => c.parentId === p.id).map((c) => ({ text: c.name, value: c.id }));
          return { text: p.name, value: p.id, children: children.length ? children : null };
        }),
        priceList: PRICE_OPTIONS.map((o) => ({ text: o.text, value: o.value })),
        houseTeseList: featureRows.map((f) => ({ text: f.name, value: f.id })),
        statusList: SELLING_STATUSES.map((value) => ({ text: SELLING_STATUS_TEXT[value], value })),
      };
    },

    /**
     * Part 1, section 2, House list. Part 1, section 6: protection periods, commission and the
     * incentive time are for signed-in users; a visitor's items do not carry those keys, and
     * the incentive time is ''.
     */
    async list(
      company: CompanyRow,
      user: SessionUser | null,
      filters: HouseListFilters,
      page: KeysetQuery<HouseCursor>,
    ): Promise<KeysetPage<HouseListItem>> {
      // By what they pay (decision 090): signed in only, as the commission itself.
      if (user && listsByCommission(filters)) return listByCommission(company, filters, page);
      // The spec shows no count: `total` is counted for the first page (no cursor) only, docs/decisions/016.
      const [rows, total] = await Promise.all([
        houses.listPage(company.id, filters, keysetWindow(page)),
        page.cursor ? null : houses.countList(company.id, filters),
      ]);
      return keysetPage(page, rows, await listItems(company, user !== null, rows), total, (last) => cursors.house.encode([last.sort, last.id]));
    },

    async detail(
      company: CompanyRow,
      user: SessionUser | null,
      query: z.infer<typeof houseDetailQuerySchema>,
    ): Promise<HouseDetail> {
      const { house: h, regionName } = await activeHouse(company.id, query.id);
      const [unitTypes, pictures, contacts, isFavorite, sharer] = await Promise.all([
        houses.unitTypes(company.id, h.id),
        houses.pictures(company.id, h.id),
        houses.contacts(company.id, h.id),
        user ? favorites.isFavorite(user.id, h.id) : false,
        query.shareUser ? shares.findSharer(company.id, query.shareUser) : undefined,
      ]);
      const detail: HouseDetail = {
        id: h.id,
        name: h.name,
        packagePrice: h.packagePrice,
        averagePrice: h.averagePrice,
        showPrice: formatShowPrice(h.packagePrice, h.averagePrice),
        isFavorite,
        isNeedIdCard: h.isNeedIdCard,
        isFullName: h.isFullName,
        isNotFullName: h.isNotFullName,
        isAlert: h.isAlert,
        specialHintTitle: h.specialHintTitle,
        specialTip: h.specialTip,
        albums: buildAlbums(unitTypes, pictures),
        buildingDiagram: h.buildingDiagram,
        buildingVideo: h.buildingVideo,
        buildingVr: h.buildingVr,
        buildingType: unitTypes.map((u) => ({
          typeName: u.typeName,
          typeThumb: u.typeThumb,
          typeDescription: u.typeDescription,
          typeTheme: u.typeTheme,
          discountPolicy: u.discountPolicy,
          floorArea: numberText(u.floorArea),
        })),
        longitude: h.longitude,
        latitude: h.latitude,
        onSiteTel: h.onSiteTel,
        // Channel contacts are the developer's staff for distributors: signed-in users only.
        contacts: contacts
          .filter((c) => c.kind === 'ONSITE' || user)
          .sort((a, b) => (a.kind === b.kind ? 0 : a.kind === 'ONSITE' ? -1 : 1))
          .map((c) => ({ name: c.name, phone: c.phone, label: c.kind === 'CHANNEL' ? messages.house.channelContactLabel : '' })),
        reportLeadTime: h.reportLeadTime,
        reportLeadTimeStr: formatLeadTime(h.reportLeadTime),
        ruleTel: h.ruleTel,
        protectionMode: h.protectionMode,
        incentivePolicy: h.incentivePolicy,
        buildingAddress: h.buildingAddress,
        ...houseFieldTexts(h),
        themeName: h.tags,
        regionName,
        sellingStatus: h.sellingStatus,
        sellingStatusCn: SELLING_STATUS_TEXT[h.sellingStatus],
        shareUser: sharer ? { uid: sharer.id, label: sharer.name, avatar: sharer.avatar, phone: sharer.phone } : null,
      };
      if (!user) return detail;
      return {
        ...detail,
        commission: { commissionRule: h.commissionRule, commissionPolicy: h.commissionPolicy, incentiveTimeStr: h.incentiveTimeStr },
        reportProtect: h.reportProtectHours,
        reportProtectDays: formatProtectPeriod(h.reportProtectHours),
        takeLookProtect: h.takeLookProtectHours,
        takeLookProtectDays: formatProtectPeriod(h.takeLookProtectHours),
      };
    },

    /** The commission tab's sub-tabs: the listing's policies counted by property type. */
    async policyGroups(companyId: number, buildingId: number) {
      await activeHouse(companyId, buildingId);
      const groups = await houses.policyGroups(companyId, buildingId);
      return groups.map((g) => ({ label: BUILDING_PROPERTIES[g.value as BuildingProperty] ?? g.value, value: g.value, count: g.count }));
    },

    async policyList(
      company: CompanyRow,
      query: z.infer<typeof commissionPolicyQuerySchema>,
      page: PageQuery,
    ): Promise<Page<z.infer<typeof commissionPolicyItemSchema>>> {
      await activeHouse(company.id, query.buildingId);
      const { rows, total } = await houses.policyPage(
        company.id,
        { houseId: query.buildingId, buildingProperty: query.buildingProperty, timeZone: company.timeZone },
        pageWindow(page),
      );
      const list = rows.map((p) => ({
        policyStartDate: p.longTerm ? '' : (p.policyStartDate ?? ''),
        policyEndDate: p.longTerm ? '' : (p.policyEndDate ?? ''),
        longTerm: p.longTerm,
        buildingPropertyCn: BUILDING_PROPERTIES[p.buildingProperty] ?? p.buildingProperty,
        secondaryPoint: p.secondaryPoint,
        secondaryAward: p.secondaryAward,
        secondaryRemark: p.secondaryRemark,
      }));
      return { list, total, ...page };
    },

    /** Status 1 adds (idempotent), 0 removes. Only the company's listings; adding needs it on sale. */
    async toggleFavorite(companyId: number, user: SessionUser, input: z.infer<typeof favoriteToggleSchema>) {
      const found = await houses.find(companyId, input.id, { activeOnly: input.status === 1 });
      if (!found) throw new NotFoundError(messages.house.notFound);
      if (input.status === 1) await favorites.add(user.id, input.id);
      else await favorites.remove(user.id, input.id);
      return { id: input.id, isFavorite: input.status === 1 };
    },

    async favoriteList(
      company: CompanyRow,
      user: SessionUser,
      page: KeysetQuery<FavoriteCursor>,
    ): Promise<KeysetPage<z.infer<typeof favoriteItemSchema>>> {
      const { rows, total } = await favorites.page(company.id, user.id, keysetWindow(page));
      const policies = await houses.firstCurrentPolicies(
        company.id,
        rows.map((r) => r.houseId),
        company.timeZone,
      );
      const list = rows.map((row) => ({
        houseId: row.houseId,
        houseName: row.houseName,
        buildingDiagram: row.buildingDiagram,
        buildingVideo: row.buildingVideo,
        buildingVr: row.buildingVr,
        regionName: row.regionName,
        packagePrice: row.packagePrice,
        averagePrice: row.averagePrice,
        showPrice: formatShowPrice(row.packagePrice, row.averagePrice),
        tags: row.tags,
        incentiveTimeStr: row.incentiveTimeStr,
        commissionPoint: formatCommission(policies.get(row.houseId)?.secondaryPoint ?? ''),
        reportProtect: formatProtectPeriod(row.reportProtectHours),
        takeLookProtect: formatProtectPeriod(row.takeLookProtectHours),
        chengjiaoDesc: reportChannel(row.ruleTel),
      }));
      return keysetPage(page, rows, list, total, (last) => cursors.favorite.encode([last.cursorAt, last.houseId]));
    },
  };
}
export type HouseService = ReturnType<typeof createHouseService>;
