import { isCalendarDay } from '@baobei/shared/schemas/fields';

/** An id the address carries (?distributorId=3): a positive whole number, else none. */
export function idParam(value: string | null): number | undefined {
  return value && /^[1-9]\d*$/.test(value) ? Number(value) : undefined;
}

/** A day the address carries (?dateFrom=2026-12-01): a real calendar day, else none. */
export function dayParam(value: string | null): string | undefined {
  return value && isCalendarDay(value) ? value : undefined;
}
