/**
 * Spec section 5, date of birth: accepted as MM/dd/yyyy, dd/MM/yyyy or yyyy-MM-dd and
 * normalised to yyyy-MM-dd; slash dates are tried month first. Impossible calendar dates
 * (02/30/2001, 13/13/2000) are dropped, and so are dates a living applicant cannot have:
 * in the future or more than 120 years ago (our decision, docs/decisions/0007-lead-fields-medicare-call-back-contact-the-life.md).
 */

/** Oldest age we accept, in years. */
export const MAX_AGE_YEARS = 120;

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
/** One or two digits for day and month: prefill links often carry 3/4/1950. */
const SLASH_DATE = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/;

function isCalendarDate(year: number, month: number, day: number): boolean {
  if (month < 1 || month > 12 || day < 1 || day > 31) return false;
  const date = new Date(Date.UTC(year, month - 1, day));
  // Date.UTC maps years 0..99 onto 1900..1999; four-digit input never hits that.
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

function iso(year: number, month: number, day: number): string {
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** Today's date as yyyy-MM-dd in UTC, and the same date MAX_AGE_YEARS earlier. */
function livingRange(now: Date): { earliest: string; latest: string } {
  const year = now.getUTCFullYear();
  const month = now.getUTCMonth() + 1;
  const day = now.getUTCDate();
  return { earliest: iso(year - MAX_AGE_YEARS, month, day), latest: iso(year, month, day) };
}

/** yyyy-MM-dd when the parts make a real date within a living person's lifetime. */
export function dateOfBirthFromParts(year: number, month: number, day: number, now = new Date()): string | undefined {
  if (!isCalendarDate(year, month, day)) return undefined;
  const value = iso(year, month, day);
  const { earliest, latest } = livingRange(now);
  // yyyy-MM-dd strings compare in date order.
  return value >= earliest && value <= latest ? value : undefined;
}

/** Parses one of the three accepted formats; undefined for anything else. */
export function parseDateOfBirth(input: string, now = new Date()): string | undefined {
  const text = input.trim();
  const isoMatch = ISO_DATE.exec(text);
  if (isoMatch) return dateOfBirthFromParts(Number(isoMatch[1]), Number(isoMatch[2]), Number(isoMatch[3]), now);
  const slashMatch = SLASH_DATE.exec(text);
  if (!slashMatch) return undefined;
  const first = Number(slashMatch[1]);
  const second = Number(slashMatch[2]);
  const year = Number(slashMatch[3]);
  // Month first (MM/dd/yyyy); day first (dd/MM/yyyy) only when month first is no calendar
  // date. The age range is checked after choosing, so it never flips the reading.
  if (isCalendarDate(year, first, second)) return dateOfBirthFromParts(year, first, second, now);
  return dateOfBirthFromParts(year, second, first, now);
}
