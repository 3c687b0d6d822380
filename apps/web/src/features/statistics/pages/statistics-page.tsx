import { messages } from '@baobei/shared/messages';
import type { RecordStatus } from '@baobei/shared/rules/record-status';
import { STATISTICS_DETAIL_TYPES } from '@baobei/shared/rules/statistics';
import { useQueryClient } from '@tanstack/react-query';
import { PullToRefresh } from 'antd-mobile';
import { Link, useNavigate } from 'react-router';
import { Page } from '../../../components/page';
import { QueryStates } from '../../../components/query-states';
import { SectionCard } from '../../../components/section-card';
import { StateBlock } from '../../../components/state-block';
import { recordListLink } from '../../../app/route-links';
import { useRecordStatistics } from '../api/get-record-statistics';
import { DealSums } from '../components/deal-sums';
import { FunnelTable } from '../components/funnel-table';
import { PeriodTabs } from '../components/period-tabs';
import { FunnelChart, TrendChart } from '../components/statistics-charts';
import { STATISTICS_TABLES } from '../components/statistics-tables';
import { StatusCards } from '../components/status-cards';
import { ChannelSections } from '../components/channel-sections';
import { useSessionStore } from '../../../lib/session/session-store';
import styles from '../components/statistics.module.css';
import { useDateType } from '../use-date-type';
import { statisticsKeys } from '../api/query-keys';

const statisticsText = messages.statistics;
/** Rows per table here; 查看全部 opens the whole table. */
const TOP_ROWS = 5;

/**
 * /subDistributor/statistics 数据统计 (DIANZHANG; docs/decisions/012): a period, the reports
 * per status with links into the company report list, the trend per day and the funnel, then
 * the staff, listing and share tables.
 */
export function StatisticsPage() {
  const [dateType, setDateType] = useDateType();
  const records = useRecordStatistics(dateType);
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const data = records.data;
  const generalAccount = useSessionStore((s) => s.userInfo?.distributorControl === 1);

  const openList = (status?: RecordStatus) => {
    if (data) void navigate(recordListLink({ dateType, range: data.range, status }));
  };

  return (
    <Page backFallback="/home?active=fky" className={styles.page}>
      <PeriodTabs value={dateType} onChange={setDateType} />
      <PullToRefresh onRefresh={() => queryClient.refetchQueries({ queryKey: statisticsKeys.all, type: 'active' })}>
        <div className={styles.body} data-loading={records.isFetching ? 'true' : 'false'}>
          <p className={styles.range} data-testid="statistics-range">
            {data ? (data.range ? statisticsText.periodRange(data.range.start, data.range.end) : statisticsText.periodAll) : '\u00a0'}
          </p>
          <QueryStates query={records} isEmpty={false} empty={null} errorTitle={statisticsText.loadFailedRetry} testId="statistics-records">
            {data && (
              <>
                <SectionCard title={statisticsText.overview} testId="statistics-overview">
                  <StatusCards data={data} onOpen={openList} />
                </SectionCard>
                <SectionCard title={statisticsText.dealTitle} testId="statistics-deals">
                  <DealSums sums={data.deals} />
                </SectionCard>
                <SectionCard title={statisticsText.trendTitle}>
                  {data.total > 0 ? (
                    <>
                      <TrendChart trend={data.trend} />
                      <p className={styles.hint}>{statisticsText.trendHint}</p>
                    </>
                  ) : (
                    <StateBlock kind="empty" title={statisticsText.empty} testId="statistics-trend-empty" />
                  )}
                </SectionCard>
                <SectionCard title={statisticsText.funnelTitle}>
                  {data.total > 0 && <FunnelChart funnel={data.funnel} />}
                  <FunnelTable funnel={data.funnel} />
                </SectionCard>
              </>
            )}
          </QueryStates>
          {/* 渠道分析 (issue 31): a general account ranks its shops, a shop manager its brokers first. */}
          <ChannelSections dateType={dateType} dims={generalAccount ? ['shop', 'reporter', 'house'] : ['reporter', 'house']} />
          {STATISTICS_DETAIL_TYPES.map((type) => {
            const { title, Table } = STATISTICS_TABLES[type];
            return (
              <SectionCard
                key={type}
                title={title}
                extra={
                  <Link className={styles.more} to={`/subDistributor/statistics/detail/${type}?dateType=${dateType}`} data-testid={`statistics-more-${type}`}>
                    {statisticsText.viewAll}
                  </Link>
                }
              >
                <Table dateType={dateType} limit={TOP_ROWS} />
              </SectionCard>
            );
          })}
        </div>
      </PullToRefresh>
    </Page>
  );
}
