import { useCallback, useEffect, useState } from 'react';

/** Whole seconds left until `endsAt` (epoch ms), rounded up; 0 when over or never started. */
export function secondsLeft(endsAt: number | null, now: number): number {
  if (endsAt === null) return 0;
  return Math.max(0, Math.ceil((endsAt - now) / 1000));
}

/**
 * A countdown measured against the clock rather than by counting ticks, so it stays right
 * when the phone sleeps or the tab is in the background. `started` stays true after the
 * end, for "re-get" wording (part 1, section 4: code login).
 */
export function useCountdown(): { seconds: number; started: boolean; start: (seconds: number) => void } {
  const [endsAt, setEndsAt] = useState<number | null>(null);
  const [now, setNow] = useState(() => Date.now());

  useEffect(() => {
    if (endsAt === null || secondsLeft(endsAt, now) === 0) return;
    const timer = window.setTimeout(() => setNow(Date.now()), 250);
    return () => window.clearTimeout(timer);
  }, [endsAt, now]);

  const start = useCallback((seconds: number) => {
    const t = Date.now();
    setNow(t);
    setEndsAt(t + seconds * 1000);
  }, []);

  return { seconds: secondsLeft(endsAt, now), started: endsAt !== null, start };
}
