import type { CityOption, CurrentCity } from '../../lib/city-choice';
import { GeolocationError } from '../../lib/geolocation';

/**
 * Part 1, section 4, City: "Without a stored city the app tries geolocation once per
 * session and asks the user to confirm the located city. If that is declined it asks the
 * user to choose another city. Finally it falls back to the default city Haikou."
 *
 * The fallback needs no step here: with nothing stored the app shows the default city
 * (lib/city-choice.ts). A browser without geolocation falls back silently; a refused
 * permission and any other failure show the spec's 'locate failed, please choose the city
 * manually' (docs/decisions/009).
 */
export type LocateOutcome = 'chosen-meanwhile' | 'same-city' | 'switched' | 'declined' | 'unsupported' | 'denied' | 'failed';

export interface LocateDeps {
  position(): Promise<{ latitude: number; longitude: number }>;
  locate(position: { latitude: number; longitude: number }): Promise<CityOption>;
  /** Read at each step: the user may pick a city on /select/city while locating runs. */
  storedCity(): CurrentCity | null;
  /** The city on screen now (the default while nothing is stored). */
  shownCity(): CityOption | null;
  confirmSwitch(city: CityOption): Promise<boolean>;
  choose(city: CityOption): Promise<void>;
  chooseOther(): void;
  locateFailed(): Promise<void>;
}

export async function runLocateFlow(deps: LocateDeps): Promise<LocateOutcome> {
  let located: CityOption;
  try {
    located = await deps.locate(await deps.position());
  } catch (error) {
    if (deps.storedCity()) return 'chosen-meanwhile';
    if (error instanceof GeolocationError && error.reason === 'unsupported') return 'unsupported';
    await deps.locateFailed();
    return error instanceof GeolocationError && error.reason === 'denied' ? 'denied' : 'failed';
  }
  if (deps.storedCity()) return 'chosen-meanwhile';
  // Already showing that city: keep it as the user's city without asking to "switch" to it.
  if (deps.shownCity()?.value === located.value) {
    await deps.choose(located);
    return 'same-city';
  }
  if (await deps.confirmSwitch(located)) {
    if (deps.storedCity()) return 'chosen-meanwhile';
    await deps.choose(located);
    return 'switched';
  }
  deps.chooseOther();
  return 'declined';
}

const ATTEMPT_KEY = 'baobei:locateTried';
let attemptedInMemory = false;

/** True the first time in this browser session (tab), false afterwards ("once per session"). */
export function claimLocateAttempt(storage: Pick<Storage, 'getItem' | 'setItem'> | null = sessionStorageOrNull()): boolean {
  if (attemptedInMemory) return false;
  attemptedInMemory = true;
  if (!storage) return true;
  try {
    if (storage.getItem(ATTEMPT_KEY)) return false;
    storage.setItem(ATTEMPT_KEY, '1');
  } catch {
    // Storage refused (private mode): this page load is the session.
  }
  return true;
}

/** For tests: forget the in-memory attempt. */
export function resetLocateAttemptForTests(): void {
  attemptedInMemory = false;
}

function sessionStorageOrNull(): Storage | null {
  try {
    return globalThis.sessionStorage ?? null;
  } catch {
    return null;
  }
}
