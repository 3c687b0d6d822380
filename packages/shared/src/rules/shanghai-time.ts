/**
 * Shanghai time, the company's time zone (DECISIONS.md, 'Time zone'): every wall-clock text,
 * calendar day and day boundary of the product is Asia/Shanghai.
 *
 * China has kept UTC+8 all year since 1991 (no daylight saving), so a fixed offset is exact:
 * shifting an instant by eight hours and reading its UTC fields gives the Shanghai wall clock,
 * whatever the zone of the device or server that runs the code.
 */
export const SHANGHAI_TIME_ZONE = 'Asia/Shanghai';
export const SHANGHAI_OFFSET_MS = 8 * 60 * 60 * 1000;

/** Shanghai wall-clock fields of an instant; `month` counts from 0 and `weekday` from Sunday (0), as in Date. */
export interface ShanghaiWallClock {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  weekday: number;
}

export function shanghaiWallClock(instant: Date): ShanghaiWallClock {
  const shifted = new Date(instant.getTime() + SHANGHAI_OFFSET_MS);
  return {
    year: shifted.getUTCFullYear(),
    month: shifted.getUTCMonth(),
    day: shifted.getUTCDate(),
    hour: shifted.getUTCHours(),
    minute: shifted.getUTCMinutes(),
    weekday: shifted.getUTCDay(),
  };
}

/** The instant of a Shanghai wall-clock time (month from 0; fields may overflow, as in Date.UTC). */
export function shanghaiInstant(year: number, month: number, day: number, hour = 0, minute = 0): Date {
  return new Date(Date.UTC(year, month, day, hour, minute) - SHANGHAI_OFFSET_MS);
}

/** The hour of the day (0-23) of an instant in Shanghai. */
export function shanghaiHour(instant: Date): number {
  return shanghaiWallClock(instant).hour;
}

/** An instant as 'YYYY-MM-DD HH:mm' in Shanghai. */
export function formatShanghaiMinute(instant: Date): string {
  return new Date(instant.getTime() + SHANGHAI_OFFSET_MS).toISOString().slice(0, 16).replace('T', ' ');
}

/** An instant as 'YYYY-MM-DD HH:mm:ss' in Shanghai (the console's logs and inboxes). */
export function formatShanghaiSecond(instant: Date): string {
  return new Date(instant.getTime() + SHANGHAI_OFFSET_MS).toISOString().slice(0, 19).replace('T', ' ');
}

/** The Shanghai calendar day of an instant as 'YYYY-MM-DD'. */
export function shanghaiDay(instant: Date): string {
  return formatShanghaiMinute(instant).slice(0, 10);
}

const MINUTE_PATTERN = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2})$/;

/** 'YYYY-MM-DD HH:mm' in Shanghai to an instant; null when malformed or not a real date. */
export function parseShanghaiMinute(text: string): Date | null {
  const m = MINUTE_PATTERN.exec(text);
  if (!m) return null;
  const [y, mo, d, h, mi] = m.slice(1).map(Number) as [number, number, number, number, number];
  const at = shanghaiInstant(y, mo - 1, d, h, mi);
  return formatShanghaiMinute(at) === text ? at : null;
}
