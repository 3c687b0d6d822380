import { create } from 'zustand';
import { parseStoredCity, type CityOption, type CurrentCity } from './city-choice';
import { secureStorage, STORAGE_KEYS } from './secure-storage';

/**
 * The current city (part 1, section 4): chosen on /select/city or confirmed after locating,
 * stored encrypted with the moment it was chosen. Every feature reads it from here; the
 * fallback to the default city is computed (city-choice.ts), never stored, so a later
 * session still tries to locate.
 */
interface CurrentCityState {
  /** The stored value has been read (until then no page should decide on a city). */
  loaded: boolean;
  city: CurrentCity | null;
}

export const useCurrentCityStore = create<CurrentCityState>()(() => ({ loaded: false, city: null }));

let loading: Promise<void> | null = null;

/** Reads the stored city once per page load; later calls share the first read. */
export function loadCurrentCity(): Promise<void> {
  loading ??= secureStorage.get<unknown>(STORAGE_KEYS.currentCity).then(
    (raw) => {
      // A choice made while the read was pending wins over the stored value.
      if (!useCurrentCityStore.getState().loaded) useCurrentCityStore.setState({ loaded: true, city: parseStoredCity(raw) });
    },
    () => useCurrentCityStore.setState({ loaded: true }),
  );
  return loading;
}

/** Chooses and stores the current city, stamped with now. */
export function chooseCurrentCity(city: CityOption, now = Date.now()): Promise<void> {
  const stored: CurrentCity = { text: city.text, value: city.value, pid: city.pid, time: now };
  useCurrentCityStore.setState({ loaded: true, city: stored });
  return secureStorage.set(STORAGE_KEYS.currentCity, stored);
}
