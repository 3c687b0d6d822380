import type { CityGroup, CityOption } from '../../../lib/city-choice';
import styles from './city-groups.module.css';

/** All cities grouped by parent; the current one highlighted. */
export function CityGroups({
  groups,
  currentValue,
  onPick,
}: {
  groups: CityGroup[];
  currentValue: number | null;
  onPick: (city: CityOption) => void;
}) {
  return (
    <div data-testid="city-groups">
      {groups.map((group) => (
        <section key={group.key} className={styles.group}>
          <h3 className={styles.title}>{group.title}</h3>
          <div className={styles.grid}>
            {group.cities.map((city) => {
              const active = city.value === currentValue;
              return (
                <button
                  key={city.value}
                  type="button"
                  className={`${styles.city} ${active ? styles.active : ''}`}
                  aria-pressed={active}
                  onClick={() => onPick(city)}
                  data-testid="city-option"
                >
                  {city.text}
                </button>
              );
            })}
          </div>
        </section>
      ))}
    </div>
  );
}
