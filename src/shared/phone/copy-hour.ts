/**
 * The UTC hour (hours since the epoch) whose call copy a page shows: the copy is the same for
 * every instant of one hour (src/shared/phone/call-hours.ts), so a page rendered in this hour
 * and shown in it needs no new copy. Pages carry it (page context `callHoursHour`); the main
 * script recomputes the copy only in another hour (src/ui/client/call-hours.ts). A module of
 * its own: the main script imports it without the working-hours code.
 */
export const callHoursHour = (now: Date): number => Math.floor(now.getTime() / 3_600_000);
