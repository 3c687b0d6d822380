import { beforeEach, describe, expect, it } from 'vitest';
import type { CityOption, CurrentCity } from '../../lib/city-choice';
import { GeolocationError } from '../../lib/geolocation';
import { claimLocateAttempt, resetLocateAttemptForTests, runLocateFlow, type LocateDeps } from './locate-city';

const HAIKOU: CityOption = { text: '海口', value: 2, pid: 1 };
const SANYA: CityOption = { text: '三亚', value: 3, pid: 1 };

function harness(overrides: Partial<LocateDeps> & { confirm?: boolean } = {}) {
  const calls: string[] = [];
  let stored: CurrentCity | null = null;
  const deps: LocateDeps = {
    position: async () => ({ latitude: 18.25, longitude: 109.5 }),
    locate: async () => SANYA,
    storedCity: () => stored,
    shownCity: () => HAIKOU,
    confirmSwitch: async (city) => {
      calls.push(`confirm:${city.text}`);
      return overrides.confirm ?? true;
    },
    choose: async (city) => {
      calls.push(`choose:${city.text}`);
      stored = { ...city, time: 1 };
    },
    chooseOther: () => void calls.push('chooseOther'),
    locateFailed: async () => void calls.push('failed'),
    ...overrides,
  };
  return { deps, calls, setStored: (c: CurrentCity) => (stored = c) };
}

describe('locating the current city', () => {
  it('asks to switch to the located city and stores it on confirm', async () => {
    const { deps, calls } = harness();
    expect(await runLocateFlow(deps)).toBe('switched');
    expect(calls).toEqual(['confirm:三亚', 'choose:三亚']);
  });

  it('sends the user to choose another city when the switch is declined, storing nothing', async () => {
    const { deps, calls } = harness({ confirm: false });
    expect(await runLocateFlow(deps)).toBe('declined');
    expect(calls).toEqual(['confirm:三亚', 'chooseOther']);
  });

  it('keeps the located city without asking when it is the city on screen', async () => {
    const { deps, calls } = harness({ locate: async () => HAIKOU });
    expect(await runLocateFlow(deps)).toBe('same-city');
    expect(calls).toEqual(['choose:海口']);
  });

  it('falls back silently when the browser has no geolocation', async () => {
    const { deps, calls } = harness({ position: () => Promise.reject(new GeolocationError('unsupported')) });
    expect(await runLocateFlow(deps)).toBe('unsupported');
    expect(calls).toEqual([]);
  });

  it("shows 'locate failed' when the permission is refused", async () => {
    const { deps, calls } = harness({ position: () => Promise.reject(new GeolocationError('denied')) });
    expect(await runLocateFlow(deps)).toBe('denied');
    expect(calls).toEqual(['failed']);
  });

  it("shows 'locate failed' on a timeout or a failed lookup", async () => {
    const timedOut = harness({ position: () => Promise.reject(new GeolocationError('timeout')) });
    expect(await runLocateFlow(timedOut.deps)).toBe('failed');
    expect(timedOut.calls).toEqual(['failed']);
    const lookup = harness({ locate: () => Promise.reject(new Error('500')) });
    expect(await runLocateFlow(lookup.deps)).toBe('failed');
    expect(lookup.calls).toEqual(['failed']);
  });

  it('does nothing more once the user has picked a city meanwhile', async () => {
    const h = harness();
    h.setStored({ ...HAIKOU, time: 5 });
    expect(await runLocateFlow(h.deps)).toBe('chosen-meanwhile');
    expect(h.calls).toEqual([]);
  });
});

describe('once per session', () => {
  beforeEach(() => resetLocateAttemptForTests());

  it('claims the attempt once per session storage', () => {
    const map = new Map<string, string>();
    const storage = { getItem: (k: string) => map.get(k) ?? null, setItem: (k: string, v: string) => void map.set(k, v) };
    expect(claimLocateAttempt(storage)).toBe(true);
    expect(claimLocateAttempt(storage)).toBe(false);
    // A reload in the same tab keeps the session storage.
    resetLocateAttemptForTests();
    expect(claimLocateAttempt(storage)).toBe(false);
    // A new tab starts a new session.
    resetLocateAttemptForTests();
    expect(claimLocateAttempt({ getItem: () => null, setItem: () => undefined })).toBe(true);
  });
});
