import { favorite, shareVisit } from '../schema';
import type { Tx } from '../client';
import type { SeededAccounts } from './accounts';
import type { BrandKey } from './companies';
import type { SeededHouse } from './houses';
import type { Rng } from './prng';
import { DAY, HOUR, insertMany } from './util';

/** Favourites per account (how many listings), so the favourites page is not empty. */
const FAVORITES: Record<BrandKey, Record<string, number>> = {
  haikou: { '13800000003': 6, '13800000002': 3, '13800000008': 3, '13800000001': 2 },
  sanya: { '13900000003': 4, '13900000002': 2, '13900000008': 2 },
};
/** Listings shared through WeChat, with visits, per sharer. */
const SHARES: Record<BrandKey, Record<string, number>> = {
  haikou: { '13800000003': 4, '13800000002': 2 },
  sanya: { '13900000003': 2 },
};

export async function insertActivity(
  tx: Tx,
  input: { brand: BrandKey; companyId: number; accounts: SeededAccounts; houses: SeededHouse[]; rng: Rng; now: Date },
): Promise<void> {
  const { brand, companyId, accounts, houses, rng, now } = input;
  const active = houses.filter((h) => h.row.active);
  const favorites = Object.entries(FAVORITES[brand]).flatMap(([phone, count]) => {
    const userId = accounts.get(phone).id;
    return rng.pickSome(active, count).map((h) => ({ userId, houseId: h.id, createdAt: new Date(now.getTime() - rng.int(1, 60 * 24) * HOUR) }));
  });
  await insertMany(tx, favorite, favorites);

  const visits = Object.entries(SHARES[brand]).flatMap(([phone, count]) => {
    const shareUserId = accounts.get(phone).id;
    return rng.pickSome(active, count).flatMap((h, k) => {
      const visitors = rng.int(1, 4);
      return Array.from({ length: visitors }, (_, v) => {
        const createdAt = new Date(now.getTime() - (k * 3 + v) * DAY - rng.int(1, 20) * HOUR);
        const openid = `demo-openid-${brand}-${k}-${v}`;
        return [
          { companyId, houseId: h.id, shareUserId, visitorUserId: null, openid, side: 'VISITOR' as const, createdAt },
          { companyId, houseId: h.id, shareUserId, visitorUserId: null, openid, side: 'SHARER' as const, createdAt },
        ];
      }).flat();
    });
  });
  await insertMany(tx, shareVisit, visits);
}
