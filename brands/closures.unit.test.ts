import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { BRAND_CODES } from './schema';
import { BRAND_HOURS, CALENDARS, closedDatesOf, DEFAULT_CLOSED_DATES, US_FEDERAL_HOLIDAYS } from './closures';

const isoDate = z.iso.date();
const closureSchema = z.object({ date: isoDate, reason: z.string().min(2).max(80) });
const brandHoursSchema = z.object({
  calendars: z.array(z.enum(Object.keys(CALENDARS) as [keyof typeof CALENDARS])),
  closed: z.array(closureSchema),
});

/** The nth (1-based; -1: last) `weekday` (0 Sunday … 6 Saturday) of a month, as yyyy-mm-dd. */
function nthWeekday(year: number, month: number, weekday: number, n: number): string {
  const days: number[] = [];
  for (let d = 1; d <= 31; d++) {
    const at = new Date(Date.UTC(year, month - 1, d));
    if (at.getUTCMonth() === month - 1 && at.getUTCDay() === weekday) days.push(d);
  }
  const day = n === -1 ? days.at(-1) : days[n - 1];
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** A fixed-date holiday: its own date, and the federal observed weekday when it falls on a weekend. */
function fixed(year: number, month: number, day: number): string[] {
  const at = new Date(Date.UTC(year, month - 1, day));
  const iso = (d: Date) => d.toISOString().slice(0, 10);
  const shift = at.getUTCDay() === 6 ? -1 : at.getUTCDay() === 0 ? 1 : 0;
  const observed = iso(new Date(at.getTime() + shift * 86_400_000));
  // A Sunday holiday moves to Monday; the Sunday is closed anyway (no hours), so only the Monday is listed.
  return at.getUTCDay() === 0 ? [observed] : [...new Set([iso(at), observed])];
}

describe('closures as data', () => {
  it('every brand has a record that parses, and no other key', () => {
    expect(Object.keys(BRAND_HOURS).sort()).toEqual([...BRAND_CODES].sort());
    for (const code of BRAND_CODES) brandHoursSchema.parse(BRAND_HOURS[code]);
    z.array(closureSchema).parse(US_FEDERAL_HOLIDAYS);
  });

  it('the federal holidays of 2026-2028 are the ones the rules give (nth weekdays, observed fixed dates)', () => {
    const expected: string[] = [];
    for (const year of [2026, 2027, 2028]) {
      expected.push(
        ...fixed(year, 1, 1),
        nthWeekday(year, 1, 1, 3),
        nthWeekday(year, 2, 1, 3),
        nthWeekday(year, 5, 1, -1),
        ...fixed(year, 6, 19),
        ...fixed(year, 7, 4),
        nthWeekday(year, 9, 1, 1),
        nthWeekday(year, 10, 1, 2),
        ...fixed(year, 11, 11),
        nthWeekday(year, 11, 4, 4),
        ...fixed(year, 12, 25),
      );
    }
    // New Year's Day 2029 is a Monday: nothing falls back into 2028.
    expect(US_FEDERAL_HOLIDAYS.map((h) => h.date).sort()).toEqual([...new Set(expected)].sort());
    expect(US_FEDERAL_HOLIDAYS.find((h) => h.date === '2026-11-26')?.reason).toBe('Thanksgiving Day');
  });

  it('a brand closes on the spec date and its calendars; an unknown brand gets the default', () => {
    expect(closedDatesOf('bh')).toContain('2025-09-01');
    expect(closedDatesOf('bh')).toContain('2026-11-26');
    expect(closedDatesOf('nope')).toBe(DEFAULT_CLOSED_DATES);
    expect(closedDatesOf('bh')).toBe(closedDatesOf('tqg'));
  });
});
