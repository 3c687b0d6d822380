import { messages } from '@baobei/shared/messages';
import type { EChartsType } from 'echarts/core';
import { useEffect, useRef, useState } from 'react';
import { StateBlock } from '../../../components/state-block';
import type { ChartOption } from '../chart-options';
import styles from './statistics.module.css';

const loadEcharts = () => import('../echarts-setup');

/**
 * One ECharts chart. ECharts loads on first use (its own chunk), the chart follows its box's
 * size, and a failed load offers tap-to-retry; the numbers it draws are in the tables too.
 */
export function EChart({ option, height, label, testId }: { option: ChartOption; height: number; label: string; testId: string }) {
  const box = useRef<HTMLDivElement>(null);
  const [chart, setChart] = useState<EChartsType | null>(null);
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let gone = false;
    let instance: EChartsType | undefined;
    let observer: ResizeObserver | undefined;
    loadEcharts().then(
      ({ echarts }) => {
        if (gone || !box.current) return;
        instance = echarts.init(box.current);
        observer = new ResizeObserver(() => instance?.resize());
        observer.observe(box.current);
        setChart(instance);
      },
      (error: unknown) => {
        console.error(error);
        if (!gone) setFailed(true);
      },
    );
    return () => {
      gone = true;
      observer?.disconnect();
      instance?.dispose();
    };
  }, [attempt]);

  useEffect(() => {
    if (chart && !chart.isDisposed()) chart.setOption(option, { notMerge: true });
  }, [chart, option]);

  if (failed) {
    return (
      <StateBlock
        kind="error"
        title={messages.statistics.chartFailed}
        onRetry={() => {
          setFailed(false);
          setAttempt((n) => n + 1);
        }}
        testId={`${testId}-failed`}
      />
    );
  }
  return <div ref={box} className={styles.chart} style={{ height }} role="img" aria-label={label} data-testid={testId} data-ready={chart ? 'true' : 'false'} />;
}
