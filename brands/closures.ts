/**
 * The days the agents are not answering: data per brand (docs/decisions/0140-honest-hours.md).
 * A brand follows calendars (today: the US federal holidays, as observed by the federal
 * government, and the day itself when it falls on a Saturday, a staffed day) plus closures of
 * its own. The spec's one closed date (2025-09-01) holds for every brand. Dates are the agents'
 * dates, in Pacific time, as the working hours are (src/shared/phone/working-hours.ts).
 * Plain data without zod: the browser's working-hours code reads it too.
 */
/** A day without agents (validated with brands/closures-schema.ts by brands/closures.unit.test.ts). */
export interface Closure {
  date: string;
  reason: string;
}

/** US federal holidays 2026-2028 (5 U.S.C. 6103 and OPM's observed dates). */
export const US_FEDERAL_HOLIDAYS: readonly Closure[] = [
  { date: '2026-01-01', reason: "New Year's Day" },
  { date: '2026-01-19', reason: 'Birthday of Martin Luther King, Jr.' },
  { date: '2026-02-16', reason: "Washington's Birthday" },
  { date: '2026-05-25', reason: 'Memorial Day' },
  { date: '2026-06-19', reason: 'Juneteenth National Independence Day' },
  { date: '2026-07-03', reason: 'Independence Day (observed)' },
  { date: '2026-07-04', reason: 'Independence Day' },
  { date: '2026-09-07', reason: 'Labor Day' },
  { date: '2026-10-12', reason: 'Columbus Day' },
  { date: '2026-11-11', reason: 'Veterans Day' },
  { date: '2026-11-26', reason: 'Thanksgiving Day' },
  { date: '2026-12-25', reason: 'Christmas Day' },
  { date: '2027-01-01', reason: "New Year's Day" },
  { date: '2027-01-18', reason: 'Birthday of Martin Luther King, Jr.' },
  { date: '2027-02-15', reason: "Washington's Birthday" },
  { date: '2027-05-31', reason: 'Memorial Day' },
  { date: '2027-06-18', reason: 'Juneteenth National Independence Day (observed)' },
  { date: '2027-06-19', reason: 'Juneteenth National Independence Day' },
  { date: '2027-07-05', reason: 'Independence Day (observed)' },
  { date: '2027-09-06', reason: 'Labor Day' },
  { date: '2027-10-11', reason: 'Columbus Day' },
  { date: '2027-11-11', reason: 'Veterans Day' },
  { date: '2027-11-25', reason: 'Thanksgiving Day' },
  { date: '2027-12-24', reason: 'Christmas Day (observed)' },
  { date: '2027-12-25', reason: 'Christmas Day' },
  { date: '2027-12-31', reason: "New Year's Day 2028 (observed)" },
  { date: '2028-01-01', reason: "New Year's Day" },
  { date: '2028-01-17', reason: 'Birthday of Martin Luther King, Jr.' },
  { date: '2028-02-21', reason: "Washington's Birthday" },
  { date: '2028-05-29', reason: 'Memorial Day' },
  { date: '2028-06-19', reason: 'Juneteenth National Independence Day' },
  { date: '2028-07-04', reason: 'Independence Day' },
  { date: '2028-09-04', reason: 'Labor Day' },
  { date: '2028-10-09', reason: 'Columbus Day' },
  { date: '2028-11-10', reason: 'Veterans Day (observed)' },
  { date: '2028-11-11', reason: 'Veterans Day' },
  { date: '2028-11-23', reason: 'Thanksgiving Day' },
  { date: '2028-12-25', reason: 'Christmas Day' },
];

/** Spec section 4: closed on 2025-09-01, whatever the brand. */
export const SPEC_CLOSURES: readonly Closure[] = [{ date: '2025-09-01', reason: 'Labor Day (spec section 4)' }];

export const CALENDARS = { 'us-federal': US_FEDERAL_HOLIDAYS } as const;

export interface BrandHours {
  calendars: readonly (keyof typeof CALENDARS)[];
  /** Closures of the brand's own call center (a training day, an outage announced ahead). */
  closed: readonly Closure[];
}

const federal: BrandHours = { calendars: ['us-federal'], closed: [] };

/**
 * Every brand's closures (one entry per brand code: brands/closures.unit.test.ts); all twelve
 * answer through the same licensed agents today.
 */
export const BRAND_HOURS: Readonly<Record<string, BrandHours>> = {
  bh: federal,
  m10: federal,
  m10es: federal,
  wc: federal,
  ayb: federal,
  qs: federal,
  ps: federal,
  tqg: federal,
  sd: federal,
  bridge: federal,
  emily: federal,
  ac: federal,
};

/** Closed dates for brands and pages that name none (an error page, a listing): spec and federal. */
export const DEFAULT_CLOSED_DATES: readonly string[] = [...SPEC_CLOSURES, ...US_FEDERAL_HOLIDAYS]
  .map((c) => c.date)
  .sort();

const byBrand = new Map<string, readonly string[]>();

/** The sorted closed dates of `brand` (the spec's date included); the default for an unknown code. */
export function closedDatesOf(brand: string | null | undefined): readonly string[] {
  const hours = brand && Object.hasOwn(BRAND_HOURS, brand) ? BRAND_HOURS[brand] : undefined;
  if (!hours) return DEFAULT_CLOSED_DATES;
  let dates = byBrand.get(brand ?? '');
  if (!dates) {
    const all = [...SPEC_CLOSURES, ...hours.calendars.flatMap((c) => CALENDARS[c]), ...hours.closed];
    dates = [...new Set(all.map((c) => c.date))].sort();
    // The same array for every page of a brand with the default calendar, so memos keyed on it are shared.
    if (dates.join() === DEFAULT_CLOSED_DATES.join()) dates = DEFAULT_CLOSED_DATES;
    byBrand.set(brand ?? '', dates);
  }
  return dates;
}
