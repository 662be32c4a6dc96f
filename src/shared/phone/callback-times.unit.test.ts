import { describe, expect, it } from 'vitest';
import { DEFAULT_CLOSED_DATES } from '../../../brands/closures';
import { callbackRefusal, callbackTimes, localMinutes } from './callback-times';

const closed = DEFAULT_CLOSED_DATES;

describe('call-back times', () => {
  it("offers the next staffed half hours in the visitor's waking hours: after Thanksgiving, Friday from 8:00 AM PT", () => {
    const times = callbackTimes(new Date('2026-11-27T02:00:00Z'), closed, 4); // Thu 18:00 PST, Thanksgiving
    expect(times.map((t) => t.toISOString())).toEqual([
      '2026-11-27T16:00:00.000Z',
      '2026-11-27T16:30:00.000Z',
      '2026-11-27T17:00:00.000Z',
      '2026-11-27T17:30:00.000Z',
    ]);
  });

  it("in New York the agents' 5:00 AM PT opening is 8:00 AM there: offered; in Hawaii not before 8:00 AM HST", () => {
    const now = new Date('2026-11-27T02:00:00Z');
    const york = callbackTimes(now, closed, 1, 'America/New_York');
    expect(york.map((t) => t.toISOString())).toEqual(['2026-11-27T13:00:00.000Z']);
    const honolulu = callbackTimes(now, closed, 40, 'Pacific/Honolulu');
    // 8:00 AM HST is 18:00Z (10:00 AM PT); the agents close at 17:00 PT (3:00 PM HST).
    expect(honolulu[0]?.toISOString()).toBe('2026-11-27T18:00:00.000Z');
    for (const t of honolulu) expect(localMinutes(t, 'Pacific/Honolulu')).toBeGreaterThanOrEqual(8 * 60);
    for (const t of york) expect(localMinutes(t, 'America/New_York') + 30).toBeLessThanOrEqual(21 * 60);
  });

  it('never offers the holiday, a night or a Sunday', () => {
    const times = callbackTimes(new Date('2026-11-26T06:00:00Z'), closed, 40); // Wed 22:00 PST
    expect(times.length).toBe(40);
    for (const t of times) expect(t.toISOString().slice(0, 10)).not.toBe('2026-11-26');
  });

  it('refuses a time in the past, too soon, too far, or outside the hours', () => {
    const now = new Date('2025-06-10T18:00:00Z'); // Tue 11:00 PDT
    expect(callbackRefusal(new Date('2025-06-10T17:00:00Z'), now, closed)).toBe('past');
    expect(callbackRefusal(new Date('2025-06-10T18:05:00Z'), now, closed)).toBe('too_soon');
    expect(callbackRefusal(new Date('2025-07-10T18:00:00Z'), now, closed)).toBe('too_far');
    expect(callbackRefusal(new Date('2025-06-11T03:00:00Z'), now, closed)).toBe('outside_hours'); // Tue 20:00
    expect(callbackRefusal(new Date('2025-06-15T18:00:00Z'), now, closed)).toBe('outside_hours'); // Sunday
    expect(callbackRefusal(new Date('2025-06-11T16:00:00Z'), now, closed)).toBeNull(); // Wed 09:00
    // A federal holiday is outside the hours.
    const before = new Date('2026-11-25T18:00:00Z');
    expect(callbackRefusal(new Date('2026-11-26T18:00:00Z'), before, closed)).toBe('outside_hours');
    // Inside the agents' hours (Wed 6:00 AM PDT) but 3:00 AM in Hawaii.
    expect(callbackRefusal(new Date('2025-06-11T13:00:00Z'), now, closed, 'Pacific/Honolulu')).toBe('visitor_night');
    expect(callbackRefusal(new Date('2025-06-11T13:00:00Z'), now, closed, 'America/New_York')).toBeNull();
  });
});
