import { describe, expect, it } from 'vitest';
import { isWorkingHours } from './working-hours';

// Instants are written in UTC; comments give the Pacific wall clock they stand for.
const at = (iso: string) => new Date(iso);

describe('working hours on a summer weekday (PDT, UTC-7)', () => {
  it.each([
    ['2025-06-10T11:59:00Z', '04:59', false],
    ['2025-06-10T12:00:00Z', '05:00', true],
    ['2025-06-10T23:59:00Z', '16:59', true],
    ['2025-06-11T00:00:00Z', '17:00', false],
  ])('%s (Tuesday %s Pacific) → %s', (iso, _wall, open) => {
    expect(isWorkingHours(at(iso))).toBe(open);
  });
});

describe('working hours on a winter weekday (PST, UTC-8)', () => {
  it.each([
    ['2025-01-14T12:59:00Z', '04:59', false],
    ['2025-01-14T13:00:00Z', '05:00', true],
    ['2025-01-15T00:59:00Z', '16:59', true],
    ['2025-01-15T01:00:00Z', '17:00', false],
  ])('%s (Tuesday %s Pacific) → %s', (iso, _wall, open) => {
    expect(isWorkingHours(at(iso))).toBe(open);
  });
});

describe('working hours across the daylight-saving changes of 2025', () => {
  it('opens at 05:00 Pacific on the Friday before spring forward (PST) and the Monday after (PDT)', () => {
    expect(isWorkingHours(at('2025-03-07T12:59:00Z'))).toBe(false); // Fri 04:59 PST
    expect(isWorkingHours(at('2025-03-07T13:00:00Z'))).toBe(true); // Fri 05:00 PST
    expect(isWorkingHours(at('2025-03-10T11:59:00Z'))).toBe(false); // Mon 04:59 PDT
    expect(isWorkingHours(at('2025-03-10T12:00:00Z'))).toBe(true); // Mon 05:00 PDT
  });

  it('closes at 17:00 Pacific on the Friday before fall back (PDT) and the Monday after (PST)', () => {
    expect(isWorkingHours(at('2025-10-31T23:59:00Z'))).toBe(true); // Fri 16:59 PDT
    expect(isWorkingHours(at('2025-11-01T00:00:00Z'))).toBe(false); // Fri 17:00 PDT
    expect(isWorkingHours(at('2025-11-04T00:59:00Z'))).toBe(true); // Mon 16:59 PST
    expect(isWorkingHours(at('2025-11-04T01:00:00Z'))).toBe(false); // Mon 17:00 PST
  });

  it('stays closed on the Sundays of the changes themselves', () => {
    expect(isWorkingHours(at('2025-03-09T17:00:00Z'))).toBe(false); // Sun 10:00 PDT
    expect(isWorkingHours(at('2025-11-02T18:00:00Z'))).toBe(false); // Sun 10:00 PST
  });
});

describe('working hours on Saturday', () => {
  it.each([
    ['2025-06-14T12:59:00Z', '05:59', false],
    ['2025-06-14T13:00:00Z', '06:00', true],
    ['2025-06-14T21:59:00Z', '14:59', true],
    ['2025-06-14T22:00:00Z', '15:00', false],
  ])('%s (Saturday %s Pacific) → %s without utm_medium=aff', (iso, _wall, open) => {
    expect(isWorkingHours(at(iso))).toBe(open);
    expect(isWorkingHours(at(iso), 'cpc')).toBe(open);
  });

  it('is closed all Saturday for affiliate traffic', () => {
    expect(isWorkingHours(at('2025-06-14T13:00:00Z'), 'aff')).toBe(false);
    expect(isWorkingHours(at('2025-06-14T17:00:00Z'), 'aff')).toBe(false);
    expect(isWorkingHours(at('2025-06-14T21:59:00Z'), 'aff')).toBe(false);
  });

  it('keeps weekday hours for affiliate traffic', () => {
    expect(isWorkingHours(at('2025-06-13T17:00:00Z'), 'aff')).toBe(true); // Fri 10:00 PDT
  });
});

describe('closed days', () => {
  it('is closed all Sunday', () => {
    expect(isWorkingHours(at('2025-06-15T12:00:00Z'))).toBe(false); // 05:00
    expect(isWorkingHours(at('2025-06-15T17:00:00Z'))).toBe(false); // 10:00
    expect(isWorkingHours(at('2025-06-15T22:00:00Z'))).toBe(false); // 15:00
  });

  it('is closed all of 2025-09-01 in Pacific time though it is a Monday', () => {
    expect(isWorkingHours(at('2025-09-01T12:00:00Z'))).toBe(false); // 05:00 PDT
    expect(isWorkingHours(at('2025-09-01T17:00:00Z'))).toBe(false); // 10:00 PDT
    expect(isWorkingHours(at('2025-09-01T23:59:00Z'))).toBe(false); // 16:59 PDT
    expect(isWorkingHours(at('2025-09-02T17:00:00Z'))).toBe(true); // Tue 10:00 PDT
    expect(isWorkingHours(at('2025-08-29T17:00:00Z'))).toBe(true); // Fri 10:00 PDT
  });
});
