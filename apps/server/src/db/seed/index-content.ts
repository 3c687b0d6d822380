import { COLUMN_TYPES } from '@baobei/shared/rules/house';
import { indexBanner, indexColumn, indexColumnHouse, indexNav } from '../schema';
import type { Tx } from '../client';
import { brandAssets, NAV_ICONS } from './assets';
import type { BrandKey, CompanySeed } from './companies';
import type { InsertedCities } from './cities';
import { FEATURES, type FeatureName } from './features';
import type { SeededHouse } from './houses';
import { insertMany, must } from './util';

type ColumnType = (typeof COLUMN_TYPES)[keyof typeof COLUMN_TYPES];

/** Where a banner or a column's "more" leads: a listing, the list by feature, or a page. */
type LinkSeed = { house: string } | { feature: FeatureName } | { path: string };

interface BannerSeed {
  title: string;
  /** true: the default city (Haikou); false: every city (city_id null). */
  defaultCity: boolean;
  link: LinkSeed;
}

interface ColumnSeed {
  type: ColumnType;
  title: string;
  description: string;
  /** City of the column; the default city when omitted. */
  city?: string;
  more: LinkSeed;
  /** Which active listings of that city fill the column (in catalogue order), and how many. */
  houses: { where: (h: SeededHouse) => boolean; max: number } | 'none';
}

/** Four banners per brand; images banner-<brand>-1..4 carry these titles. */
const BANNERS: Record<BrandKey, BannerSeed[]> = {
  haikou: [
    { title: '海口湾 · 臻品海景', defaultCity: true, link: { house: '海口湾一号' } },
    { title: '江东新区 · 未来之城', defaultCity: true, link: { house: '江东新区·滨江澜湾' } },
    { title: '金秋购房节', defaultCity: false, link: { feature: '热门楼盘' } },
    { title: '现房速递', defaultCity: false, link: { feature: '现房' } },
  ],
  sanya: [
    { title: '三亚湾 · 椰风海韵', defaultCity: false, link: { house: '三亚湾·凤凰水城' } },
    { title: '海棠湾 · 滨海墅区', defaultCity: false, link: { house: '海棠湾·御海天成' } },
    { title: '候鸟置业季', defaultCity: true, link: { feature: '养老度假' } },
    { title: '渠道合伙人招募', defaultCity: true, link: { path: '/register' } },
  ],
};

const hasVideo = (h: SeededHouse): boolean => Boolean(h.row.buildingVideo);
const hasVr = (h: SeededHouse): boolean => Boolean(h.row.buildingVr);
const withFeature = (f: FeatureName) => (h: SeededHouse) => h.features.includes(f);

/** Columns of types 1-4 for the default city, plus a projects column for 三亚. */
const COLUMNS: Record<BrandKey, ColumnSeed[]> = {
  haikou: [
    { type: COLUMN_TYPES.PROJECT, title: '热销楼盘', description: '海口热销新盘，报备即享高佣', more: { feature: '热门楼盘' }, houses: { where: withFeature('热门楼盘'), max: 6 } },
    { type: COLUMN_TYPES.VIDEO, title: '视频看房', description: '足不出户，视频看遍好房', more: { path: '/house/list' }, houses: { where: hasVideo, max: 8 } },
    { type: COLUMN_TYPES.FEATURED, title: '精选好房', description: '地铁沿线 · 学区优选', more: { feature: '地铁沿线' }, houses: { where: (h) => h.features.includes('地铁沿线') || h.features.includes('学区房'), max: 6 } },
    { type: COLUMN_TYPES.VR, title: 'VR看房', description: '720°全景，身临其境', more: { path: '/house/list' }, houses: { where: hasVr, max: 8 } },
    { type: COLUMN_TYPES.PROJECT, title: '三亚度假置业', description: '阳光海岸，度假养老两相宜', city: '三亚', more: { feature: '养老度假' }, houses: { where: () => true, max: 4 } },
  ],
  sanya: [
    { type: COLUMN_TYPES.PROJECT, title: '热门推荐', description: '渠道伙伴都在报的好盘', more: { feature: '热门楼盘' }, houses: { where: withFeature('热门楼盘'), max: 6 } },
    { type: COLUMN_TYPES.VIDEO, title: '视频看房', description: '一分钟看懂一个楼盘', more: { path: '/house/list' }, houses: { where: hasVideo, max: 8 } },
    { type: COLUMN_TYPES.FEATURED, title: '海景好房', description: '推窗见海，一线海景', more: { feature: '海景房' }, houses: { where: withFeature('海景房'), max: 5 } },
    // Deliberately empty: a VR column with no listings is hidden on the home page (part 1, section 2).
    { type: COLUMN_TYPES.VR, title: 'VR看房', description: '全景看房，即将上线', more: { path: '/house/list' }, houses: 'none' },
    { type: COLUMN_TYPES.PROJECT, title: '三亚湾区精选', description: '三亚湾 · 海棠湾 · 亚龙湾', city: '三亚', more: { feature: '海景房' }, houses: { where: () => true, max: 6 } },
  ],
};

export async function insertIndexContent(
  tx: Tx,
  input: { companyId: number; company: CompanySeed; cities: InsertedCities; houses: SeededHouse[]; featureIds: Map<FeatureName, number> },
): Promise<void> {
  const { companyId, company, cities, houses, featureIds } = input;
  const houseIds = new Map(houses.map((h) => [h.row.name, h.id]));
  const link = (l: LinkSeed): string =>
    'house' in l
      ? `/house/detail/${must(houseIds, l.house, 'house')}`
      : 'feature' in l
        ? `/house/list?feature=${must(featureIds, l.feature, 'feature')}`
        : l.path;

  const images = brandAssets(company.brand).banners;
  await tx.insert(indexBanner).values(
    BANNERS[company.brand].map((b, i) => ({
      companyId,
      cityId: b.defaultCity ? cities.defaultId : null,
      image: images[i] ?? images[0] ?? '',
      title: b.title,
      link: link(b.link),
      sort: i,
    })),
  );

  await tx.insert(indexNav).values(
    FEATURES.map((f, i) => ({
      companyId,
      title: f.name,
      icon: NAV_ICONS[f.icon],
      featureId: must(featureIds, f.name, 'feature'),
      sort: i,
    })),
  );

  const columns = COLUMNS[company.brand];
  const insertedColumns = await tx
    .insert(indexColumn)
    .values(
      columns.map((c, i) => ({
        companyId,
        cityId: c.city ? must(cities.ids, c.city, 'city') : cities.defaultId,
        type: c.type,
        title: c.title,
        description: c.description,
        moreLink: link(c.more),
        sort: i,
      })),
    )
    .returning({ id: indexColumn.id, title: indexColumn.title, cityId: indexColumn.cityId });

  const links: { columnId: number; houseId: number; sort: number }[] = [];
  columns.forEach((c, i) => {
    const inserted = insertedColumns[i];
    if (!inserted || inserted.title !== c.title) throw new Error(`seed: column '${c.title}' not inserted in order`);
    const spec = c.houses;
    if (spec === 'none') return;
    const cityId = c.city ? must(cities.ids, c.city, 'city') : cities.defaultId;
    const picked = houses.filter((h) => h.row.active && h.row.cityId === cityId && spec.where(h)).slice(0, spec.max);
    if (picked.length < 4) throw new Error(`seed: column '${c.title}' of ${company.code} has only ${picked.length} listings`);
    picked.forEach((h, k) => links.push({ columnId: inserted.id, houseId: h.id, sort: k }));
  });
  await insertMany(tx, indexColumnHouse, links);
}
