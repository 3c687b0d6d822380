import { useLayoutEffect } from 'react';

/**
 * The first screen the server draws over the app before any script runs (decision 033, third
 * pass; apps/server/src/plugins/first-screen.ts): a fixed, presentational layer over `#root`.
 * React renders beneath it; the page it was drawn for removes it once that page shows its own
 * content (so the swap shows the same picture at the same place), any other screen at once.
 */

const FIRST_SCREEN_ID = 'first-screen';

function layer(): HTMLElement | null {
  return typeof document === 'undefined' ? null : document.getElementById(FIRST_SCREEN_ID);
}

/** The route the first screen was drawn for, or null when there is none (any more). */
export function firstScreenRoute(): string | null {
  return layer()?.dataset.route ?? null;
}

/** The city the first screen shows (home), or null. */
export function firstScreenCity(): number | null {
  const city = layer()?.dataset.city;
  return city ? Number(city) : null;
}

/** Removes the first screen; nothing when it is gone already. */
export function removeFirstScreen(): void {
  layer()?.remove();
}

/**
 * Removes the first screen once the page it was drawn for shows its own content (`shown`), in
 * a layout effect: before that frame is painted, so the swap shows the same things in the same
 * places. Each page with a server-drawn first screen calls it (decision 033, fourth pass).
 */
export function useRemoveFirstScreen(shown: boolean): void {
  useLayoutEffect(() => {
    if (shown) removeFirstScreen();
  }, [shown]);
}
