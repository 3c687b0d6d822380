import { messages } from '@baobei/shared/messages';
import { DotLoading, Dropdown, Toast, type DropdownRef } from 'antd-mobile';
import { useRef, useState } from 'react';
import { CalendarPicker } from '../../../components/lazy-overlays';
import type { BrokerOption } from '../api/get-users-select-list';
import { ToggleChip } from '../../../components/toggle-chip';
import {
  CALENDAR_MIN,
  calendarDay,
  CUSTOM_RANGE_CODE,
  dayToCalendarDate,
  TIME_OPTIONS,
  timeTitle,
  type RecordListFilters,
} from '../model/record-list-filters';
import { OptionList } from '../../../components/option-list';
import styles from './record-filter-bar.module.css';

const recordText = messages.recordTrack;

export interface RecordFilterBarProps {
  filters: RecordListFilters;
  onChange: (patch: Partial<RecordListFilters>) => void;
  /** The company list's broker filter; undefined hides it. */
  brokers?: { options: BrokerOption[] | undefined; failed: boolean; onRetry: () => void };
  /** The 待到访 switch (the reporter side's lists, docs/decisions/089); false hides it. */
  awaitingVisit: boolean;
}

/**
 * The time filter (list codes of DECISIONS.md; 自选时间 opens a calendar), for the company list
 * the broker filter, and for the reporter side the 待到访 switch beside them.
 */
export function RecordFilterBar({ filters, onChange, brokers, awaitingVisit }: RecordFilterBarProps) {
  const ref = useRef<DropdownRef>(null);
  const [calendarOpen, setCalendarOpen] = useState(false);
  // Today, read when the calendar opens (a page left open past midnight still ends on today).
  const [today, setToday] = useState(() => new Date());

  const pickTime = (time: number) => {
    ref.current?.close();
    if (time === CUSTOM_RANGE_CODE) {
      setToday(new Date());
      setCalendarOpen(true);
      return;
    }
    onChange({ time, from: '', to: '' });
  };

  const initialRange = (() => {
    const from = dayToCalendarDate(filters.from);
    const to = dayToCalendarDate(filters.to);
    return from && to ? ([from, to] as [Date, Date]) : null;
  })();

  const brokerOptions = [{ value: 0, text: recordText.brokerAll }, ...(brokers?.options ?? []).map((b) => ({ value: b.value, text: b.label }))];
  const brokerTitle = brokerOptions.find((o) => o.value === filters.broker && o.value !== 0)?.text ?? recordText.brokerFilter;

  return (
    <>
      <div className={styles.row}>
        <Dropdown ref={ref} className={styles.dropdown} data-testid="record-filters">
          <Dropdown.Item key="time" title={timeTitle(filters, recordText.timeFilter)} highlight={filters.time !== 0}>
            <OptionList options={TIME_OPTIONS} value={filters.time} onPick={pickTime} testId="filter-time" />
          </Dropdown.Item>
          {brokers ? (
            <Dropdown.Item key="broker" title={brokerTitle} highlight={filters.broker !== 0}>
              {brokers.options ? (
                <OptionList
                  options={brokerOptions}
                  value={filters.broker}
                  onPick={(broker) => {
                    ref.current?.close();
                    onChange({ broker });
                  }}
                  testId="filter-broker"
                />
              ) : brokers.failed ? (
                <button type="button" className={`${styles.state} ${styles.retry}`} onClick={brokers.onRetry}>
                  {recordText.brokerListFailed}
                </button>
              ) : (
                <div className={styles.state}>
                  <DotLoading />
                </div>
              )}
            </Dropdown.Item>
          ) : null}
        </Dropdown>
        {awaitingVisit && (
          <ToggleChip
            on={filters.awaitingVisit}
            className={styles.chip}
            onClick={() => onChange({ awaitingVisit: !filters.awaitingVisit })}
            testId="filter-awaiting-visit"
          >
            {recordText.awaitingVisit}
          </ToggleChip>
        )}
      </div>
      <CalendarPicker
        visible={calendarOpen}
        selectionMode="range"
        title={recordText.customRangeTitle}
        min={CALENDAR_MIN}
        max={today}
        defaultValue={initialRange}
        weekStartsOn="Monday"
        onClose={() => setCalendarOpen(false)}
        onConfirm={(range: [Date, Date] | null) => {
          if (!range) {
            Toast.show({ content: recordText.customRangeIncomplete });
            return;
          }
          onChange({ time: CUSTOM_RANGE_CODE, from: calendarDay(range[0]), to: calendarDay(range[1]) });
        }}
      />
    </>
  );
}
