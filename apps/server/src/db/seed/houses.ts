import { isChannelContact, isChannelManager } from '@baobei/shared/rules/access';
import { BUILDING_PROPERTIES, type BuildingProperty, type PhoneRule, type SellingStatus } from '@baobei/shared/rules/house';
import { shanghaiDay } from '@baobei/shared/rules/shanghai-time';
import { commissionPolicy, house, houseContact, houseFeatureLink, housePicture, houseUnitType } from '../schema';
import type { Tx } from '../client';
import {
  AROUND_PICTURES,
  HOUSE_PICTURES,
  PLAN_PICTURES,
  REAL_PICTURES,
  SAMPLE_PICTURES,
  UNIT_PLANS,
  VIDEO_DEMO,
  VR_PANORAMAS,
} from './assets';
import { ACCOUNTS } from './accounts';
import type { CompanySeed } from './companies';
import type { InsertedCities } from './cities';
import type { FeatureName } from './features';
import { LISTING_MEDIA, LISTINGS, type ListingSeed } from './listings';
import type { Rng } from './prng';
import { addMs, DAY, insertMany, must, shanghaiDotDate } from './util';

type NewHouse = typeof house.$inferInsert;
/** `unitTypeIndex`: the unit type (index in `unitTypes`) a plan picture shows; linked at insert. */
type NewPicture = Omit<typeof housePicture.$inferInsert, 'houseId' | 'unitTypeId'> & { unitTypeIndex?: number };
type NewUnitType = Omit<typeof houseUnitType.$inferInsert, 'houseId'>;
type NewContact = Omit<typeof houseContact.$inferInsert, 'houseId'>;
type NewPolicy = Omit<typeof commissionPolicy.$inferInsert, 'houseId'>;

/** A generated listing before insert: the house row and its child rows. */
export interface HouseDraft {
  listing: ListingSeed;
  row: NewHouse & { name: string; reportProtectHours: number; reportLeadTime: number; ruleTel: PhoneRule; isNeedIdCard: boolean };
  pictures: NewPicture[];
  unitTypes: NewUnitType[];
  contacts: NewContact[];
  policies: NewPolicy[];
  features: FeatureName[];
}

export interface SeededHouse extends HouseDraft {
  id: number;
  cityName: string;
}

// ---------------------------------------------------------------- vocabulary

const UNIT_TYPES = [
  { typeName: '一室一厅一卫', area: [38, 55] },
  { typeName: '两室两厅一卫', area: [72, 89] },
  { typeName: '三室两厅一卫', area: [88, 105] },
  { typeName: '三室两厅两卫', area: [105, 128] },
  { typeName: '四室两厅两卫', area: [130, 160] },
  { typeName: '五室三厅三卫', area: [170, 230] },
] as const;
const UNIT_THEMES = ['主推户型', '南北通透', '景观户型', '经济实用', '改善首选', '全明设计', '一梯两户', '奢阔大宅'];
const UNIT_TRAITS = ['客餐厅一体，采光通透', '南向双阳台，270°观景', '主卧套房设计，独立衣帽间', '动静分区，干湿分离', '方正实用，得房率高', '横厅设计，面宽约7.2米'];
const UNIT_DISCOUNTS = ['认购享总价98折', '首付分期12个月', '送全屋家电套餐', '全款优惠2万元', '', ''];

