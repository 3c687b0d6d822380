import { z } from 'zod';
import { cursors, keysetPageQuerySchema, keysetPageSchema } from '../schemas/cursor';
import { shareVisitSchema } from '../schemas/house';
import { shareHouseStatisticsQuerySchema, shareStatisticsItemSchema, shareVisitItemSchema } from '../schemas/share';
import {
  shareHouseStatisticsBodySchema,
  shareHouseStatisticsSchema,
  shareStatisticsBodySchema,
  shareUserStatisticsSchema,
  statisticsQuerySchema,
} from '../schemas/statistics';
import { houseRef } from './access';
import { defineEndpoint, withVariants } from './endpoint';

/** `recorded` is false for a sharer's own visit, a repeat the same day and past the per-IP limit. */
const recordedSchema = z.object({ recorded: z.boolean() });

/** /my/share: the user's own shared listings (no `dateType`), a page. */
const myShares = { body: z.object({}), data: keysetPageSchema(shareStatisticsItemSchema) };
/** The statistics page (DIANZHANG): visits per sharer of the scope in the period. */
const sharersOfScope = { body: statisticsQuerySchema, data: shareUserStatisticsSchema };
/** /my/share: the visits of one of the user's shared listings (`houseId`), a page. */
const myListingVisits = { body: shareHouseStatisticsQuerySchema, data: keysetPageSchema(shareVisitItemSchema) };
/** The statistics page (DIANZHANG): visits per listing shared by the scope in the period. */
const listingsOfScope = { body: statisticsQuerySchema, data: shareHouseStatisticsSchema };

/**
 * Sharing listings and the share statistics. Two pages share the two statistics paths
 * (docs/decisions/012): /my/share without `dateType`, the statistics page (DIANZHANG) with it.
 * The server registers each path once; the web calls its variant (`variants.mine` or
 * `variants.scope`), whose body and answer are that page's alone.
 */
export const shareApi = {
  addShareToVisitor: defineEndpoint({
    method: 'POST',
    path: '/api/user/add-share-to-visitor',
    tags: ['share'],
    summary: 'Record a shared-page visit for the visitor',
    body: shareVisitSchema,
    data: recordedSchema,
    access: { auth: 'optional', object: houseRef('body', 'houseid') },
  }),
  addShareToSharer: defineEndpoint({
    method: 'POST',
    path: '/api/user/add-share-to-shar',
    tags: ['share'],
    summary: 'Record a shared-page visit for the sharer',
    body: shareVisitSchema,
    data: recordedSchema,
    access: { auth: 'optional', object: houseRef('body', 'houseid') },
  }),
  userShareStatistics: withVariants(
    defineEndpoint({
      method: 'POST',
      path: '/api/user/get-user-share-statistics',
      tags: ['share'],
      summary:
        'Without dateType: the signed-in user’s shared listings with visit counts, last visited first. With dateType (statistics, DIANZHANG): visits per sharer of the shop or distributor',
      query: keysetPageQuerySchema(cursors.sharedHouse),
      // /my/share sends `{}` or no body at all (null).
      body: shareStatisticsBodySchema.nullish(),
      data: z.union([myShares.data, sharersOfScope.data]),
      access: { auth: 'required', page: 'myShare' },
    }),
    { mine: myShares, scope: sharersOfScope },
  ),
  userShareHouseStatistics: withVariants(
    defineEndpoint({
      method: 'POST',
      path: '/api/user/get-user-share-house-statistics',
      tags: ['share'],
      summary:
        'With houseId: the visits of one of the user’s shared listings, newest first. With dateType (statistics, DIANZHANG): visits per listing shared by the shop or distributor',
      query: keysetPageQuerySchema(cursors.shareVisit),
      body: shareHouseStatisticsBodySchema,
      data: z.union([myListingVisits.data, listingsOfScope.data]),
      access: { auth: 'required', page: 'myShare', object: houseRef('body', 'houseId') },
    }),
    { mine: myListingVisits, scope: listingsOfScope },
  ),
};
