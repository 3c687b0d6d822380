/**
 * Every query key of the statistics page and its detail (decision 029), each by period
 * (`dateType`). Pull-to-refresh refetches the active ones under `statisticsKeys.all`. The
 * values are those used before.
 */
export const statisticsKeys = {
  all: ['statistics'] as const,
  records: (dateType: number) => [...statisticsKeys.all, 'records', dateType] as const,
  staff: (dateType: number) => [...statisticsKeys.all, 'staff', dateType] as const,
  house: (dateType: number) => [...statisticsKeys.all, 'house', dateType] as const,
  shareUser: (dateType: number) => [...statisticsKeys.all, 'share-user', dateType] as const,
  shareHouse: (dateType: number) => [...statisticsKeys.all, 'share-house', dateType] as const,
  channel: (dateType: number) => [...statisticsKeys.all, 'channel', dateType] as const,
  channelRanking: (dateType: number, dim: string) => [...statisticsKeys.all, 'channel-ranking', dateType, dim] as const,
};