const PROPERTY_COMPANIES = ['海南椰城物业服务有限公司', '海口海天物业管理有限公司', '碧海蓝天物业服务有限公司', '南国物业管理股份有限公司', '椰风海韵物业服务有限公司', '海南绿岛物业管理有限公司'];
const ONSITE_NAMES = ['吴丽娜', '符海峰', '王晓燕', '陈家明', '林婷婷', '黄志勇', '邢美玲', '李俊杰', '云小雅', '羊春花', '冯家宝', '麦小军'];
const POINTS = ['3%', '2.5', '2%', '1.8', '4%', '3.5', '5%', '2', '2.8%', '1.5'];
const AWARDS = ['成交奖励2000元/套', '成交奖励5000元/套', '带看奖励200元/组', '认购即奖1000元/套', '成交奖励1%+3000元/套', '', ''];
const REMARKS = [
  '佣金按网签总价计算，首付到账后30个工作日内结算。',
  '以开发商确认的成交为准，次月15日前统一结佣。',
  '按揭客户以银行放款为准，全款客户以全款到账为准。',
  '退房、换房不计佣金；已结佣金需退回。',
];
const INCENTIVES = [
  '限时特惠：认购享总价98折，全款再享99折',
  '首付分期：首付最低10%，余款12个月免息分期',
  '老带新：推荐成交即送一年物业费',
  '购房即送车位使用权10年',
  '认购即送全屋智能家居套餐',
  '前50名认购客户额外优惠3万元',
];
const RECORD_TIPS = [
  '报备需提供客户全名及完整手机号，到访时出示报备截图。',
  '请提前报备，带看人需陪同客户到访并在案场前台登记。',
  '同一客户在保护期内只能由一家渠道报备，以案场首次登记为准。',
  '客户到访需携带身份证原件，夫妻双方到访需同时报备。',
];
const ALERTS: [string, string][] = [
  ['购房资格提醒', '本项目仅接受满足海南购房资格的客户报备，非海南户籍客户需提供24个月社保或个税证明。'],
  ['到访须知', '周末到访客户请提前一天报备，案场接待名额有限，未报备客户不予接待。'],
  ['特别提醒', '报备后请在预约时间前后30分钟内到访，超时需重新报备；客户需本人到访，不接受代看。'],
];
const SELLING_CYCLE: SellingStatus[] = ['SELLING', 'SELLING', 'SELLING', 'SELL_SOON', 'SELLING', 'SELLING', 'OFFER_BUY', 'SELLING', 'PENDING', 'SELLING', 'SELLING', 'SELL_OUT', 'SELLING', 'STOP_SELL'];
const LEAD_TIMES = [30, 45, 60, 90, 120];
const PROTECT_HOURS = [12, 24, 48, 72, 100];
const TAKE_LOOK_HOURS = [20, 72, 168, 360, 720];

/** Names that suggest a sea view (not merely 海口 or 海秀). */
const SEASIDE = /湾|岛|沙|港|岸|滩|涛|海韵|海澜|海悦|海花|海景|海风|观海|海语|海府|海甸/;
const isVillaName = (name: string): boolean => /墅|半山/.test(name);
const isApartmentName = (name: string): boolean => /公寓/.test(name);

/** Price level by city, in 元/㎡. */
function priceLevel(cityName: string): [number, number] {
  if (cityName === '海口') return [14000, 28000];
  if (cityName === '三亚') return [28000, 52000];
  if (cityName === '陵水' || cityName === '万宁' || cityName === '琼海') return [15000, 26000];
  return [9000, 18000];
}

function hoursText(hours: number): string {
  if (hours <= 24) return `${hours}小时`;
  const days = Math.floor(hours / 24);
  const rest = hours % 24;
  return rest ? `${days}天${rest}小时` : `${days}天`;
}

function monthText(at: Date): string {
  const [year, month] = shanghaiDay(at).split('-');
  return `${year}年${Number(month)}月`;
}

/** BD-09 is about (+0.0065, +0.006) off GCJ-02 around Hainan; jitter places the project in town. */
function bd09Near(rng: Rng, lat: number, lng: number, spread: number): { latitude: number; longitude: number } {
  return {
    latitude: Math.round((lat + 0.006 + (rng.next() - 0.5) * spread) * 1e6) / 1e6,
    longitude: Math.round((lng + 0.0065 + (rng.next() - 0.5) * spread) * 1e6) / 1e6,
  };
}

function mobile(rng: Rng): string {
  return `${rng.pick(['135', '136', '137', '150', '151', '152', '158', '159', '186', '187', '188'])}${String(rng.int(0, 99_999_999)).padStart(8, '0')}`;
}

// ---------------------------------------------------------------- generation

