import { PageContainer, ProCard } from '@ant-design/pro-components';
import { api } from '@baobei/shared/contract';
import { messages } from '@baobei/shared/messages';
import { dashboardMessages as text } from '@baobei/shared/messages/dashboard';
import { addDays, daysBetween, DASHBOARD_MAX_DAYS, DEFAULT_PERIOD_DAYS, defaultGrain, type TrendGrain } from '@baobei/shared/rules/channel-dashboard';
import type { DashboardOverview } from '@baobei/shared/schemas/dashboard';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Col, Row, Skeleton, Space, Typography } from 'antd';
import dayjs from 'dayjs';
import { useSearchParams, useNavigate } from 'react-router';
import { ExportButton } from '../../../components/export-button';
import { errorMessage } from '../../../lib/api-error';
import { PATHS } from '../../../lib/navigation';
import { dayParam, idParam } from '../../../lib/search-params';
import { getOverview, SCOPE_KEYS, scopeQuery, type DashboardFilter } from '../api/dashboard';
import { AlertsCard } from '../components/alerts-card';
import { AuditorCard } from '../components/auditor-card';
import { DashboardFilters } from '../components/dashboard-filters';
import { FunnelCard } from '../components/funnel-card';
import { LeakageCard } from '../components/leakage-card';
import { RankingCard } from '../components/ranking-card';
import { TotalsCard } from '../components/totals-card';
import { TrendCard } from '../components/trend-card';

const GRAINS: readonly TrendGrain[] = ['day', 'week', 'month'];

/** The filter the address holds (so a view can be shared and survives a reload); the last 30 days by default. */
function filterOf(params: URLSearchParams): DashboardFilter {
  const today = dayjs().format('YYYY-MM-DD');
  const askedTo = dayParam(params.get('to'));
  const to = askedTo && askedTo <= today ? askedTo : today;
  const askedFrom = dayParam(params.get('from'));
  const from = askedFrom && askedFrom <= to && daysBetween(askedFrom, to) <= DASHBOARD_MAX_DAYS ? askedFrom : addDays(to, -(DEFAULT_PERIOD_DAYS - 1));
  const grain = params.get('grain') as TrendGrain;
  return {
    from,
    to,
    grain: GRAINS.includes(grain) ? grain : defaultGrain({ from, to }),
    cityId: idParam(params.get('cityId')),
    houseId: idParam(params.get('houseId')),
    distributorId: idParam(params.get('distributorId')),
    shopId: idParam(params.get('shopId')),
    reporterId: idParam(params.get('reporterId')),
  };
}

/**
 * 数据驾驶舱 (issue 31, docs/decisions/087): the channels of a period at a glance: the events and
 * money against the period before, the funnel of the period's reports (a step opens its reports
 * in 报备管理), trends, where customers leak, rankings and the auditors' speed. Every figure is
 * read from the kept counts; a city, a listing or a distributor narrows it.
 */
export function DashboardPage() {
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const filter = filterOf(params);
  const overview = useQuery({
    queryKey: ['admin', 'dashboard', 'overview', filter],
    queryFn: ({ signal }) => getOverview(filter, signal),
    placeholderData: (previous) => previous,
  });
  const setFilter = (next: DashboardFilter) => {
    const search = new URLSearchParams({ from: next.from, to: next.to, grain: next.grain });
    for (const key of SCOPE_KEYS) if (next[key]) search.set(key, String(next[key]));
    setParams(search, { replace: true });
  };
  /** The reports behind a step: 报备管理 with the period as 自选时间, the scope and the step. */
  const openStep = (step: DashboardOverview['funnel'][number]) => {
    const search = new URLSearchParams({ dateFrom: filter.from, dateTo: filter.to });
    for (const [key, value] of Object.entries(scopeQuery(filter))) if (key !== 'from' && key !== 'to') search.set(key, String(value));
    if (step.key !== 'reported') search.set('stage', step.key);
    navigate(`${PATHS.records}?${search.toString()}`);
  };
  const data = overview.data;
  const scopeName = filter.distributorId && data ? data.scopeText : null;

  return (
    <PageContainer
      title={text.menu}
      subTitle={text.subTitle}
      extra={<ExportButton endpoint={api.adminExport.dashboard} query={{ ...scopeQuery(filter), grain: filter.grain }} bytesPerRow={200} />}
    >
      <Space direction="vertical" size="middle" style={{ width: '100%' }}>
        <ProCard bordered>
          <DashboardFilters filter={filter} onChange={setFilter} />
          {data ? (
            <Typography.Paragraph type="secondary" style={{ margin: '12px 0 0' }} data-testid="dashboard-scope">
              {data.scopeText} · {data.period.from} 至 {data.period.to} · {text.previous(data.previous.from, data.previous.to)}
            </Typography.Paragraph>
          ) : null}
        </ProCard>
        <AlertsCard filter={filter} />
        {overview.isError ? (
          <Alert
            type="error"
            showIcon
            message={text.loadFailed}
            description={errorMessage(overview.error, messages.common.requestException)}
            action={
              <Button size="small" onClick={() => void overview.refetch()}>
                {text.retry}
              </Button>
            }
          />
        ) : !data ? (
          <ProCard bordered>
            <Skeleton active paragraph={{ rows: 8 }} />
          </ProCard>
        ) : (
          <>
            {data.funnel[0]!.n === 0 && data.totals.reported === 0 ? <Alert type="info" showIcon message={text.empty} /> : null}
            <TotalsCard totals={data.totals} previous={data.previousTotals} />
            <Row gutter={[16, 16]}>
              <Col xs={24} xl={9}>
                <FunnelCard funnel={data.funnel} onOpen={openStep} />
              </Col>
              <Col xs={24} xl={15}>
                <TrendCard overview={data} />
              </Col>
            </Row>
            <LeakageCard overview={data} />
          </>
        )}
        <RankingCard
          filter={filter}
          scopeName={scopeName}
          onPick={(key, id) => setFilter({ ...filter, cityId: undefined, houseId: undefined, distributorId: undefined, shopId: undefined, reporterId: undefined, [key]: id })}
        />
        <AuditorCard filter={filter} />
      </Space>
    </PageContainer>
  );
}
