import { CheckOutline } from 'antd-mobile-icons';
import styles from './option-list.module.css';

/** A one-choice list of a filter dropdown; the chosen entry is ticked. */
export function OptionList<V extends string | number>({
  options,
  value,
  onPick,
  testId,
}: {
  options: readonly { value: V; text: string }[];
  value: V;
  onPick: (value: V) => void;
  testId: string;
}) {
  return (
    <div className={styles.options} data-testid={testId}>
      {options.map((option) => {
        const active = option.value === value;
        return (
          <button
            key={String(option.value)}
            type="button"
            className={`${styles.option} ${active ? styles.active : ''}`}
            aria-pressed={active}
            onClick={() => onPick(option.value)}
            data-testid="filter-option"
          >
            <span>{option.text}</span>
            {active && <CheckOutline className={styles.check} />}
          </button>
        );
      })}
    </div>
  );
}