export function generateHouses(company: CompanySeed, cities: InsertedCities, rng: Rng, now: Date): HouseDraft[] {
  const listings = LISTINGS[company.brand];
  const media = LISTING_MEDIA[company.brand];
  for (const name of [...media.video, ...media.vr]) {
    if (!listings.some((l) => l.name === name)) throw new Error(`seed: media listing '${name}' not in the catalogue`);
  }
  const accounts = ACCOUNTS[company.brand];
  const channel = accounts.find((a) => isChannelContact(a.role));
  const channelManager = accounts.find((a) => isChannelManager(a.role));
  if (!channel || !channelManager) throw new Error('seed: channel accounts missing');

  return listings.map((listing, i) => {
    const citySeed = cities.byName(listing.city);
    const haikou = listing.city === '海口';
    const seaside = SEASIDE.test(listing.name);
    const villa = isVillaName(listing.name);
    const apartment = isApartmentName(listing.name);
    const ready = i % 5 === 4; // 现房
    const hot = i < 10;

    // Prices: average price on most, package (万/套) on every third, neither on two.
    const [low, high] = priceLevel(listing.city);
    let averagePrice: number | null = null;
    let packagePrice: number | null = null;
    if (i === 11 || i === 29) {
      // 暂无 (price not yet published)
    } else if (i % 3 === 2) {
      const area = villa ? rng.int(180, 320) : apartment ? rng.int(40, 70) : rng.int(80, 140);
      const raw = (area * rng.int(low, high)) / 10_000;
      packagePrice = rng.chance(0.5) ? Math.round(raw) : Math.round(raw * 2) / 2;
    } else {
      averagePrice = Math.round(rng.int(low, high) / 100) * 100;
    }
    const lowTotal = (packagePrice !== null && packagePrice < 150) || (averagePrice !== null && averagePrice < 15000);

    // Tags (themes) and features agree with each other.
    const tags: string[] = [];
    const features: FeatureName[] = [];
    const mark = (when: boolean, feature: FeatureName, tag?: string): void => {
      if (!when) return;
      features.push(feature);
      if (tag) tags.push(tag);
    };
    mark(hot, '热门楼盘');
    mark(haikou && i % 4 === 1, '地铁沿线', '地铁房');
    mark(haikou && i % 4 === 2, '学区房', '学区房');
    mark(seaside, '海景房', '海景房');
    mark(ready, '现房', '现房');
    mark(lowTotal, '低总价');
    mark(!haikou, '养老度假');
    mark(apartment || i % 6 === 3, '投资优选', '投资优选');
    const extraTags = ['精装修', '低密度', '大社区', '品牌房企', '临近商圈', seaside ? '椰林环绕' : '湖景房', apartment ? '小户型' : '南北通透', haikou ? '配套成熟' : '养老宜居'];
    for (const t of rng.pickSome(extraTags, 4 - Math.min(tags.length, 2))) if (tags.length < 4) tags.push(t);
    if (features.length === 0) features.push('投资优选');

    const plannedArea = rng.int(20, 150) * 1000;
    const plotRatio = rng.float(villa ? 0.6 : 1.2, villa ? 1.1 : 3.5, 1);
    const buildingArea = Math.round(plannedArea * plotRatio);
    const plannedHousehold = Math.max(60, Math.round(buildingArea / (villa ? 260 : apartment ? 55 : 110)));
    const deliverAt = new Date(now.getTime() + (ready ? -rng.int(60, 400) : rng.int(90, 900)) * DAY);
    const reportProtectHours = PROTECT_HOURS[i % PROTECT_HOURS.length] as number;
    const takeLookProtectHours = rng.pick(TAKE_LOOK_HOURS);
    const reportLeadTime = rng.pick(LEAD_TIMES);
    const ruleTel: PhoneRule = rng.chance(0.4) ? 'MASKED' : 'FULL';
    const isNeedIdCard = i % 4 === 3;
    const nameRule = i % 4; // 0,1 full name; 2 surname only; 3 none
    const alert = i % 3 === 0 ? rng.pick(ALERTS) : null;
    const withTexts = i % 8 !== 7;
    const cover = HOUSE_PICTURES[i % HOUSE_PICTURES.length] as string;
    // Haikou's centre sits near the coast: spread its projects inland (south) rather than out to sea.
    const coords = bd09Near(rng, citySeed.latitude - (haikou ? 0.025 : 0), citySeed.longitude, haikou ? 0.09 : 0.05);

    // Commission policies: 1-3 property types.
    const properties: BuildingProperty[] = villa
      ? ['VILLA', 'RESIDENCE']
      : apartment
        ? ['APARTMENT', 'SHOP']
        : (['RESIDENCE', ...rng.pickSome<BuildingProperty>(['APARTMENT', 'SHOP', 'OFFICE'], rng.int(0, 2))] as BuildingProperty[]);
    const policies: NewPolicy[] = [];
    properties.forEach((property, k) => {
      const longTerm = (i + k) % 3 === 0;
      policies.push({
        buildingProperty: property,
        longTerm,
        policyStartDate: longTerm ? null : shanghaiDateOf(now, -rng.int(10, 60)),
        policyEndDate: longTerm ? null : shanghaiDateOf(now, rng.int(30, 180)),
        secondaryPoint: POINTS[(i + k * 3) % POINTS.length] as string,
        secondaryAward: rng.pick(AWARDS),
        secondaryRemark: rng.pick(REMARKS),
        sort: policies.length,
      });
      if (k === 0 && i % 7 === 2) {
        // An earlier, ended policy of the same property type (the group count shows 2).
        policies.push({
          buildingProperty: property,
          longTerm: false,
          policyStartDate: shanghaiDateOf(now, -150),
          policyEndDate: shanghaiDateOf(now, -61),
          secondaryPoint: '2%',
          secondaryAward: '',
          secondaryRemark: '上一期政策，仅供参考。',
          sort: policies.length,
        });
      }
    });
    const pointText = (p: string) => (p.includes('%') ? p : `佣金 ${p}%`);
    const commissionPolicyText =
      policies
        .filter((p) => p.longTerm || (p.policyEndDate ?? '') >= shanghaiDateOf(now, 0))
        .map((p) => `${BUILDING_PROPERTIES[p.buildingProperty]}：${pointText(p.secondaryPoint ?? '')}${p.secondaryAward ? `，${p.secondaryAward}` : ''}`)
        .join('；') + '。结佣周期：网签备案且首付到账后30个工作日内结算。';

    // Unit types (2-4 consecutive sizes) and their plan pictures.
    const count = rng.int(2, 4);
    const start = villa ? 6 - count : apartment ? 0 : rng.int(0, 6 - count);
    const unitTypes: NewUnitType[] = [];
    const pictures: NewPicture[] = [];
    for (let k = 0; k < count; k++) {
      const ut = UNIT_TYPES[start + k] ?? UNIT_TYPES[0];
      const planIndex = start + k;
      const floorArea = rng.int(ut.area[0], ut.area[1]);
      const plan = UNIT_PLANS[planIndex] as string;
      unitTypes.push({
        typeName: ut.typeName,
        typeThumb: plan,
        typeDescription: `${ut.typeName}，建面约${floorArea}㎡，${rng.pick(UNIT_TRAITS)}。`,
        typeTheme: k === 0 ? '主推户型' : rng.pick(UNIT_THEMES),
        discountPolicy: rng.pick(UNIT_DISCOUNTS),
        floorArea,
        sort: k,
      });
      pictures.push({ picType: 'UNIT', albumName: '户型图', picUrl: plan, description: `${ut.typeName} 建面约${floorArea}㎡`, sort: k, unitTypeIndex: k });
    }
    const nextCover = HOUSE_PICTURES[(i + 5) % HOUSE_PICTURES.length] as string;
    pictures.push(
      { picType: 'EFFECT', albumName: '效果图', picUrl: cover, description: '项目鸟瞰效果图', sort: 0 },
      { picType: 'EFFECT', albumName: '效果图', picUrl: nextCover, description: '园林效果图', sort: 1 },
      { picType: 'REAL', albumName: '实景图', picUrl: REAL_PICTURES[i % REAL_PICTURES.length] as string, description: '项目实景', sort: 0 },
      { picType: 'SAMPLE', albumName: '样板间', picUrl: SAMPLE_PICTURES[i % SAMPLE_PICTURES.length] as string, description: '样板间客厅', sort: 0 },
      { picType: 'AROUND', albumName: '周边配套', picUrl: AROUND_PICTURES[i % AROUND_PICTURES.length] as string, description: '周边配套', sort: 0 },
    );
    if (i % 2 === 0) pictures.push({ picType: 'REAL', albumName: '实景图', picUrl: REAL_PICTURES[(i + 1) % REAL_PICTURES.length] as string, description: '售楼处实景', sort: 1 });
    if (i % 3 === 1) pictures.push({ picType: 'SAMPLE', albumName: '样板间', picUrl: SAMPLE_PICTURES[(i + 2) % SAMPLE_PICTURES.length] as string, description: '样板间主卧', sort: 1 });
    if (i % 2 === 1) pictures.push({ picType: 'PLAN', albumName: '规划图', picUrl: PLAN_PICTURES[i % PLAN_PICTURES.length] as string, description: '总平面规划图', sort: 0 });

    const onSiteTel = `0898-6${String(rng.int(0, 9_999_999)).padStart(7, '0')}`;
    const onsiteNames = rng.pickSome(ONSITE_NAMES, i % 3 === 0 ? 2 : 1);
    const contacts: NewContact[] = [
      ...onsiteNames.map((name) => ({ kind: 'ONSITE' as const, name: `${name}（置业顾问）`, phone: mobile(rng) })),
      { kind: 'CHANNEL', name: channel.name, phone: channel.phone },
    ];
    if (i % 4 === 0) contacts.push({ kind: 'CHANNEL', name: channelManager.name, phone: channelManager.phone });

    const incentive = rng.pick(INCENTIVES);
    const incentiveStart = new Date(now.getTime() - rng.int(5, 40) * DAY);
    const incentiveEnd = new Date(now.getTime() + rng.int(20, 90) * DAY);
    const featureText = features.filter((f) => f !== '热门楼盘').join('、') || '品质人居';
    // '海口市龙华区滨海大道…' gives 龙华区; an address without a short district gives the city.
    const place = /^(?:.+?[市县])(.{2,3}?[区镇])/.exec(listing.address)?.[1] ?? listing.city;
    const createdAt = new Date(now.getTime() - (420 - i * 9) * DAY);

    const row: HouseDraft['row'] = {
      companyId: 0, // set at insert
      cityId: must(cities.ids, listing.city, 'city'),
      name: listing.name,
      sellingStatus: listing.inactive ? 'SELL_OUT' : (SELLING_CYCLE[i % SELLING_CYCLE.length] as SellingStatus),
      tags,
      packagePrice,
      averagePrice,
      buildingDiagram: cover,
      buildingVideo: media.video.includes(listing.name) ? VIDEO_DEMO : '',
      buildingVr: media.vr.includes(listing.name) ? (VR_PANORAMAS[i % VR_PANORAMAS.length] as string) : '',
      buildingAddress: listing.address,
      plannedArea,
      buildingArea,
      plannedHousehold,
      plotRatio,
      greeningRate: rng.int(35, 48),
      propertyFee: rng.float(villa ? 4.5 : 2.2, villa ? 8.8 : 5.5, 1),
      propertyCompany: rng.pick(PROPERTY_COMPANIES),
      deliverTime: ready ? `${monthText(deliverAt)}（现房）` : monthText(deliverAt),
      projectIntroduction:
        `${listing.name}位于${listing.address}，总占地约${plannedArea.toLocaleString('en-US')}㎡，总建筑面积约${buildingArea.toLocaleString('en-US')}㎡，规划${plannedHousehold}户。` +
        `项目以${featureText}为特色，${seaside ? '坐拥一线海景资源，' : ''}周边教育、医疗、商业配套成熟，是${listing.city}${villa ? '稀缺的低密度墅区' : apartment ? '热门的投资型公寓' : '宜居宜业的品质社区'}。`,
      projectIntro: `${place}${villa ? '低密度墅区' : apartment ? '精装公寓' : '品质住区'}，${tags.slice(0, 2).join('、')}`,
      buildingTrait: `${tags.join('、')}；${villa ? '独栋/双拼别墅，私家庭院' : '南北通透户型，得房率约80%'}；${rng.pick(['人车分流', '架空层全龄活动空间', '五星级酒店式大堂', '智慧社区安防'])}。`,
      projectSupporting: `教育：${rng.pick(['海口市第一中学分校', '社区配建幼儿园', '九年一贯制学校'])}；医疗：${rng.pick(['省人民医院', '市中医院', '社区卫生服务中心'])}；商业：${rng.pick(['万达广场', '友谊阳光城', '日月广场', '社区商业街'])}；交通：${rng.pick(['距美兰机场约30分钟车程', '近海口东站', '多条公交线路直达', '临近环岛高速出入口'])}。`,
      longitude: coords.longitude,
      latitude: coords.latitude,
      onSiteTel,
      reportLeadTime,
      reportProtectHours,
      takeLookProtectHours,
      ruleTel,
      isNeedIdCard,
      isFullName: nameRule <= 1,
      isNotFullName: nameRule === 2,
      isAlert: alert !== null,
      specialHintTitle: alert?.[0] ?? '',
      specialTip: alert?.[1] ?? '',
      incentivePolicy: withTexts ? incentive : '',
      incentiveTimeStr: withTexts ? (i % 5 === 2 ? '长期有效' : `${shanghaiDotDate(incentiveStart)}-${shanghaiDotDate(incentiveEnd)}`) : '',
      incentiveFull: withTexts
        ? `${incentive}。活动时间：${shanghaiDotDate(incentiveStart)}至${shanghaiDotDate(incentiveEnd)}。本优惠不与其他优惠同享，具体以售楼处公示及购房合同约定为准。`
        : '',
      houseRecordTips: i % 6 === 5 ? '' : rng.pick(RECORD_TIPS),
      commissionRule: withTexts
        ? `报备保护期${hoursText(reportProtectHours)}，带看保护期${hoursText(takeLookProtectHours)}；客户须在报备${reportLeadTime}分钟后到访，以案场首次到访登记为准；撞单以保护期内最先报备的有效记录为准。`
        : '',
      commissionPolicy: withTexts ? commissionPolicyText : '',
      sort: i,
      active: !listing.inactive,
      createdAt,
      updatedAt: new Date(Math.min(now.getTime(), createdAt.getTime() + 30 * DAY)),
    };
    return { listing, row, pictures, unitTypes, contacts, policies, features };
  });
}

