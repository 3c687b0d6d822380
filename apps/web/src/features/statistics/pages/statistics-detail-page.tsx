import { messages } from '@baobei/shared/messages';
import { isStatisticsDetailType } from '@baobei/shared/rules/statistics';
import { useQueryClient } from '@tanstack/react-query';
import { PullToRefresh } from 'antd-mobile';
import { useParams } from 'react-router';
import { Page } from '../../../components/page';
import { SectionCard } from '../../../components/section-card';
import { StateBlock } from '../../../components/state-block';
import { PeriodTabs } from '../components/period-tabs';
import { STATISTICS_TABLES } from '../components/statistics-tables';
import styles from '../components/statistics.module.css';
import { useDateType } from '../use-date-type';
import { statisticsKeys } from '../api/query-keys';

const statisticsText = messages.statistics;

/** /subDistributor/statistics/detail/:type (staff, house, share-user, share-house): one table in full. */
export function StatisticsDetailPage() {
  const { type } = useParams();
  const [dateType, setDateType] = useDateType();
  const queryClient = useQueryClient();

  if (!isStatisticsDetailType(type)) {
    return (
      <Page backFallback="/subDistributor/statistics">
        <StateBlock kind="empty" title={statisticsText.unknownType} testId="statistics-detail-unknown" />
      </Page>
    );
  }
  const { Table } = STATISTICS_TABLES[type];
  return (
    <Page title={statisticsText.detailTitles[type]} backFallback={`/subDistributor/statistics?dateType=${dateType}`} className={styles.page}>
      <PeriodTabs value={dateType} onChange={setDateType} />
      <PullToRefresh onRefresh={() => queryClient.refetchQueries({ queryKey: statisticsKeys.all, type: 'active' })}>
        <div className={styles.body}>
          <SectionCard testId={`statistics-detail-${type}`}>
            <Table dateType={dateType} />
          </SectionCard>
        </div>
      </PullToRefresh>
    </Page>
  );
}
