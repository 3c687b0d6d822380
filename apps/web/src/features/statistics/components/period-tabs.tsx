import { STATISTICS_DATE_OPTIONS } from '@baobei/shared/rules/statistics';
import { Tabs } from 'antd-mobile';
import listPage from '../../../components/list-page.module.css';
import styles from './statistics.module.css';

/** The presets 0..8 of DECISIONS.md as tabs (they scroll sideways on a phone). */
export function PeriodTabs({ value, onChange }: { value: number; onChange: (dateType: number) => void }) {
  return (
    <div className={listPage.bar}>
      <Tabs className={styles.periodTabs} activeKey={String(value)} onChange={(key) => onChange(Number(key))} data-testid="statistics-period">
        {STATISTICS_DATE_OPTIONS.map((o) => (
          <Tabs.Tab key={String(o.value)} title={o.text} />
        ))}
      </Tabs>
    </div>
  );
}
