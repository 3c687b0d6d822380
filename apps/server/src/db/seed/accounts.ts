import { isChannelContact } from '@baobei/shared/rules/access';
import type { ConsoleScope } from '@baobei/shared/rules/console-scopes';
import type { Role } from '@baobei/shared/rules/roles';
import { distributor, distributorRegistration, user } from '../schema';
import type { Tx } from '../client';
import { AVATAR, BUSINESS_LICENCE } from './assets';
import type { BrandKey, CompanySeed } from './companies';
import type { InsertedCities } from './cities';
import type { Rng } from './prng';
import { creditCode, DAY, must } from './util';

/** Demo password of every account (ARCHITECTURE.md, Demo data). */
export const DEMO_PASSWORD = '123456';

export interface DistributorSeed {
  name: string;
  shortName: string;
  address: string;
  /** City name (distributor.locationId). */
  city: string;
  /** Phone of the general account, who is also the distributor's manager contact. */
  generalAccount: string;
}

export interface AccountSeed {
  phone: string;
  name: string;
  /** 1 male, 2 female, 0 confidential. */
  sex: 0 | 1 | 2;
  role: Role;
  /** What the account is for, in the demo account list. */
  label: string;
  /** Index into the brand's distributors. */
  distributor?: 0 | 1;
  distributorControl?: boolean;
  shopName?: string;
  /** Phone of the broker's shop manager. */
  manager?: string;
  manageArea?: string;
  vacation?: 0 | 1;
  resume?: string;
  /** Leave the avatar empty, to show the default. */
  noAvatar?: boolean;
  /** An OPERATOR's console scope (docs/decisions/081); 运营管理员 (ADMIN) when absent. */
  consoleScope?: ConsoleScope;
}

export const DISTRIBUTORS: Record<BrandKey, readonly [DistributorSeed, DistributorSeed]> = {
  haikou: [
    { name: '海南安居房产经纪有限公司', shortName: '安居房产', address: '海口市龙华区金龙路19号兴业银行大厦12楼', city: '海口', generalAccount: '13800000001' },
    { name: '海口优家置业顾问有限公司', shortName: '优家置业', address: '海口市龙华区国贸大道48号新达商务大厦8楼', city: '海口', generalAccount: '13800000011' },
  ],
  sanya: [
    { name: '三亚湾畔房地产经纪有限公司', shortName: '湾畔房产', address: '三亚市天涯区三亚湾路海坡段66号', city: '三亚', generalAccount: '13900000001' },
    { name: '海南鹿城地产代理有限公司', shortName: '鹿城地产', address: '三亚市天涯区解放路118号', city: '三亚', generalAccount: '13900000011' },
  ],
};

