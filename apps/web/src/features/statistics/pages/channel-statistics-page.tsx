import { useQueryClient } from '@tanstack/react-query';
import { PullToRefresh } from 'antd-mobile';
import { Page } from '../../../components/page';
import { statisticsKeys } from '../api/query-keys';
import { ChannelSections } from '../components/channel-sections';
import { PeriodTabs } from '../components/period-tabs';
import styles from '../components/statistics.module.css';
import { useDateType } from '../use-date-type';

/**
 * /channel/statistics 数据统计 of the channel roles (issue 31, docs/decisions/087): the
 * distributors they look after (CHANNEL: those they are the contact of; CHANNELJINGLI: every one
 * with a contact), their funnel, leakage and the distributors, brokers and listings ranked.
 */
export function ChannelStatisticsPage() {
  const [dateType, setDateType] = useDateType();
  const queryClient = useQueryClient();
  return (
    <Page backFallback="/home?active=fky" className={styles.page}>
      <PeriodTabs value={dateType} onChange={setDateType} />
      <PullToRefresh onRefresh={() => queryClient.refetchQueries({ queryKey: statisticsKeys.all, type: 'active' })}>
        <div className={styles.body}>
          <ChannelSections dateType={dateType} dims={['distributor', 'reporter', 'house']} />
        </div>
      </PullToRefresh>
    </Page>
  );
}
