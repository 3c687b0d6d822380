import { messages } from '@baobei/shared/messages';
import { arrivalSearchOf } from '@baobei/shared/rules/arrival-search';
import { VISIT_TIME_MAX_DAYS } from '@baobei/shared/rules/visit-time';
import { shanghaiDay } from '@baobei/shared/rules/shanghai-time';
import type { ExternalSearch } from '@baobei/shared/schemas/record-tracking';
import { useState } from 'react';
import { DatePicker } from '../../../components/lazy-overlays';
import { KeywordSearchBar } from '../../../components/keyword-search-bar';
import { pickerLabel, pickerToText, shanghaiToPicker } from '../../../lib/audit-visit-time';
import { RECORD_SEARCH_DEBOUNCE_MS } from '../model/record-list-filters';
import styles from './arrival-search-bar.module.css';
import { ToggleChip } from '../../../components/toggle-chip';

const recordText = messages.recordTrack;
const DAY_MS = 24 * 3_600_000;

export interface ArrivalSearchBarProps {
  search: ExternalSearch;
  onChange: (search: ExternalSearch) => void;
}

/**
 * The 案场 list's search (issue 32, item 6; docs/decisions/089): a customer's name or the phone's
 * last four digits (the shared arrivalSearchOf; other digits get its hint and search nothing),
 * and the day of the expected visit: 全部日期, 今天, 明天 or a day picked.
 */
export function ArrivalSearchBar({ search, onChange }: ArrivalSearchBarProps) {
  const [problem, setProblem] = useState<string | null>(null);
  const now = new Date();
  const today = shanghaiDay(now);
  const tomorrow = shanghaiDay(new Date(now.getTime() + DAY_MS));
  const picked = search.visitDay !== '' && search.visitDay !== today && search.visitDay !== tomorrow;

  const typed = (keyword: string) => {
    const read = arrivalSearchOf(keyword);
    setProblem('problem' in read ? read.problem : null);
    if (!('problem' in read)) onChange({ ...search, keyword });
  };

  const pickDay = async () => {
    const at = await DatePicker.prompt({
      title: recordText.arrivalDayFilter,
      precision: 'day',
      min: shanghaiToPicker(new Date(now.getTime() - 365 * DAY_MS)),
      max: shanghaiToPicker(new Date(now.getTime() + VISIT_TIME_MAX_DAYS * DAY_MS)),
      defaultValue: shanghaiToPicker(now),
      renderLabel: pickerLabel,
      confirmText: messages.common.confirm,
      cancelText: messages.common.cancel,
    });
    if (at) onChange({ ...search, visitDay: pickerToText(at).slice(0, 10) });
  };

  const chip = (label: string, on: boolean, onClick: () => void, testId: string) => (
    <ToggleChip on={on} onClick={onClick} testId={testId}>
      {label}
    </ToggleChip>
  );

  return (
    <div className={styles.bar}>
      <KeywordSearchBar
        keyword={search.keyword}
        onKeyword={typed}
        delayMs={RECORD_SEARCH_DEBOUNCE_MS}
        placeholder={recordText.arrivalSearchPlaceholder}
        maxLength={20}
        testId="external-search"
      />
      {problem && (
        <p className={styles.problem} role="alert" data-testid="external-search-problem">
          {problem}
        </p>
      )}
      <div className={styles.days} role="group" aria-label={recordText.arrivalDayFilter} data-testid="external-days">
        {chip(recordText.arrivalDayAll, search.visitDay === '', () => onChange({ ...search, visitDay: '' }), 'external-day-all')}
        {chip(recordText.arrivalToday, search.visitDay === today, () => onChange({ ...search, visitDay: today }), 'external-day-today')}
        {chip(recordText.arrivalTomorrow, search.visitDay === tomorrow, () => onChange({ ...search, visitDay: tomorrow }), 'external-day-tomorrow')}
        {chip(picked ? search.visitDay.slice(5) : recordText.arrivalPickDay, picked, () => void pickDay(), 'external-day-pick')}
      </div>
    </div>
  );
}
