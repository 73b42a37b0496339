/**
 * The Hong Kong business calendar: the one place that knows Hong Kong's weekends and general
 * holidays, for every rule of the spec counted in Hong Kong business days or hours (account
 * cancellation review, fiat next-business-day sends, the crypto withdrawal batch window).
 *
 * Hong Kong has no daylight saving time: local time is always UTC+8.
 * A business day is Monday to Friday, not a general holiday. Saturdays count as holidays
 * (banks treat them as non-business days for transfers).
 */

export const HK_UTC_OFFSET_MS = 8 * 3600_000;
const DAY_MS = 86_400_000;

/**
 * Hong Kong general holidays (gazetted), as local dates. Extend this list each year when the
 * government publishes the next year's (usually in the middle of the year before); a date past
 * the list's last year is treated as a business day if it is a weekday, which
 * `HK_HOLIDAYS_KNOWN_UNTIL` lets callers detect.
 */
export const HK_HOLIDAYS: readonly string[] = [
  // 2025
  '2025-01-01',
  '2025-01-29',
  '2025-01-30',
  '2025-01-31',
  '2025-04-04',
  '2025-04-18',
  '2025-04-19',
  '2025-04-21',
  '2025-05-01',
  '2025-05-05',
  '2025-05-31',
  '2025-07-01',
  '2025-10-01',
  '2025-10-07',
  '2025-10-29',
  '2025-12-25',
  '2025-12-26',
  // 2026
  '2026-01-01',
  '2026-02-17',
  '2026-02-18',
  '2026-02-19',
  '2026-04-03',
  '2026-04-04',
  '2026-04-06',
  '2026-04-07',
  '2026-05-01',
  '2026-05-25',
  '2026-06-19',
  '2026-07-01',
  '2026-09-26',
  '2026-10-01',
  '2026-10-19',
  '2026-12-25',
  '2026-12-26',
  // 2027 (from the lunar calendar and the substitution rules; check against the gazette)
  '2027-01-01',
  '2027-02-06',
  '2027-02-08',
  '2027-02-09',
  '2027-03-26',
  '2027-03-27',
  '2027-03-29',
  '2027-04-05',
  '2027-05-01',
  '2027-05-13',
  '2027-06-09',
  '2027-07-01',
  '2027-09-16',
  '2027-10-01',
  '2027-10-08',
  '2027-12-25',
  '2027-12-27',
];
export const HK_HOLIDAYS_KNOWN_UNTIL = '2027-12-31';

const holidays = new Set(HK_HOLIDAYS);

/** The Hong Kong local date of an instant, as YYYY-MM-DD. */
export function hkDate(at: Date | number): string {
  return new Date(new Date(at).getTime() + HK_UTC_OFFSET_MS).toISOString().slice(0, 10);
}

/** Whether a Hong Kong local date (YYYY-MM-DD) is a business day. */
export function isHkBusinessDate(date: string): boolean {
  const weekday = new Date(`${date}T00:00:00Z`).getUTCDay();
  if (weekday === 0 || weekday === 6) return false;
  return !holidays.has(date);
}

export function isHkBusinessDay(at: Date | number): boolean {
  return isHkBusinessDate(hkDate(at));
}

/** The instant of a Hong Kong local date at a local time of day (hours, minutes). */
export function hkInstant(date: string, hour = 0, minute = 0): Date {
  return new Date(
    Date.parse(`${date}T00:00:00Z`) - HK_UTC_OFFSET_MS + (hour * 60 + minute) * 60_000,
  );
}

/**
 * The `n`-th Hong Kong business day after the local date of `from` (the day itself never
 * counts, so a request on a Friday evening or a holiday starts counting at the next business
 * day), as a local date.
 */
export function addHkBusinessDays(from: Date | number, n: number): string {
  let day = Date.parse(`${hkDate(from)}T00:00:00Z`);
  let counted = 0;
  while (counted < n) {
    day += DAY_MS;
    if (isHkBusinessDate(new Date(day).toISOString().slice(0, 10))) counted += 1;
  }
  return new Date(day).toISOString().slice(0, 10);
}

/** The next business day's start (00:00 Hong Kong) after `from`, or `from` itself if it is one. */
export function nextHkBusinessDayStart(from: Date | number): Date {
  if (isHkBusinessDay(from)) return new Date(from);
  return hkInstant(addHkBusinessDays(from, 1));
}
