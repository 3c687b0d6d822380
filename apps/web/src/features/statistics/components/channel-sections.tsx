import { dashboardMessages as text } from '@baobei/shared/messages/dashboard';
import { RANKING_DIMS, type RankingDim } from '@baobei/shared/rules/channel-dashboard';
import { formatFenHeadline } from '@baobei/shared/rules/commission';
import type { DashboardOverview, DashboardTotals } from '@baobei/shared/schemas/dashboard';
import { Tabs } from 'antd-mobile';
import { useState } from 'react';
import { QueryStates } from '../../../components/query-states';
import { SectionCard } from '../../../components/section-card';
import { StateBlock } from '../../../components/state-block';
import { useChannelOverview, useChannelRanking } from '../api/get-channel-statistics';
import styles from './channel-sections.module.css';

const percent = (rate: number | null) => (rate === null ? text.noRate : `${(rate * 100).toFixed(1)}%`);

/** This period's figure and its change from the period before (nothing to compare: 上期无数据). */
function Figure({ label, now, before, money, testId }: { label: string; now: number; before: number; money?: boolean; testId?: string }) {
  const shown = money ? formatFenHeadline(now) : null;
  const change = before === 0 ? null : (now - before) / before;
  return (
    <div className={styles.figure} data-testid={testId}>
      <span className={styles.figureLabel}>{label}</span>
      <strong className={styles.figureValue}>
        {shown ? shown.value : now}
        {shown ? <small>{shown.unit}</small> : null}
      </strong>
      <span className={change === null ? styles.flat : change >= 0 ? styles.up : styles.down}>
        {change === null ? text.noPrevious : `${text.vsPrevious} ${change >= 0 ? '↑' : '↓'}${Math.abs(change * 100).toFixed(1)}%`}
      </span>
    </div>
  );
}

const FIGURES: readonly { key: keyof DashboardTotals; label: string; money?: boolean }[] = [
  { key: 'reported', label: text.totals.reported },
  { key: 'visits', label: text.totals.visits },
  { key: 'deals', label: text.totals.deals },
  { key: 'dealValueFen', label: text.totals.dealValue, money: true },
];

/** 报备 → 到访 → 成交 → 结佣 of the period's reports: bars as wide as their share of 报备, each step's conversion from the one before. */
function Funnel({ overview }: { overview: DashboardOverview }) {
  const top = Math.max(1, overview.funnel[0]?.n ?? 0);
  return (
    <div className={styles.funnel} data-testid="channel-funnel">
      {overview.funnel.map((step, i) => (
        <div key={step.key} className={styles.step} data-testid={`channel-funnel-${step.key}`}>
          <span className={styles.stepLabel}>{step.label}</span>
          <span className={styles.stepBar}>
            <span style={{ width: `${Math.max(2, (step.n / top) * 100)}%` }} />
          </span>
          <span className={styles.stepNumber}>{step.n}</span>
          <span className={styles.stepRate}>{i === 0 ? `${text.lastPeriod} ${step.previousN}` : percent(step.rate)}</span>
        </div>
      ))}
    </div>
  );
}

function RankingList({ dateType, dim }: { dateType: number; dim: RankingDim }) {
  const ranking = useChannelRanking(dateType, dim);
  const list = ranking.data?.list ?? [];
  return (
    <QueryStates
      query={ranking}
      isEmpty={list.length === 0}
      empty={<StateBlock kind="empty" title={text.empty} testId="channel-ranking-empty" />}
      errorTitle={text.phoneLoadFailed}
      testId="channel-ranking"
    >
      <ol className={styles.ranking} data-testid={`channel-ranking-${dim}`}>
        <li className={styles.rankHead}>
          <span>{text.columns.name}</span>
          <span>{text.columns.reported}</span>
          <span>{text.columns.arrivalRate}</span>
          <span>{text.columns.deals}</span>
        </li>
        {list.slice(0, 10).map((row, i) => (
          <li key={row.id} className={styles.rankRow}>
            <span className={styles.rankName}>
              <em>{i + 1}</em>
              <span>
                {row.name}
                {row.detail ? <small>{row.detail}</small> : null}
              </span>
            </span>
            <span>{row.reported}</span>
            <span>{percent(row.arrivalRate)}</span>
            <span>{row.dealt}</span>
          </li>
        ))}
      </ol>
    </QueryStates>
  );
}

/**
 * 渠道分析 on the phone's 数据统计 (issue 31, docs/decisions/087): the viewer's own reach (a
 * general account its distributor, a shop manager its shop, a channel manager their
 * distributors): the figures against the period before, the funnel, where customers leak, and
 * rankings of `dims`.
 */
export function ChannelSections({ dateType, dims }: { dateType: number; dims: readonly RankingDim[] }) {
  const overview = useChannelOverview(dateType);
  const [dim, setDim] = useState<RankingDim>(dims[0]!);
  const data = overview.data;
  return (
    <>
      <SectionCard title={text.phoneTitle} testId="channel-overview">
        <QueryStates query={overview} isEmpty={false} empty={null} errorTitle={text.phoneLoadFailed} testId="channel-overview">
          {data && (
            <>
              <p className={styles.caption}>{text.phoneEventsHint}</p>
              <div className={styles.figures}>
                {FIGURES.map((f) => (
                  <Figure key={f.key} label={f.label} now={data.totals[f.key]} before={data.previousTotals[f.key]} money={f.money} testId={`channel-figure-${f.key}`} />
                ))}
              </div>
              <p className={styles.caption}>
                {text.funnelTitle} · {text.phoneFunnelHint}
              </p>
              <Funnel overview={data} />
            </>
          )}
        </QueryStates>
      </SectionCard>
      {data && (
        <SectionCard title={text.leakageTitle} testId="channel-leakage">
          <div className={styles.figures}>
            <Figure label={text.leakage.expired} now={data.totals.expired} before={data.previousTotals.expired} />
            <Figure label={text.leakage.refused} now={data.totals.refused} before={data.previousTotals.refused} />
            <Figure label={text.leakage.visitFirst} now={data.totals.visitFirst} before={data.previousTotals.visitFirst} />
          </div>
        </SectionCard>
      )}
      <SectionCard title={text.rankingTitle} testId="channel-ranking">
        <Tabs activeKey={dim} onChange={(key) => setDim(key as RankingDim)} className={styles.tabs}>
          {dims.map((d) => (
            <Tabs.Tab key={d} title={RANKING_DIMS.find((r) => r.key === d)!.label} />
          ))}
        </Tabs>
        <RankingList dateType={dateType} dim={dim} />
      </SectionCard>
    </>
  );
}
