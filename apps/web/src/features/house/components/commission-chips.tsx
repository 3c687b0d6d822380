import { messages } from '@baobei/shared/messages';
import type { HouseListFilters } from '@baobei/shared/schemas/house';
import { ToggleChip } from '../../../components/toggle-chip';
import styles from './commission-chips.module.css';

const listText = messages.houseList;

/** 高佣 and 有激励 (decision 090): toggles under the filters, for a signed-in user. */
export function CommissionChips({ filters, onChange }: { filters: HouseListFilters; onChange: (patch: Partial<HouseListFilters>) => void }) {
  const chips = [
    { key: 'highCommission', text: listText.highCommission, on: filters.highCommission === '1' },
    { key: 'incentive', text: listText.incentive, on: filters.incentive === '1' },
  ] as const;
  return (
    <div className={styles.chips} data-testid="house-commission-chips">
      {chips.map((chip) => (
        <ToggleChip key={chip.key} on={chip.on} onClick={() => onChange({ [chip.key]: chip.on ? '' : '1' })} testId={`house-chip-${chip.key}`}>
          {chip.text}
        </ToggleChip>
      ))}
    </div>
  );
}