/** One account per role (ARCHITECTURE.md), plus a few more staff so the staff lists look real. */
export const ACCOUNTS: Record<BrandKey, readonly AccountSeed[]> = {
  haikou: [
    { phone: '13800000001', name: '林国栋', sex: 1, role: 'DIANZHANG', label: '总账号', distributor: 0, distributorControl: true, shopName: '安居房产总部', resume: '安居房产总经理，深耕海南新房渠道十二年。' },
    { phone: '13800000002', name: '陈海燕', sex: 2, role: 'DIANZHANG', label: '店长', distributor: 0, shopName: '龙华万达店', resume: '龙华万达店店长，专注海口主城区改善型住宅。' },
    { phone: '13800000003', name: '王小明', sex: 1, role: 'YUEWUYUAN', label: '业务员', distributor: 0, shopName: '龙华万达店', manager: '13800000002', resume: '熟悉海口湾、西海岸片区楼盘，带看经验丰富。' },
    { phone: '13800000004', name: '符春梅', sex: 2, role: 'CHANNEL', label: '渠道', manageArea: '海口市龙华区' },
    { phone: '13800000005', name: '吴志强', sex: 1, role: 'CHANNELJINGLI', label: '渠道经理', manageArea: '海口市' },
    { phone: '13800000006', name: '李晓婷', sex: 2, role: 'AUDITOR', label: '审核员（在岗）', vacation: 0 },
    { phone: '13800000007', name: '黄建华', sex: 1, role: 'AUDITORADMIN', label: '审核管理员' },
    { phone: '13800000008', name: '赵磊', sex: 1, role: 'YUEWUYUAN', label: '第二分销商业务员', distributor: 1, shopName: '国贸店', manager: '13800000012' },
    { phone: '13800000011', name: '郑伟', sex: 1, role: 'DIANZHANG', label: '第二分销商总账号', distributor: 1, distributorControl: true, shopName: '优家置业总部', noAvatar: true },
    { phone: '13800000012', name: '刘芳', sex: 2, role: 'DIANZHANG', label: '第二分销商店长', distributor: 1, shopName: '国贸店' },
    { phone: '13800000016', name: '蔡文静', sex: 2, role: 'AUDITOR', label: '审核员（休假中）', vacation: 1 },
    { phone: '13800000021', name: '周杰', sex: 1, role: 'YUEWUYUAN', label: '业务员', distributor: 0, shopName: '龙华万达店', manager: '13800000002' },
    { phone: '13800000022', name: '孙丽', sex: 2, role: 'YUEWUYUAN', label: '业务员', distributor: 0, shopName: '龙华万达店', manager: '13800000002', noAvatar: true },
    { phone: '13800000023', name: '邢志刚', sex: 1, role: 'DIANZHANG', label: '店长', distributor: 0, shopName: '美兰国兴店' },
    { phone: '13800000024', name: '云晓雯', sex: 2, role: 'YUEWUYUAN', label: '业务员', distributor: 0, shopName: '美兰国兴店', manager: '13800000023' },
    // docs/decisions/039: the console's accounts (development only: the demo seed never runs in production).
    { phone: '13800000009', name: '梁运营', sex: 1, role: 'OPERATOR', label: '运营管理员（运营后台）' },
    { phone: '13800000010', name: '许平台', sex: 2, role: 'PLATFORM_ADMIN', label: '平台管理员（运营后台）' },
    // docs/decisions/081: an operator of each narrower console scope.
    { phone: '13800000013', name: '钱会计', sex: 2, role: 'OPERATOR', label: '财务（运营后台）', consoleScope: 'FINANCE' },
    { phone: '13800000014', name: '韩编辑', sex: 2, role: 'OPERATOR', label: '内容（运营后台）', consoleScope: 'CONTENT' },
    { phone: '13800000015', name: '邱查看', sex: 1, role: 'OPERATOR', label: '只读（运营后台）', consoleScope: 'READONLY' },
  ],
  sanya: [
    { phone: '13900000001', name: '羊永福', sex: 1, role: 'DIANZHANG', label: '总账号', distributor: 0, distributorControl: true, shopName: '湾畔房产总部', resume: '湾畔房产创始人，主营三亚度假置业。' },
    { phone: '13900000002', name: '麦小红', sex: 2, role: 'DIANZHANG', label: '店长', distributor: 0, shopName: '三亚湾店' },
    { phone: '13900000003', name: '邓家豪', sex: 1, role: 'YUEWUYUAN', label: '业务员', distributor: 0, shopName: '三亚湾店', manager: '13900000002' },
    { phone: '13900000004', name: '王海霞', sex: 2, role: 'CHANNEL', label: '渠道', manageArea: '三亚市吉阳区' },
    { phone: '13900000005', name: '何俊峰', sex: 1, role: 'CHANNELJINGLI', label: '渠道经理', manageArea: '三亚市' },
    { phone: '13900000006', name: '陈美玲', sex: 2, role: 'AUDITOR', label: '审核员（在岗）', vacation: 0 },
    { phone: '13900000007', name: '卢志明', sex: 1, role: 'AUDITORADMIN', label: '审核管理员' },
    { phone: '13900000008', name: '钟明辉', sex: 1, role: 'YUEWUYUAN', label: '第二分销商业务员', distributor: 1, shopName: '解放路店', manager: '13900000012' },
    { phone: '13900000011', name: '冯晓东', sex: 1, role: 'DIANZHANG', label: '第二分销商总账号', distributor: 1, distributorControl: true, shopName: '鹿城地产总部' },
    { phone: '13900000012', name: '杜丽娟', sex: 2, role: 'DIANZHANG', label: '第二分销商店长', distributor: 1, shopName: '解放路店' },
    { phone: '13900000021', name: '吉春燕', sex: 2, role: 'YUEWUYUAN', label: '业务员', distributor: 0, shopName: '三亚湾店', manager: '13900000002', noAvatar: true },
    { phone: '13900000009', name: '符运营', sex: 1, role: 'OPERATOR', label: '运营管理员（运营后台）' },
  ],
};

/** A registration waiting for review (REGISTRATION_REVIEW), per brand. */
const PENDING_REGISTRATIONS: Record<BrandKey, { companyLicenseName: string; name: string; managerName: string; managerPhone: string; address: string; city: string }> = {
  haikou: { companyLicenseName: '海口椰城房产服务有限公司', name: '椰城房产', managerName: '吉永强', managerPhone: '13700001111', address: '海口市美兰区海府路88号', city: '海口' },
  sanya: { companyLicenseName: '三亚天涯置业服务有限公司', name: '天涯置业', managerName: '黎小燕', managerPhone: '13700002222', address: '三亚市吉阳区迎宾路66号', city: '三亚' },
};

export interface SeededAccount {
  id: number;
  seed: AccountSeed;
  distributorId: number | null;
}

export interface SeededAccounts {
  byPhone: Map<string, SeededAccount>;
  distributors: { id: number; seed: DistributorSeed; channelUserId: number }[];
  get(phone: string): SeededAccount;
  /** The first account of a role. */
  firstOf(role: Role): SeededAccount;
}

