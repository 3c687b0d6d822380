/**
 * DECISIONS.md, 'Visit-time picker maximum' and 'Time zone': the report form offers from now
 * plus the listings' lead time to now plus 180 days, as 'YYYY-MM-DD HH:mm' wall-clock time in
 * Asia/Shanghai. Shanghai keeps UTC+8 all year (no daylight saving), so a fixed offset is exact.
 */
export const SHANGHAI_OFFSET_MS = 8 * 60 * 60 * 1000;
export const VISIT_TIME_MAX_DAYS = 180;
/** A minute of slack: the picker's earliest minute may pass while the user fills the form. */
export const VISIT_TIME_GRACE_MS = 5 * 60 * 1000;

const PATTERN = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2})$/;

/** 'YYYY-MM-DD HH:mm' in Shanghai to an instant; null when malformed or not a real date. */
export function parseShanghaiMinute(text: string): Date | null {
  const m = PATTERN.exec(text);
  if (!m) return null;
  const [y, mo, d, h, mi] = m.slice(1).map(Number) as [number, number, number, number, number];
  const at = new Date(Date.UTC(y, mo - 1, d, h, mi) - SHANGHAI_OFFSET_MS);
  return formatShanghaiMinute(at) === text ? at : null;
}

/** An instant as 'YYYY-MM-DD HH:mm' in Shanghai. */
export function formatShanghaiMinute(at: Date): string {
  return new Date(at.getTime() + SHANGHAI_OFFSET_MS).toISOString().slice(0, 16).replace('T', ' ');
}

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
