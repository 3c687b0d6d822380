import { customer, customerImage } from '../schema';
import type { Tx } from '../client';
import type { SeededAccounts } from './accounts';
import { ID_CARD_BACK, ID_CARD_FRONT } from './assets';
import type { BrandKey } from './companies';
import type { Rng } from './prng';
import { DAY, HOUR, insertMany, nameAnchor } from './util';
import { maskPhone } from '@baobei/shared/rules/phone';

/** Customers per owner (broker or shop manager), by brand. */
const CUSTOMER_COUNTS: Record<BrandKey, Record<string, number>> = {
  haikou: { '13800000003': 16, '13800000002': 8, '13800000008': 9, '13800000021': 4, '13800000024': 3 },
  sanya: { '13900000003': 9, '13900000002': 5, '13900000008': 6, '13900000021': 2 },
};

const SURNAMES = [
  '王', '李', '张', '刘', '陈', '杨', '黄', '赵', '吴', '周', '徐', '孙', '马', '朱', '胡', '郭', '何', '林', '罗', '高',
  '郑', '梁', '谢', '宋', '唐', '许', '韩', '冯', '邓', '曹', '彭', '曾', '肖', '田', '董', '潘', '袁', '蔡', '蒋', '余',
  '叶', '程', '魏', '苏', '吕', '丁', '卢', '姚', '沈', '钟', '姜', '崔', '谭', '陆', '范', '廖', '石', '金', '韦', '贾',
  '夏', '方', '邹', '熊', '白', '孟', '秦', '邱', '侯', '江', '尹', '薛', '段', '雷', '龙', '黎', '陶', '贺', '毛', '顾',
  '欧阳', '符', '云', '邢', '羊', '单',
];
const MALE_GIVEN = ['建国', '志强', '海涛', '俊杰', '子轩', '浩然', '明辉', '国庆', '伟', '磊', '勇', '军', '杰', '涛', '斌', '宇航', '文博', '家豪', '振华', '鹏飞'];
const FEMALE_GIVEN = ['丽华', '秀英', '美玲', '婷婷', '晓燕', '雪梅', '欣怡', '诗涵', '静', '敏', '芳', '娟', '丹', '佳怡', '梦瑶', '雅琴', '玉兰', '春燕', '慧敏', '思雨'];
const CUSTOMER_PREFIXES = ['135', '136', '137', '150', '151', '152', '157', '158', '159', '177', '186', '187', '188', '189', '199'];

export interface SeededCustomer {
  id: number;
  ownerPhone: string;
  name: string;
  sex: number;
  phone: string;
  telType: number;
  images: string[];
  deleted: boolean;
}

interface CustomerDraft {
  ownerPhone: string;
  name: string;
  sex: 0 | 1 | 2;
  phone: string;
  telType: 0 | 1;
  images: string[];
  deleted: boolean;
  createdAt: Date;
}

/**
 * Customer phones never share the masked pattern (first 3 + last 4) with another customer of
 * the company, so the duplicate rule only fires where the seed demonstrates it on purpose.
 */
function phoneFactory(rng: Rng): () => string {
  const seenMasks = new Set<string>();
  return () => {
    for (;;) {
      const phone = `${rng.pick(CUSTOMER_PREFIXES)}${String(rng.int(0, 99_999_999)).padStart(8, '0')}`;
      const masked = maskPhone(phone);
      if (!seenMasks.has(masked)) {
        seenMasks.add(masked);
        return phone;
      }
    }
  };
}

function personName(rng: Rng): { name: string; sex: 1 | 2 } {
  const sex = rng.chance(0.55) ? 1 : 2;
  const surname = rng.pick(SURNAMES);
  // Now and then only the surname is known: 王先生 / 李女士 (part 1, section 5).
  if (rng.chance(0.12)) return { name: `${surname}${sex === 1 ? '先生' : '女士'}`, sex };
  return { name: surname + rng.pick(sex === 1 ? MALE_GIVEN : FEMALE_GIVEN), sex };
}

export function generateCustomers(brand: BrandKey, rng: Rng, now: Date): CustomerDraft[] {
  const nextPhone = phoneFactory(rng);
  const drafts: CustomerDraft[] = [];
  for (const [ownerPhone, count] of Object.entries(CUSTOMER_COUNTS[brand])) {
    for (let i = 0; i < count; i++) {
      const { name, sex } = personName(rng);
      drafts.push({
        ownerPhone,
        name,
        sex,
        phone: nextPhone(),
        telType: 0,
        images: i % 3 === 0 ? [ID_CARD_FRONT, ID_CARD_BACK] : [],
        deleted: false,
        createdAt: new Date(now.getTime() - rng.int(3 * 24, 120 * 24) * HOUR),
      });
    }
  }
  // Special cases on the first broker's list: a '#' anchor, an overseas number, a deleted customer.
  const broker = brand === 'haikou' ? '13800000003' : '13900000003';
  drafts.push(
    { ownerPhone: broker, name: '2号楼业主', sex: 0, phone: nextPhone(), telType: 0, images: [], deleted: false, createdAt: new Date(now.getTime() - 20 * DAY) },
    { ownerPhone: broker, name: '张伟明', sex: 1, phone: '+852 61234567', telType: 1, images: [], deleted: false, createdAt: new Date(now.getTime() - 33 * DAY) },
    { ownerPhone: broker, name: '何佳', sex: 2, phone: nextPhone(), telType: 0, images: [], deleted: true, createdAt: new Date(now.getTime() - 60 * DAY) },
  );
  if (brand === 'haikou') {
    // The same buyer on two distributors' lists: the deliberate 撞单 of records.ts.
    const first = drafts.find((d) => d.ownerPhone === '13800000003');
    const other = drafts.find((d) => d.ownerPhone === '13800000008');
    if (first && other) {
      other.name = first.name;
      other.sex = first.sex;
      other.phone = first.phone;
    }
  }
  return drafts;
}

export async function insertCustomers(
  tx: Tx,
  input: { companyId: number; accounts: SeededAccounts; drafts: CustomerDraft[] },
): Promise<SeededCustomer[]> {
  const { companyId, accounts, drafts } = input;
  const inserted = await tx
    .insert(customer)
    .values(
      drafts.map((d) => {
        const owner = accounts.get(d.ownerPhone);
        return {
          companyId,
          ownerId: owner.id,
          distributorId: owner.distributorId,
          name: d.name,
          sex: d.sex,
          phone: d.phone,
          telType: d.telType,
          anchor: nameAnchor(d.name),
          deletedAt: d.deleted ? new Date(d.createdAt.getTime() + 10 * DAY) : null,
          createdAt: d.createdAt,
        };
      }),
    )
    .returning({ id: customer.id, ownerId: customer.ownerId, phone: customer.phone });
  const seeded: SeededCustomer[] = drafts.map((d, i) => {
    const row = inserted[i];
    if (!row || row.phone !== d.phone || row.ownerId !== accounts.get(d.ownerPhone).id) throw new Error('seed: customers returned out of order');
    return { id: row.id, ownerPhone: d.ownerPhone, name: d.name, sex: d.sex, phone: d.phone, telType: d.telType, images: d.images, deleted: d.deleted };
  });
  // The demo's brokers confirmed each customer's consent when they added the pictures (docs/decisions/095).
  await insertMany(
    tx,
    customerImage,
    seeded.flatMap((c, i) => c.images.map((url) => ({ customerId: c.id, url, consentedAt: drafts[i]!.createdAt }))),
  );
  return seeded;
}
