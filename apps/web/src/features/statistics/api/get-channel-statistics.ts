import { api } from '@baobei/shared/contract';
import { statisticsPeriod, type RankingDim } from '@baobei/shared/rules/channel-dashboard';
import type { DashboardOverview, Ranking } from '@baobei/shared/schemas/dashboard';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { statisticsKeys } from './query-keys';

/** The viewer's reach's funnel, trends and leakage of the period (docs/decisions/087). */
export function useChannelOverview(dateType: number) {
  return useQuery({
    queryKey: statisticsKeys.channel(dateType),
    queryFn: ({ signal }): Promise<DashboardOverview> =>
      call(api.channelStatistics.overview, { body: statisticsPeriod(dateType) }, { signal, quiet: true }),
  });
}

/** The viewer's shops, brokers, listings (or distributors) ranked by reports. */
export function useChannelRanking(dateType: number, dim: RankingDim) {
  return useQuery({
    queryKey: statisticsKeys.channelRanking(dateType, dim),
    queryFn: ({ signal }): Promise<Ranking> =>
      call(api.channelStatistics.ranking, { body: { ...statisticsPeriod(dateType), dim, order: 'reported' } }, { signal, quiet: true }),
  });
}
