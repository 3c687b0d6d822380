import { messages } from '@baobei/shared/messages';
import { Toast } from 'antd-mobile';
import { useEffect } from 'react';
import { Dialog } from '../../components/lazy-overlays';
import { chooseCurrentCity, useCurrentCityStore } from '../../lib/current-city';
import { formatMessage } from '../../lib/format-message';
import { currentPosition } from '../../lib/geolocation';
import { navigateTo } from '../../lib/navigation';
import { effectiveCity, validStoredCity } from '../../lib/city-choice';
import { useSessionStore } from '../../lib/session/session-store';
import { getCityByLocation } from './api/get-city-by-location';
import { claimLocateAttempt, runLocateFlow } from './locate-city';

const SELECT_CITY_PATH = '/select/city';

function cityList() {
  return useSessionStore.getState().config?.checkCityList ?? [];
}

function storedCity() {
  return validStoredCity(useCurrentCityStore.getState().city, cityList());
}

/**
 * Runs the locating flow (locate-city.ts) from the home index tab, once per session, when
 * no city is stored. It is not tied to the tab's lifetime: a dialog may still open after
 * the user moved on, since the question stays meaningful on any page.
 */
export function useLocateCity(input: { cityLoaded: boolean; hasStoredCity: boolean }): void {
  const sessionReady = useSessionStore((s) => s.ready);
  const { cityLoaded, hasStoredCity } = input;

  useEffect(() => {
    if (!cityLoaded || !sessionReady || hasStoredCity) return;
    if (!claimLocateAttempt()) return;
    void runLocateFlow({
      position: () => currentPosition(),
      locate: getCityByLocation,
      storedCity,
      shownCity: () => effectiveCity(storedCity(), cityList()),
      confirmSwitch: (city) =>
        Dialog.confirm({
          'aria-label': messages.index.locateConfirmTitle,
          title: messages.index.locateConfirmTitle,
          content: formatMessage(messages.index.locateConfirm, { city: city.text }),
          confirmText: messages.index.locateSwitch,
          cancelText: messages.index.locateStay,
        }),
      choose: (city) => chooseCurrentCity(city),
      chooseOther: () => {
        Toast.show({ content: messages.index.chooseOtherCity });
        navigateTo(SELECT_CITY_PATH);
      },
      locateFailed: async () => {
        const choose = await Dialog.confirm({
          'aria-label': messages.index.locateFailed,
          content: messages.index.locateFailed,
          confirmText: messages.index.goChooseCity,
          cancelText: messages.common.cancel,
        });
        if (choose) navigateTo(SELECT_CITY_PATH);
      },
    }).catch((error: unknown) => console.error(error));
  }, [cityLoaded, sessionReady, hasStoredCity]);
}
