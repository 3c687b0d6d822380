import { z } from 'zod';
import { dbId } from './fields';

/**
 * /my/share (part 1, section 2): the signed-in user's shared listings and their
 * visits. Recording a visit is `shareVisitSchema` of schemas/house.ts.
 */

/** POST /api/user/get-user-share-statistics?page=&pageSize= : one shared listing. */
export const shareStatisticsItemSchema = z.object({
  houseId: z.number(),
  houseName: z.string(),
  buildingDiagram: z.string(),
  /** Visits of the share link (every recorded visit). */
  visitCount: z.number(),
  /** Distinct visitors (by WeChat openid or account; a visit with neither counts once). */
  visitorCount: z.number(),
  /** 'YYYY-MM-DD HH:mm' in the company's time zone. */
  lastVisitAt: z.string(),
});
export type ShareStatisticsItem = z.infer<typeof shareStatisticsItemSchema>;

/** POST /api/user/get-user-share-house-statistics?page=&pageSize= { houseId } */
export const shareHouseStatisticsQuerySchema = z.object({
  houseId: dbId('楼盘'),
});

export const shareVisitItemSchema = z.object({
  /** 'YYYY-MM-DD HH:mm' in the company's time zone. */
  visitedAt: z.string(),
  /** The visitor's name when signed in, else '访客'. */
  visitorName: z.string(),
  /** The visitor's WeChat openid, masked ('oAbC****9xYz'); '' outside WeChat. */
  openid: z.string(),
});
export type ShareVisitItem = z.infer<typeof shareVisitItemSchema>;
