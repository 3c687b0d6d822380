import { houseStatisticsSchema, recordStatisticsSchema, staffStatisticsSchema, statisticsQuerySchema } from '../schemas/statistics';
import { defineEndpoint } from './endpoint';

const tags = ['statistics'] as const;

/**
 * The report statistics of /subDistributor/statistics (part 2, section 7; docs/decisions/012),
 * for whoever may open that page (DIANZHANG). The spec's paths say 'statics'. The two share
 * statistics live with the share endpoints, which /my/share uses too.
 */
export const statisticsApi = {
  getRecordStatics: defineEndpoint({
    method: 'POST',
    path: '/api/record/get-record-statics',
    tags,
    summary: 'Reports of the shop or distributor in a period: per status, the funnel, and per day',
    body: statisticsQuerySchema,
    data: recordStatisticsSchema,
    access: { auth: 'required', page: 'statistics' },
  }),
  getUserToRecordStatics: defineEndpoint({
    method: 'POST',
    path: '/api/record/get-user-to-record-statics',
    tags,
    summary: 'The funnel of each staff member with reports in the period, most reports first',
    body: statisticsQuerySchema,
    data: staffStatisticsSchema,
    access: { auth: 'required', page: 'statistics' },
  }),
  getHouseToRecordStatics: defineEndpoint({
    method: 'POST',
    path: '/api/record/get-house-to-record-statics',
    tags,
    summary: 'The funnel of each listing with reports in the period, most reports first',
    body: statisticsQuerySchema,
    data: houseStatisticsSchema,
    access: { auth: 'required', page: 'statistics' },
  }),
};
