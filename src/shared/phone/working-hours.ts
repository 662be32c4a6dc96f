import { formatInTimeZone } from 'date-fns-tz';

/**
 * Spec section 4: the working-hours flag, in Pacific time. Live agents answer Monday to
 * Friday 05:00 to before 17:00 and Saturday 06:00 to before 15:00, except that affiliate
 * traffic (utm_medium=aff) is not staffed on Saturday. Closed on 2025-09-01 (Labor Day).
 * Formatting in the zone (not the host's clock) keeps the answer the same in workerd (UTC)
 * and in any visitor's browser.
 */
export const WORKING_HOURS_TIME_ZONE = 'America/Los_Angeles';
export const CLOSED_DATES: readonly string[] = ['2025-09-01'];

export function isWorkingHours(now: Date, utmMedium?: string | null): boolean {
  // ISO day of week (1 = Monday … 7 = Sunday), the date and the minutes since midnight, all in Pacific time.
  const [day, date, hh, mm] = formatInTimeZone(now, WORKING_HOURS_TIME_ZONE, 'i|yyyy-MM-dd|HH|mm').split('|');
  if (date === undefined || CLOSED_DATES.includes(date)) return false;
  const minutes = Number(hh) * 60 + Number(mm);
  const weekday = Number(day);
  if (weekday >= 1 && weekday <= 5) return minutes >= 5 * 60 && minutes < 17 * 60;
  if (weekday === 6) return utmMedium !== 'aff' && minutes >= 6 * 60 && minutes < 15 * 60;
  return false;
}
