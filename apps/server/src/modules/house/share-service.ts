import { createHash } from 'node:crypto';
import { messages } from '@baobei/shared/messages';
import type { z } from 'zod';
import type { shareVisitSchema } from '@baobei/shared/schemas/house';
import { cursors } from '@baobei/shared/schemas/cursor';
import type { ShareStatisticsItem, ShareVisitItem } from '@baobei/shared/schemas/share';
import { NotFoundError } from '../../lib/errors';
import { keysetPage, keysetWindow, type KeysetPage, type KeysetQuery } from '../../lib/paging';
import type { RateLimiter } from '../../lib/rate-limiter';
import type { SessionUser } from '../auth/session-repository';
import type { CompanyRow } from '../company/company-repository';
import type { HouseRepository } from './house-repository';
import type { ShareCursor, ShareRepository, ShareSide } from './share-repository';

/**
 * A visitor counts once per sharer, listing, side and day; past this many
 * calls an hour from one IP address nothing more is counted (the page still gets success).
 */
export const SHARE_VISIT_LIMITS = { callsPerIpPerHour: 60 } as const;
const HOUR = 3600;

/** Who visited: the account when signed in, else the WeChat openid, else a hash of IP and user agent. */
export function visitorKey(visitor: { id: number } | null, openid: string, client: { ip: string; userAgent: string }): string {
  if (visitor) return `u:${visitor.id}`;
  if (openid) return `o:${openid}`;
  return `h:${createHash('sha256').update(`${client.ip}\n${client.userAgent}`).digest('hex').slice(0, 32)}`;
}

/** 'oAbCdEfG…9xYz' → 'oAbC****9xYz': enough to tell visitors apart, not to replay an identity. */
export function maskOpenid(openid: string): string {
  if (!openid) return '';
  if (openid.length <= 8) return '****';
  return `${openid.slice(0, 4)}****${openid.slice(-4)}`;
}

export function createShareService({ shares, houses, limiter }: { shares: ShareRepository; houses: HouseRepository; limiter: RateLimiter }) {
  return {
    /**
     * Part 1, section 4: a visit of a shared page is recorded for the visitor and for the
     * sharer (one call each). A sharer opening their own link is not a visit; neither is the
     * same visitor again that day, nor anything past the per-IP limit (docs/decisions/007).
     */
    async recordVisit(
      company: Pick<CompanyRow, 'id' | 'timeZone'>,
      visitor: SessionUser | null,
      input: z.infer<typeof shareVisitSchema>,
      side: ShareSide,
      client: { ip: string; userAgent: string },
    ): Promise<{ recorded: boolean }> {
      const companyId = company.id;
      const [sharer, listing] = await Promise.all([
        shares.findSharer(companyId, input.shareUser),
        houses.find(companyId, input.houseid, { activeOnly: true }),
      ]);
      if (!sharer) throw new NotFoundError(messages.shareVisit.sharerNotFound);
      if (!listing) throw new NotFoundError(messages.house.notFound);
      if (visitor?.id === sharer.id) return { recorded: false };
      const visit = {
        companyId,
        houseId: listing.house.id,
        shareUserId: sharer.id,
        visitorUserId: visitor?.id ?? null,
        openid: input.openid,
        side,
        visitorKey: visitorKey(visitor, input.openid, client),
      };
      const { count } = await limiter.hit(`share-visit-ip:${client.ip}`, HOUR);
      if (count > SHARE_VISIT_LIMITS.callsPerIpPerHour) return { recorded: false };
      return { recorded: await shares.insertVisit(visit, company.timeZone) };
    },

    async statistics(company: CompanyRow, user: SessionUser, page: KeysetQuery<ShareCursor>): Promise<KeysetPage<ShareStatisticsItem>> {
      const { rows, total } = await shares.statistics(company.id, user.id, company.timeZone, keysetWindow(page));
      const list = rows.map(({ cursorAt: _cursor, ...item }) => item);
      return keysetPage(page, rows, list, total, (last) => cursors.sharedHouse.encode([last.cursorAt, last.houseId]));
    },

    async houseVisits(
      company: CompanyRow,
      user: SessionUser,
      houseId: number,
      page: KeysetQuery<ShareCursor>,
    ): Promise<KeysetPage<ShareVisitItem>> {
      const listing = await houses.find(company.id, houseId, { activeOnly: false });
      if (!listing) throw new NotFoundError(messages.house.notFound);
      const { rows, total } = await shares.houseVisits(
        company.id,
        { shareUserId: user.id, houseId, timeZone: company.timeZone },
        keysetWindow(page),
      );
      const list = rows.map((r) => ({
        visitedAt: r.visitedAt,
        visitorName: r.visitorName ?? messages.shareVisit.anonymousVisitor,
        openid: maskOpenid(r.openid),
      }));
      return keysetPage(page, rows, list, total, (last) => cursors.shareVisit.encode([last.cursorAt, last.id]));
    },
  };
}
export type ShareService = ReturnType<typeof createShareService>;
