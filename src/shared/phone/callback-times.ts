/**
 * Call-back requests: when agents are away, the visitor picks a time for a licensed agent to
 * call them instead of a call button nobody answers. The times offered and the times accepted
 * follow the same working hours and closures as the call copy (./working-hours.ts), so a
 * call-back is never booked on a holiday, at night, or in the past.
 */
import { isWorkingHours, WORKING_HOURS_TIME_ZONE } from './working-hours';

/**
 * The visitor's own waking hours, in their zone: a call-back starts at 8:00 at the earliest and
 * its half hour ends by 21:00. The brand's hours are Pacific, so without this a visitor in
 * Hawaii was offered 3:00 AM and one in New York 8:00 PM on a Saturday's edge; the window is
 * the one the TCPA rule sets for telephone solicitations (47 CFR 64.1200(c)(1): not before
 * 8 a.m. or after 9 p.m. local time at the called party's location).
 * docs/decisions/0287-call-back-in-the-visitors-waking-hours.md
 */
export const CALLBACK_LOCAL_FROM_MINUTES = 8 * 60;
export const CALLBACK_LOCAL_UNTIL_MINUTES = 21 * 60;

const localFormats = new Map<string, Intl.DateTimeFormat>();

/** Minutes since local midnight in `timeZone`. */
export function localMinutes(at: Date, timeZone: string): number {
  let format = localFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', { timeZone, hourCycle: 'h23', hour: '2-digit', minute: '2-digit' });
    if (localFormats.size > 64) localFormats.clear();
    localFormats.set(timeZone, format);
  }
  const parts: Record<string, string> = {};
  for (const part of format.formatToParts(at)) parts[part.type] = part.value;
  return (Number(parts.hour) % 24) * 60 + Number(parts.minute);
}

/** Whether a call-back starting at `at` falls wholly inside the visitor's waking hours. */
export function withinWakingHours(at: Date, timeZone: string): boolean {
  const minutes = localMinutes(at, timeZone);
  return minutes >= CALLBACK_LOCAL_FROM_MINUTES && minutes + CALLBACK_STEP_MS / 60_000 <= CALLBACK_LOCAL_UNTIL_MINUTES;
}

/** Offered every half hour. */
export const CALLBACK_STEP_MS = 30 * 60_000;
/** Not sooner than this from now: an agent needs the time to see the request. */
export const CALLBACK_LEAD_MS = 15 * 60_000;
/** Not later than this from now. */
export const CALLBACK_HORIZON_MS = 7 * 24 * 3_600_000;
/** How many times the picker offers. */
export const CALLBACK_OFFERED = 12;

/** `visitor_night`: inside the agents' hours, but too early or too late where the visitor is. */
export type CallbackRefusal = 'past' | 'too_soon' | 'too_far' | 'outside_hours' | 'visitor_night';

/**
 * The next staffed half hours inside the visitor's waking hours (`timeZone`, theirs), at least
 * CALLBACK_LEAD_MS from `now`, up to `count` of them. The half hour before closing is the last
 * one (its start is within hours).
 */
export function callbackTimes(
  now: Date,
  closed: readonly string[],
  count = CALLBACK_OFFERED,
  timeZone: string = WORKING_HOURS_TIME_ZONE,
): Date[] {
  const times: Date[] = [];
  const first = Math.ceil((now.getTime() + CALLBACK_LEAD_MS) / CALLBACK_STEP_MS) * CALLBACK_STEP_MS;
  for (let at = first; times.length < count && at <= now.getTime() + CALLBACK_HORIZON_MS; at += CALLBACK_STEP_MS) {
    if (isWorkingHours(new Date(at), null, closed) && withinWakingHours(new Date(at), timeZone))
      times.push(new Date(at));
  }
  return times;
}

/** Why `at` cannot be booked at `now`, or null when it can. */
export function callbackRefusal(
  at: Date,
  now: Date,
  closed: readonly string[],
  timeZone: string = WORKING_HOURS_TIME_ZONE,
): CallbackRefusal | null {
  const wait = at.getTime() - now.getTime();
  if (wait <= 0) return 'past';
  if (wait < CALLBACK_LEAD_MS) return 'too_soon';
  if (wait > CALLBACK_HORIZON_MS) return 'too_far';
  if (!isWorkingHours(at, null, closed)) return 'outside_hours';
  if (!withinWakingHours(at, timeZone)) return 'visitor_night';
  return null;
}
