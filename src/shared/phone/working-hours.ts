/**
 * Spec section 4: the working-hours flag, in Pacific time. Live agents answer Monday to
 * Friday 05:00 to before 17:00 and Saturday 06:00 to before 15:00, except that affiliate
 * traffic (utm_medium=aff) is not staffed on Saturday. Closed on 2025-09-01 (Labor Day) and on
 * the brand's closed dates (brands/closures.ts: US federal holidays and the brand's own).
 * Read in the zone with the platform's Intl (not the host's clock, not a library: this runs
 * in the browser too, style.md), so the answer is the same in workerd (UTC) and in any
 * visitor's browser.
 */
import { DEFAULT_CLOSED_DATES } from '../../../brands/closures';

export const WORKING_HOURS_TIME_ZONE = 'America/Los_Angeles';

const WEEKDAYS: Readonly<Record<string, number>> = { Mon: 1, Tue: 2, Wed: 3, Thu: 4, Fri: 5, Sat: 6, Sun: 7 };

let pacificFormat: Intl.DateTimeFormat | undefined;

/** ISO day of week (1 = Monday … 7 = Sunday), the date and the minutes since midnight, in Pacific time. */
export function pacificClock(now: Date): { weekday: number; date: string; minutes: number } {
  pacificFormat ??= new Intl.DateTimeFormat('en-US', {
    timeZone: WORKING_HOURS_TIME_ZONE,
    hourCycle: 'h23',
    weekday: 'short',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
  });
  const parts: Record<string, string> = {};
  for (const part of pacificFormat.formatToParts(now)) parts[part.type] = part.value;
  return {
    weekday: WEEKDAYS[parts.weekday ?? ''] ?? 0,
    date: `${parts.year}-${parts.month}-${parts.day}`,
    minutes: (Number(parts.hour) % 24) * 60 + Number(parts.minute),
  };
}

/** `closed`: the brand's closed dates (closedDatesOf in brands/closures.ts); by default the spec's and the federal holidays. */
export function isWorkingHours(
  now: Date,
  utmMedium?: string | null,
  closed: readonly string[] = DEFAULT_CLOSED_DATES,
): boolean {
  const { weekday, date, minutes } = pacificClock(now);
  if (closed.includes(date)) return false;
  if (weekday >= 1 && weekday <= 5) return minutes >= 5 * 60 && minutes < 17 * 60;
  if (weekday === 6) return utmMedium !== 'aff' && minutes >= 6 * 60 && minutes < 15 * 60;
  return false;
}

const HOUR_MS = 60 * 60 * 1000;

/** nextHoursChange's answers for the current UTC hour, per kind of traffic and closures (milliseconds or null). */
let changeMemo: { hour: number; found: Map<string, number | null> } | undefined;

/** A short key per closed-dates array (brands share one array per calendar: brands/closures.ts). */
const closedKeys = new WeakMap<readonly string[], number>();
let closedKeyCount = 0;
export function closedKey(closed: readonly string[]): number {
  let key = closedKeys.get(closed);
  if (key === undefined) {
    key = closedKeyCount++;
    closedKeys.set(closed, key);
  }
  return key;
}

/**
 * When the flag next changes (agents arrive or leave), or null if not within nine days.
 * Openings and closings fall on whole Pacific hours, and Pacific time is a whole number of
 * hours from UTC, so the change is on a whole UTC hour: at most 216 hourly checks.
 */
export function nextHoursChange(
  now: Date,
  utmMedium?: string | null,
  closed: readonly string[] = DEFAULT_CLOSED_DATES,
): Date | null {
  // The answer is the same for every instant of one UTC hour (the flag only changes on whole
  // hours) and depends on the medium only through 'aff': one search per hour and kind of
  // traffic, not one per page view (up to 216 time-zone conversions a request).
  const hour = Math.floor(now.getTime() / HOUR_MS);
  const key = `${hour}|${utmMedium === 'aff'}|${closedKey(closed)}`;
  if (changeMemo?.hour !== hour) changeMemo = { hour, found: new Map() };
  const known = changeMemo.found.get(key);
  if (known !== undefined) return known === null ? null : new Date(known);
  const open = isWorkingHours(now, utmMedium, closed);
  let at = hour * HOUR_MS + HOUR_MS;
  let change: number | null = null;
  for (let i = 0; i < 9 * 24; i++, at += HOUR_MS) {
    if (isWorkingHours(new Date(at), utmMedium, closed) !== open) {
      change = at;
      break;
    }
  }
  changeMemo.found.set(key, change);
  return change === null ? null : new Date(change);
}