/** The Shanghai calendar date `days` from now. */
function shanghaiDateOf(now: Date, days: number): string {
  return shanghaiDay(addMs(now, days * DAY));
}

// ---------------------------------------------------------------- insert

export async function insertHouses(
  tx: Tx,
  input: { companyId: number; drafts: HouseDraft[]; featureIds: Map<FeatureName, number> },
): Promise<SeededHouse[]> {
  const { companyId, drafts, featureIds } = input;
  const inserted = await tx
    .insert(house)
    .values(drafts.map((d) => ({ ...d.row, companyId })))
    .returning({ id: house.id, name: house.name });
  const idByName = new Map(inserted.map((r) => [r.name, r.id]));
  const seeded: SeededHouse[] = drafts.map((d) => ({ ...d, id: must(idByName, d.row.name, 'house'), cityName: d.listing.city }));

  // Unit types first: a plan picture names the unit type it shows (house_picture.unit_type_id).
  const unitTypeRows = seeded.flatMap((h) => h.unitTypes.map((u) => ({ ...u, houseId: h.id })));
  const unitTypeIdOf = new Map<string, number>();
  for (let i = 0; i < unitTypeRows.length; i += 400) {
    const chunk = unitTypeRows.slice(i, i + 400);
    const ids = await tx.insert(houseUnitType).values(chunk).returning({ id: houseUnitType.id, houseId: houseUnitType.houseId, sort: houseUnitType.sort });
    for (const r of ids) unitTypeIdOf.set(`${r.houseId}:${r.sort}`, r.id);
  }
  await insertMany(
    tx,
    housePicture,
    seeded.flatMap((h) =>
      h.pictures.map(({ unitTypeIndex, ...p }) => ({
        ...p,
        houseId: h.id,
        unitTypeId: unitTypeIndex === undefined ? null : (unitTypeIdOf.get(`${h.id}:${h.unitTypes[unitTypeIndex]?.sort}`) ?? null),
      })),
    ),
  );
  await insertMany(tx, houseContact, seeded.flatMap((h) => h.contacts.map((c) => ({ ...c, houseId: h.id }))));
  await insertMany(tx, commissionPolicy, seeded.flatMap((h) => h.policies.map((p) => ({ ...p, houseId: h.id }))));
  await insertMany(
    tx,
    houseFeatureLink,
    seeded.flatMap((h) => h.features.map((f) => ({ houseId: h.id, featureId: must(featureIds, f, 'feature') }))),
  );
  return seeded;
}
