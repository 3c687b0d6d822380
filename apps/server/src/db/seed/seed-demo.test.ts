import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray } from 'drizzle-orm';
import { RECORD_STATUSES, type RecordStatus } from '@baobei/shared/rules/record-status';
import { COLUMN_TYPES } from '@baobei/shared/rules/house';
import { maskPhone } from '@baobei/shared/rules/phone';
import type { Role } from '@baobei/shared/rules/roles';
import { openDatabase, type Database } from '../client';
import {
  city,
  commissionPolicy,
  company,
  companyHost,
  customer,
  distributor,
  house,
  houseFeatureLink,
  housePicture,
  indexColumn,
  indexColumnHouse,
  indexNav,
  record,
  recordApproval,
  user,
} from '../schema';
import { verifyPassword } from '../../lib/password';
import { ACCOUNTS, DEMO_PASSWORD, isDatabaseEmpty, seedDemo } from './seed-demo';
import { createRng } from './prng';
import { generateCustomers } from './customers';
import { creditCode, nameAnchor } from './util';

/** The accounts ARCHITECTURE.md promises, independent of the seed's own tables. */
const PROMISED: { phone: string; role: Role; control?: boolean; distributor: 'first' | 'second' | 'none' }[] = [
  { phone: '01', role: 'DIANZHANG', control: true, distributor: 'first' },
  { phone: '02', role: 'DIANZHANG', distributor: 'first' },
  { phone: '03', role: 'YUEWUYUAN', distributor: 'first' },
  { phone: '04', role: 'CHANNEL', distributor: 'none' },
  { phone: '05', role: 'CHANNELJINGLI', distributor: 'none' },
  { phone: '06', role: 'AUDITOR', distributor: 'none' },
  { phone: '07', role: 'AUDITORADMIN', distributor: 'none' },
  { phone: '08', role: 'YUEWUYUAN', distributor: 'second' },
];
const CLOSED: readonly RecordStatus[] = ['RECORDCLOSE', 'MAKEBARGAINCLOSE'];
const assetsDir = fileURLToPath(new URL('../../../assets/demo/', import.meta.url));

let database: Database;
let emptyBefore: boolean;
let seedMs: number;
const companyIds = new Map<string, number>();

beforeAll(async () => {
  database = openDatabase({ dataDir: 'memory://' });
  await database.migrate();
  emptyBefore = await isDatabaseEmpty(database.db);
  const started = performance.now();
  await seedDemo(database.db);
  seedMs = performance.now() - started;
  for (const c of await database.db.select({ id: company.id, code: company.code }).from(company)) companyIds.set(c.code, c.id);
}, 60_000);

afterAll(async () => {
  await database?.close();
});

const idOf = (code: string): number => {
  const id = companyIds.get(code);
  if (id === undefined) throw new Error(`no company ${code}`);
  return id;
};

