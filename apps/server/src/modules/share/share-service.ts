import { messages } from '@baobei/shared/messages';
import type { z } from 'zod';
import type { shareVisitSchema } from '@baobei/shared/schemas/house';
import type { ShareStatisticsItem, ShareVisitItem } from '@baobei/shared/schemas/share';
import { NotFoundError } from '../../lib/errors';
import { pageWindow, type Page, type PageQuery } from '../../lib/paging';
import type { SessionUser } from '../auth/session-repository';
import type { CompanyRow } from '../company/company-repository';
import type { HouseRepository } from '../house/house-repository';
import type { ShareRepository, ShareSide } from './share-repository';

/** A reload of a shared page within this time is not a new visit of the same visitor. */
export const REPEAT_VISIT_MS = 10 * 60 * 1000;

/** 'oAbCdEfG…9xYz' → 'oAbC****9xYz': enough to tell visitors apart, not to replay an identity. */
export function maskOpenid(openid: string): string {
  if (!openid) return '';
  if (openid.length <= 8) return '****';
  return `${openid.slice(0, 4)}****${openid.slice(-4)}`;
}

export function createShareService({ shares, houses }: { shares: ShareRepository; houses: HouseRepository }) {
  return {
    /**
     * Part 1, section 4: a visit of a shared page is recorded for the visitor and for the
     * sharer (one call each). A sharer opening their own link is not a visit.
     */
    async recordVisit(
      companyId: number,
      visitor: SessionUser | null,
      input: z.infer<typeof shareVisitSchema>,
      side: ShareSide,
    ): Promise<{ recorded: boolean }> {
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
      };
      if (await shares.seenSince(visit, new Date(Date.now() - REPEAT_VISIT_MS))) return { recorded: false };
      await shares.insertVisit(visit);
      return { recorded: true };
    },

    async statistics(company: CompanyRow, user: SessionUser, page: PageQuery): Promise<Page<ShareStatisticsItem>> {
      const { rows, total } = await shares.statistics(company.id, user.id, company.timeZone, pageWindow(page));
      return { list: rows, total, ...page };
    },

    async houseVisits(company: CompanyRow, user: SessionUser, houseId: number, page: PageQuery): Promise<Page<ShareVisitItem>> {
      const listing = await houses.find(company.id, houseId, { activeOnly: false });
      if (!listing) throw new NotFoundError(messages.house.notFound);
      const { rows, total } = await shares.houseVisits(
        company.id,
        { shareUserId: user.id, houseId, timeZone: company.timeZone },
        pageWindow(page),
      );
      const list = rows.map((r) => ({
        visitedAt: r.visitedAt,
        visitorName: r.visitorName ?? messages.shareVisit.anonymousVisitor,
        openid: maskOpenid(r.openid),
      }));
      return { list, total, ...page };
    },
  };
}
export type ShareService = ReturnType<typeof createShareService>;
