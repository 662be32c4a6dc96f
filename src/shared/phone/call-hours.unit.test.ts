import { describe, expect, it } from 'vitest';
import { callHours } from './call-hours';
import { nextHoursChange } from './working-hours';

// Instants are written in UTC; comments give the Pacific wall clock they stand for (June: PDT, UTC-7).
const at = (iso: string) => new Date(iso);

describe('when the working-hours flag next changes', () => {
  it('is the closing time while open and the next opening while closed, on whole hours', () => {
    expect(nextHoursChange(at('2025-06-10T18:20:00Z'))?.toISOString()).toBe('2025-06-11T00:00:00.000Z'); // Tue 11:20 → 17:00
    expect(nextHoursChange(at('2025-06-11T01:00:00Z'))?.toISOString()).toBe('2025-06-11T12:00:00.000Z'); // Tue 18:00 → Wed 05:00
    expect(nextHoursChange(at('2025-06-14T22:30:00Z'))?.toISOString()).toBe('2025-06-16T12:00:00.000Z'); // Sat 15:30 → Mon 05:00
    expect(nextHoursChange(at('2025-06-14T10:00:00Z'))?.toISOString()).toBe('2025-06-14T13:00:00.000Z'); // Sat 03:00 → 06:00
    expect(nextHoursChange(at('2025-06-14T10:00:00Z'), 'aff')?.toISOString()).toBe('2025-06-16T12:00:00.000Z'); // aff: Monday
    expect(nextHoursChange(at('2025-08-30T23:00:00Z'))?.toISOString()).toBe('2025-09-02T12:00:00.000Z'); // Labor Day skipped
  });
});

describe('the call copy', () => {
  it('says "Call now" with the hours and when agents leave, while they answer', () => {
    const en = callHours('english', at('2025-06-10T18:00:00Z'), null); // Tue 11:00
    expect(en).toMatchObject({ open: true, label: 'Call now', short: 'Open until 5:00 PM PT' });
    expect(en.line).toContain('until 5:00 PM PT');
    expect(en.line).toContain('Monday to Friday 5 AM to 5 PM, Saturday 6 AM to 3 PM, Pacific time');
    const es = callHours('spanish', at('2025-06-14T17:00:00Z'), null); // Sat 10:00
    expect(es).toMatchObject({ open: true, label: 'Llame ahora' });
    expect(es.short).toMatch(/^Abierto hasta las 3:00\sp\.\s?m\. hora del Pacífico$/);
  });

  it('says when agents are back, never "now", outside the hours, in English and Spanish', () => {
    const sunday = at('2025-06-16T03:00:00Z'); // Sun 20:00
    const en = callHours('english', sunday, null);
    expect(en).toMatchObject({ open: false, label: 'Call', short: 'Agents back tomorrow at 5:00 AM PT' });
    expect(en.line).toBe('Our licensed agents are away right now. They are back tomorrow at 5:00 AM PT.');
    expect(`${en.label} ${en.line}`).not.toMatch(/\bnow\b.*available|Call now/);
    const es = callHours('spanish', sunday, null);
    expect(es.label).toBe('Llamar');
    expect(es.line).toMatch(/Vuelven mañana a las 5:00\sa\.\s?m\. hora del Pacífico\.$/);

    const saturdayEvening = at('2025-06-15T00:00:00Z'); // Sat 17:00 → Monday
    expect(callHours('english', saturdayEvening, null).short).toBe('Agents back Monday at 5:00 AM PT');
    expect(callHours('spanish', saturdayEvening, null).line).toContain('Vuelven el lunes a las 5:00');
    const early = at('2025-06-10T10:00:00Z'); // Tue 03:00
    expect(callHours('english', early, null).short).toBe('Agents back today at 5:00 AM PT');
    // Affiliate traffic on a Saturday morning: closed until Monday.
    expect(callHours('english', at('2025-06-14T17:00:00Z'), 'aff')).toMatchObject({
      open: false,
      short: 'Agents back Monday at 5:00 AM PT',
    });
  });
});

describe('honest hours: holidays and the visitor’s time zone', () => {
  it('closed all of Thanksgiving 2026 (a Thursday), back the next morning', () => {
    const thanksgiving = at('2026-11-26T18:00:00Z'); // Thu 10:00 PST
    expect(callHours('english', thanksgiving, null)).toMatchObject({
      open: false,
      label: 'Call',
      short: 'Agents back tomorrow at 5:00 AM PT',
    });
    // The day before: open, and closing at 5 PM as any weekday.
    expect(callHours('english', at('2026-11-25T18:00:00Z'), null).open).toBe(true);
    // A brand's closed dates are what count: without the holiday the Thursday is staffed.
    expect(callHours('english', thanksgiving, null, { closed: ['2025-09-01'] }).open).toBe(true);
  });

  it('a Saturday federal holiday closes the Saturday and its observed Friday', () => {
    expect(callHours('english', at('2026-07-03T18:00:00Z'), null).open).toBe(false); // Fri 11:00 PDT, observed
    expect(callHours('english', at('2026-07-04T17:00:00Z'), null).short).toBe('Agents back Monday at 5:00 AM PT');
  });

  it('writes the times in the visitor’s zone: a Miami visitor reads Eastern time', () => {
    const tuesday = at('2025-06-10T18:00:00Z'); // Tue 11:00 PDT = 14:00 EDT
    const miami = callHours('english', tuesday, null, { timeZone: 'America/New_York' });
    expect(miami).toMatchObject({ open: true, label: 'Call now', short: 'Open until 8:00 PM ET' });
    expect(miami.line).toContain('Monday to Friday 8 AM to 8 PM, Saturday 9 AM to 6 PM, Eastern time');
    // Sunday 21:00 PDT is already Monday 00:00 in Miami: agents are back "today" there.
    const late = at('2025-06-16T04:00:00Z');
    expect(callHours('english', late, null, { timeZone: 'America/New_York' }).short).toBe(
      'Agents back today at 8:00 AM ET',
    );
    expect(callHours('english', late, null).short).toBe('Agents back tomorrow at 5:00 AM PT');
    expect(callHours('spanish', tuesday, null, { timeZone: 'America/Chicago' }).short).toMatch(
      /^Abierto hasta las 7:00\sp\.\s?m\.\s(hora central|hora del centro)$/,
    );
  });
});