function avatarOf(a: AccountSeed): string {
  if (a.noAvatar) return '';
  return a.sex === 1 ? AVATAR.male : a.sex === 2 ? AVATAR.female : AVATAR.unknown;
}

export async function insertAccounts(
  tx: Tx,
  input: { companyId: number; company: CompanySeed; cities: InsertedCities; passwordHash: string; now: Date; rng: Rng },
): Promise<SeededAccounts> {
  const { companyId, company, cities, passwordHash, now, rng } = input;
  const seeds = ACCOUNTS[company.brand];
  const byPhone = new Map<string, SeededAccount>();
  const distributorIds: number[] = [];

  const toRow = (a: AccountSeed, i: number) => {
    const distributorId = a.distributor === undefined ? null : (distributorIds[a.distributor] ?? null);
    if (a.distributor !== undefined && distributorId === null) throw new Error(`seed: distributor of ${a.phone} not inserted`);
    return {
      companyId,
      distributorId,
      role: a.role,
      distributorControl: a.distributorControl ?? false,
      shopName: a.shopName ?? '',
      managerId: a.manager ? must(byPhone, a.manager, 'manager').id : null,
      name: a.name,
      phone: a.phone,
      sex: a.sex,
      resume: a.resume ?? '',
      avatar: avatarOf(a),
      manageArea: a.manageArea ?? '',
      vacation: a.vacation ?? 0,
      passwordHash,
      mustChangePassword: false,
      active: true,
      consoleScope: a.consoleScope ?? 'ADMIN',
      createdAt: new Date(now.getTime() - (240 - i * 5) * DAY),
    };
  };
  const insertWave = async (wave: AccountSeed[]) => {
    if (wave.length === 0) return;
    const rows = wave.map((a) => toRow(a, seeds.indexOf(a)));
    const inserted = await tx.insert(user).values(rows).returning({ id: user.id, phone: user.phone, distributorId: user.distributorId });
    for (const r of inserted) {
      const seed = wave.find((a) => a.phone === r.phone);
      if (!seed) throw new Error(`seed: unexpected account ${r.phone}`);
      byPhone.set(r.phone, { id: r.id, seed, distributorId: r.distributorId });
    }
  };

  // Wave 1: company staff (channel, auditors); the distributors need their channel contact.
  await insertWave(seeds.filter((a) => a.distributor === undefined && !a.consoleScope));
  const channel = seeds.find((a) => isChannelContact(a.role));
  if (!channel) throw new Error('seed: no CHANNEL account');
  const channelUserId = must(byPhone, channel.phone, 'channel account').id;

  const distributorSeeds = DISTRIBUTORS[company.brand];
  const distributorRows = distributorSeeds.map((d, i) => {
    const general = seeds.find((a) => a.phone === d.generalAccount);
    if (!general) throw new Error(`seed: general account ${d.generalAccount} missing`);
    return {
      companyId,
      name: d.name,
      shortName: d.shortName,
      creditNo: creditCode(rng, company.divisionCode),
      businessLicensePic: BUSINESS_LICENCE,
      address: d.address,
      locationId: must(cities.ids, d.city, 'city'),
      channelUserId,
      managerName: general.name,
      managerPhone: general.phone,
      createdAt: new Date(now.getTime() - (300 - i * 20) * DAY),
    };
  });
  const insertedDistributors = await tx.insert(distributor).values(distributorRows).returning({ id: distributor.id, name: distributor.name });
  for (const d of distributorSeeds) distributorIds.push(must(new Map(insertedDistributors.map((r) => [r.name, r.id])), d.name, 'distributor'));

  // Wave 2: distributor accounts without a manager; wave 3: brokers under them.
  await insertWave(seeds.filter((a) => a.distributor !== undefined && !a.manager));
  await insertWave(seeds.filter((a) => a.distributor !== undefined && a.manager));
  // Wave 4: the scoped operators, last so that the accounts before them keep their ids.
  await insertWave(seeds.filter((a) => a.consoleScope));

  const pending = PENDING_REGISTRATIONS[company.brand];
  await tx.insert(distributorRegistration).values({
    companyId,
    companyLicenseName: pending.companyLicenseName,
    name: pending.name,
    creditNo: creditCode(rng, company.divisionCode),
    managerName: pending.managerName,
    managerPhone: pending.managerPhone,
    address: pending.address,
    businessLicensePic: BUSINESS_LICENCE,
    locationId: must(cities.ids, pending.city, 'city'),
    channelId: channelUserId,
    passwordHash,
    status: 'PENDING',
    createdAt: new Date(now.getTime() - 2 * DAY),
  });

  return {
    byPhone,
    distributors: distributorSeeds.map((seed, i) => ({ id: distributorIds[i] as number, seed, channelUserId })),
    get: (phone) => must(byPhone, phone, 'account'),
    firstOf(role) {
      const found = seeds.find((a) => a.role === role);
      if (!found) throw new Error(`seed: no ${role} account`);
      return must(byPhone, found.phone, 'account');
    },
  };
}
