/**
 * Call-back requests: when agents are away, the visitor picks a time for a licensed agent to
 * call them instead of a call button nobody answers. The times offered and the times accepted
 * follow the same working hours and closures as the call copy (./working-hours.ts), so a
 * call-back is never booked on a holiday, at night, or in the past.
 */
import { isWorkingHours } from './working-hours';

/** Offered every half hour. */
export const CALLBACK_STEP_MS = 30 * 60_000;
/** Not sooner than this from now: an agent needs the time to see the request. */
export const CALLBACK_LEAD_MS = 15 * 60_000;
/** Not later than this from now. */
export const CALLBACK_HORIZON_MS = 7 * 24 * 3_600_000;
/** How many times the picker offers. */
export const CALLBACK_OFFERED = 12;

export type CallbackRefusal = 'past' | 'too_soon' | 'too_far' | 'outside_hours';

/**
 * The next staffed half hours, at least CALLBACK_LEAD_MS from `now`, up to `count` of them.
 * The half hour before closing is the last one (its start is within hours).
 */
export function callbackTimes(now: Date, closed: readonly string[], count = CALLBACK_OFFERED): Date[] {
  const times: Date[] = [];
  const first = Math.ceil((now.getTime() + CALLBACK_LEAD_MS) / CALLBACK_STEP_MS) * CALLBACK_STEP_MS;
  for (let at = first; times.length < count && at <= now.getTime() + CALLBACK_HORIZON_MS; at += CALLBACK_STEP_MS) {
    if (isWorkingHours(new Date(at), null, closed)) times.push(new Date(at));
  }
  return times;
}

/** Why `at` cannot be booked at `now`, or null when it can. */
export function callbackRefusal(at: Date, now: Date, closed: readonly string[]): CallbackRefusal | null {
  const wait = at.getTime() - now.getTime();
  if (wait <= 0) return 'past';
  if (wait < CALLBACK_LEAD_MS) return 'too_soon';
  if (wait > CALLBACK_HORIZON_MS) return 'too_far';
  if (!isWorkingHours(at, null, closed)) return 'outside_hours';
  return null;
}
