import { useEffect, useMemo } from 'react';
import { effectiveCity, validStoredCity, type CityOption, type CurrentCity } from './city-choice';
import { loadCurrentCity, useCurrentCityStore } from './current-city';
import { useSessionStore } from './session/session-store';

const NO_CITIES: CityOption[] = [];

export interface CurrentCityView {
  /** The stored value has been read; before that no city is decided. */
  loaded: boolean;
  /** The user's own choice, when it is still one of the company's cities. */
  stored: CurrentCity | null;
  /** What the app shows: the stored choice, else the default city (Haikou). */
  city: CityOption | null;
  /** The company's choosable cities (the session's checkCityList). */
  cities: CityOption[];
}

/** The current city for any page; reads the stored value on first use. */
export function useCurrentCity(): CurrentCityView {
  const loaded = useCurrentCityStore((s) => s.loaded);
  const raw = useCurrentCityStore((s) => s.city);
  const cities = useSessionStore((s) => s.config?.checkCityList ?? NO_CITIES);

  useEffect(() => {
    if (!loaded) void loadCurrentCity();
  }, [loaded]);

  return useMemo(() => {
    const stored = validStoredCity(raw, cities);
    return { loaded, stored, city: loaded ? effectiveCity(stored, cities) : null, cities };
  }, [loaded, raw, cities]);
}
