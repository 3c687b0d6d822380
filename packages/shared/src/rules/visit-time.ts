/**
 * DECISIONS.md, 'Visit-time picker maximum' and 'Time zone': the report form offers from now
 * plus the listings' lead time to now plus 180 days, as 'YYYY-MM-DD HH:mm' wall-clock time in
 * Asia/Shanghai (rules/shanghai-time.ts reads and writes those texts).
 */
export const VISIT_TIME_MAX_DAYS = 180;
/** A minute of slack: the picker's earliest minute may pass while the user fills the form. */
export const VISIT_TIME_GRACE_MS = 5 * 60 * 1000;

/** The window of the report form: [now + lead minutes, now + 180 days]. */
export function visitTimeWindow(now: Date, leadMinutes: number): { earliest: Date; latest: Date } {
  return {
    earliest: new Date(now.getTime() + leadMinutes * 60_000),
    latest: new Date(now.getTime() + VISIT_TIME_MAX_DAYS * 24 * 60 * 60_000),
  };
}

/** True when the chosen minute lies inside the window (the earliest minute itself included). */
export function isVisitTimeAllowed(visit: Date, window: { earliest: Date; latest: Date }): boolean {
  return visit.getTime() >= window.earliest.getTime() - VISIT_TIME_GRACE_MS && visit.getTime() <= window.latest.getTime();
}