describe('seedDemo', () => {
  it('starts from an empty database, ends non-empty, and is quick', async () => {
    expect(emptyBefore).toBe(true);
    expect(await isDatabaseEmpty(database.db)).toBe(false);
    expect(seedMs).toBeLessThan(5_000);
  });

  it('creates the two branded companies on their hosts', async () => {
    const rows = await database.db.select().from(company).orderBy(company.id);
    expect(rows.map((c) => c.code)).toEqual(['localhost', '127.0.0.1']);
    expect(rows[0]?.title).toBe('海口新房报备');
    expect(new Set(rows.map((c) => c.title)).size).toBe(2);
    expect(new Set(rows.map((c) => c.color)).size).toBe(2);
    for (const c of rows) {
      expect(c.description.length).toBeGreaterThan(50);
      expect(c.kefPhone).not.toBe('');
      for (const url of [c.logo, c.subLogo, c.favicon]) expect(url).toMatch(/^\/assets\/demo\/.+\.svg$/);
    }
    const hosts = await database.db.select().from(companyHost);
    expect(hosts.find((h) => h.host === 'localhost')?.companyId).toBe(idOf('localhost'));
    expect(hosts.find((h) => h.host === '127.0.0.1')?.companyId).toBe(idOf('127.0.0.1'));
  });

  it('gives each company the Hainan city tree with Haikou as the only default', async () => {
    for (const id of companyIds.values()) {
      const rows = await database.db.select().from(city).where(eq(city.companyId, id));
      const defaults = rows.filter((c) => c.isDefault);
      expect(defaults.map((c) => c.name)).toEqual(['海口']);
      const province = rows.find((c) => c.parentId === null);
      expect(province?.name).toBe('海南省');
      const cities = rows.filter((c) => c.parentId === province?.id);
      expect(cities.length).toBeGreaterThanOrEqual(10);
      for (const c of cities) {
        expect(c.latitude).toBeGreaterThan(18);
        expect(c.latitude).toBeLessThan(20.2);
        expect(c.longitude).toBeGreaterThan(108.5);
        expect(c.longitude).toBeLessThan(111.1);
      }
    }
  });

  it('has at least 30 active listings per company, Haikou most, each with a unit picture, a policy and a feature', async () => {
    for (const id of companyIds.values()) {
      const houses = await database.db.select().from(house).where(and(eq(house.companyId, id), eq(house.active, true)));
      expect(houses.length).toBeGreaterThanOrEqual(30);
      const ids = houses.map((h) => h.id);
      const unitPics = await database.db.select({ houseId: housePicture.houseId }).from(housePicture).where(and(inArray(housePicture.houseId, ids), eq(housePicture.picType, 'UNIT')));
      const policies = await database.db.select({ houseId: commissionPolicy.houseId, point: commissionPolicy.secondaryPoint }).from(commissionPolicy).where(inArray(commissionPolicy.houseId, ids));
      const links = await database.db.select({ houseId: houseFeatureLink.houseId }).from(houseFeatureLink).where(inArray(houseFeatureLink.houseId, ids));
      for (const h of houses) {
        expect(unitPics.some((p) => p.houseId === h.id), `${h.name} has a unit picture`).toBe(true);
        expect(policies.some((p) => p.houseId === h.id), `${h.name} has a commission policy`).toBe(true);
        expect(links.some((l) => l.houseId === h.id), `${h.name} has a feature`).toBe(true);
        expect(h.latitude).not.toBeNull();
        expect(h.buildingAddress).not.toBe('');
        expect(h.projectIntroduction).not.toBe('');
      }
      // Both point display rules occur: '3%' as is, '2.5' as '佣金 2.5%'.
      expect(policies.some((p) => p.point.includes('%'))).toBe(true);
      expect(policies.some((p) => p.point !== '' && !p.point.includes('%'))).toBe(true);
      // Price forms: package price, average price, and neither.
      expect(houses.some((h) => h.packagePrice !== null)).toBe(true);
      expect(houses.some((h) => h.averagePrice !== null)).toBe(true);
      expect(houses.some((h) => h.packagePrice === null && h.averagePrice === null)).toBe(true);
      // Protection and lead times on both sides of their display thresholds.
      expect(houses.some((h) => h.reportProtectHours <= 24) && houses.some((h) => h.reportProtectHours > 24)).toBe(true);
      expect(houses.some((h) => h.reportLeadTime < 60) && houses.some((h) => h.reportLeadTime >= 60)).toBe(true);
      expect(new Set(houses.map((h) => h.ruleTel))).toEqual(new Set(['FULL', 'MASKED']));
      const [haikou] = await database.db.select({ id: city.id }).from(city).where(and(eq(city.companyId, id), eq(city.name, '海口')));
      const perCity = new Map<number, number>();
      for (const h of houses) perCity.set(h.cityId, (perCity.get(h.cityId) ?? 0) + 1);
      expect(Math.max(...perCity.values())).toBe(perCity.get(haikou?.id ?? -1));
    }
  });

  it('fills home columns of types 1-4 with fitting listings, leaving the second company a hidden (empty) VR column', async () => {
    for (const [code, id] of companyIds) {
      const columns = await database.db.select().from(indexColumn).where(eq(indexColumn.companyId, id));
      expect(new Set(columns.map((c) => c.type))).toEqual(new Set(Object.values(COLUMN_TYPES)));
      for (const c of columns) {
        const houses = await database.db
          .select({ video: house.buildingVideo, vr: house.buildingVr, active: house.active })
          .from(indexColumnHouse)
          .innerJoin(house, eq(house.id, indexColumnHouse.houseId))
          .where(eq(indexColumnHouse.columnId, c.id));
        if (c.type === COLUMN_TYPES.VR && code === '127.0.0.1') {
          expect(houses).toEqual([]);
          continue;
        }
        expect(houses.length).toBeGreaterThanOrEqual(4);
        expect(houses.length).toBeLessThanOrEqual(8);
        expect(houses.every((h) => h.active)).toBe(true);
        if (c.type === COLUMN_TYPES.VIDEO) expect(houses.every((h) => h.video !== '')).toBe(true);
        if (c.type === COLUMN_TYPES.VR) expect(houses.every((h) => h.vr !== '')).toBe(true);
      }
      const nav = await database.db.select().from(indexNav).where(eq(indexNav.companyId, id));
      expect(nav).toHaveLength(8);
      const linked = await database.db.select({ featureId: houseFeatureLink.featureId }).from(houseFeatureLink).innerJoin(house, eq(house.id, houseFeatureLink.houseId)).where(eq(house.companyId, id));
      for (const n of nav) expect(linked.some((l) => l.featureId === n.featureId), `nav ${n.title} finds listings`).toBe(true);
    }
  });

  it('creates every promised account with its role, distributor and the demo password', async () => {
    for (const [code, prefix] of [['localhost', '138000000'], ['127.0.0.1', '139000000']] as const) {
      const companyId = idOf(code);
      const users = await database.db.select().from(user).where(eq(user.companyId, companyId));
      const distributors = await database.db.select().from(distributor).where(eq(distributor.companyId, companyId)).orderBy(distributor.id);
      expect(distributors).toHaveLength(2);
      const byPhone = new Map(users.map((u) => [u.phone, u]));
      const channel = byPhone.get(`${prefix}04`);
      for (const d of distributors) {
        expect(d.creditNo).toMatch(/^[0-9A-HJ-NPQRTUWXY]{2}\d{6}[0-9A-HJ-NPQRTUWXY]{10}$/);
        expect(d.channelUserId).toBe(channel?.id);
      }
      for (const p of PROMISED) {
        const u = byPhone.get(`${prefix}${p.phone}`);
        expect(u?.role, `${prefix}${p.phone}`).toBe(p.role);
        expect(u?.distributorControl).toBe(p.control ?? false);
        const expected = p.distributor === 'first' ? distributors[0]?.id : p.distributor === 'second' ? distributors[1]?.id : null;
        expect(u?.distributorId).toBe(expected);
        expect(u?.name).toMatch(/^[\u4e00-\u9fa5]{2,4}$/);
        expect([1, 2]).toContain(u?.sex);
      }
      expect(byPhone.get(`${prefix}03`)?.managerId).toBe(byPhone.get(`${prefix}02`)?.id);
      expect(byPhone.get(`${prefix}03`)?.shopName).toBe(byPhone.get(`${prefix}02`)?.shopName);
      expect(byPhone.get(`${prefix}06`)?.vacation).toBe(0);
      for (const a of ACCOUNTS[code === 'localhost' ? 'haikou' : 'sanya']) expect(byPhone.get(a.phone)?.role).toBe(a.role);
      // One hash for all (argon2 once); it verifies the demo password.
      expect(new Set(users.map((u) => u.passwordHash)).size).toBe(1);
      expect(await verifyPassword(users[0]?.passwordHash ?? '', DEMO_PASSWORD)).toBe(true);
    }
  });

  it('has localhost reports in every status, with a history per step and both live and expired protection', async () => {
    const records = await database.db.select().from(record).where(eq(record.companyId, idOf('localhost')));
    expect(new Set(records.map((r) => r.status))).toEqual(new Set(RECORD_STATUSES));
    const approvals = await database.db.select().from(recordApproval).where(inArray(recordApproval.recordId, records.map((r) => r.id)));
    const now = Date.now();
    for (const r of records) {
      const history = approvals.filter((a) => a.recordId === r.id).sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || a.id - b.id);
      expect(history[0]?.status).toBe('RECORDSTART');
      expect(history.at(-1)?.status).toBe(r.status);
      expect(history).toHaveLength(r.version);
      expect(history.every((a) => a.createdAt.getTime() <= now)).toBe(true);
      expect(r.customerPhoneMasked).toBe(r.customerTelType === 0 ? maskPhone(r.customerPhone.includes('*') ? r.customerPhoneMasked : r.customerPhone) : r.customerPhone);
      expect(r.createdAt.getTime()).toBeGreaterThan(now - 91 * 86_400_000);
      if (['VISIT', 'MAKEBARGAIN', 'MAKEBARGAINCOMPLETE', 'MAKEBARGAINCLOSE'].includes(r.status)) expect(r.visitTime).not.toBeNull();
      if (r.status !== 'RECORDSTART') expect(r.auditAt).not.toBeNull();
    }
    const early = records.filter((r) => ['RECORDSTART', 'RECORDSTANDBY', 'RECORDCOMPLETE'].includes(r.status));
    expect(early.some((r) => r.protectUntil.getTime() > now)).toBe(true);
    expect(early.some((r) => r.protectUntil.getTime() <= now)).toBe(true);
    // Every role has something to see.
    const users = await database.db.select().from(user).where(eq(user.companyId, idOf('localhost')));
    const phone = (p: string) => users.find((u) => u.phone === p)?.id;
    expect(records.some((r) => r.reporterId === phone('13800000003'))).toBe(true);
    expect(records.some((r) => r.reporterId === phone('13800000008'))).toBe(true);
    expect(records.some((r) => r.shopManagerId === phone('13800000002') && r.reporterId !== phone('13800000002'))).toBe(true);
    expect(records.some((r) => r.channelUserId === phone('13800000004'))).toBe(true);
    expect(records.some((r) => r.auditorId === phone('13800000006'))).toBe(true);
    expect(records.some((r) => r.auditorId === phone('13800000007'))).toBe(true);
    const sanya = await database.db.select({ status: record.status }).from(record).where(eq(record.companyId, idOf('127.0.0.1')));
    expect(sanya.length).toBeGreaterThan(10);
  });

  it('keeps the duplicate rule: no two distributors hold an open, protected report of one phone on one listing', async () => {
    const now = Date.now();
    const records = await database.db.select().from(record);
    const open = records.filter((r) => !CLOSED.includes(r.status) && r.protectUntil.getTime() > now);
    const holders = new Map<string, Set<number | null>>();
    for (const r of open) {
      const key = `${r.houseId}|${r.customerPhoneMasked}`;
      holders.set(key, (holders.get(key) ?? new Set()).add(r.distributorId));
    }
    for (const [key, set] of holders) expect(set.size, key).toBe(1);
    // ... and the deliberate 撞单 is there, closed.
    expect(records.some((r) => r.status === 'RECORDCLOSE' && r.approvalResult.startsWith('撞单'))).toBe(true);
  });

  it('gives customers pinyin anchors, A-Z or #', async () => {
    const customers = await database.db.select().from(customer);
    for (const c of customers) expect(c.anchor).toMatch(/^[A-Z#]$/);
    expect(customers.find((c) => c.name === '2号楼业主')?.anchor).toBe('#');
    expect(nameAnchor('曾小贤')).toBe('Z');
    expect(nameAnchor('单田芳')).toBe('S');
  });

  it('refers only to demo files that exist, never to an external URL', async () => {
    const result = (await database.db.execute(`
      select logo as url from company union select sub_logo from company union select favicon from company
      union select building_diagram from house union select building_video from house union select building_vr from house
      union select pic_url from house_picture union select type_thumb from house_unit_type
      union select image from index_banner union select icon from index_nav union select icon from house_feature
      union select avatar from "user" union select url from customer_image union select url from record_image
      union select business_license_pic from distributor union select jsonb_array_elements_text(customer_pics) from record`)) as unknown as { rows: { url: string }[] };
    const urls = result.rows.map((r) => r.url).filter((u) => u !== '');
    expect(urls.length).toBeGreaterThan(30);
    for (const url of urls) {
      expect(url).toMatch(/^\/assets\/demo\/[\w.-]+$/);
      expect(existsSync(assetsDir + url.slice('/assets/demo/'.length)), url).toBe(true);
    }
  });
});

describe('seed determinism', () => {
  it('gives the same listings, accounts and reports whatever the time of day', async () => {
    const snapshot = async (db: Database['db']) => ({
      houses: await db.select({ name: house.name, price: house.averagePrice, pkg: house.packagePrice, tags: house.tags, rule: house.ruleTel }).from(house).orderBy(house.id),
      users: await db.select({ phone: user.phone, name: user.name, role: user.role }).from(user).orderBy(user.id),
      records: await db.select({ house: record.houseId, customer: record.customerName, status: record.status, reporter: record.reporterId }).from(record).orderBy(record.id),
    });
    const other = openDatabase({ dataDir: 'memory://' });
    try {
      await other.migrate();
      // Seven hours later: other hours of the day, the same data.
      await seedDemo(other.db, { now: new Date(Date.now() + 7 * 3_600_000) });
      expect(await snapshot(other.db)).toEqual(await snapshot(database.db));
    } finally {
      await other.close();
    }
  }, 60_000);
});

describe('seed helpers', () => {
  it('are deterministic', () => {
    const now = new Date('2025-01-01T00:00:00Z');
    expect(generateCustomers('haikou', createRng('x'), now)).toEqual(generateCustomers('haikou', createRng('x'), now));
    expect(createRng('a').next()).toBe(createRng('a').next());
  });

  it('make unified social credit codes with a valid check character', () => {
    // A published example code (GB 32100-2015 check character).
    const chars = '0123456789ABCDEFGHJKLMNPQRTUWXY';
    const weights = [1, 3, 9, 27, 19, 26, 16, 17, 20, 29, 25, 13, 8, 24, 10, 30, 28];
    const code = creditCode(createRng('credit'), '460100');
    expect(code).toHaveLength(18);
    expect(code.slice(0, 8)).toBe('91460100');
    const sum = [...code.slice(0, 17)].reduce((s, ch, i) => s + chars.indexOf(ch) * (weights[i] ?? 0), 0);
    expect(chars.charAt((31 - (sum % 31)) % 31)).toBe(code.charAt(17));
  });
});
