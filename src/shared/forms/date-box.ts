/**
 * A date of birth typed in one box (MM/DD/YYYY) instead of a month list and two boxes: one tap
 * and the digits on a phone's number pad. The box is named as the date itself (`driver1Dob`), so
 * a post without JavaScript carries the text and the Worker reads it as the island does
 * (parse-step.ts); with JavaScript the island keeps the month, day and year parts the rest of the
 * form already judges and sends (inputs.ts, step-answered.ts).
 */

/** Most digits each part takes: month, day, year. */
const LIMITS = [2, 2, 4] as const;

/**
 * The box's text as typed, shaped as MM/DD/YYYY: digits only, a slash put in when a part is full
 * and the next digit comes (never before, so Backspace is not stuck on it), and a slash the
 * visitor types closing a short part ("1/5/1990").
 */
export function maskDateBox(raw: string): string {
  // A stored or prefilled date (yyyy-MM-dd) is already whole: the lead rule reads it as it is.
  if (/^\s*\d{4}-\d{2}-\d{2}\s*$/.test(raw)) return raw.trim();
  const parts = ['', '', ''];
  let k = 0;
  for (const ch of raw) {
    if (ch >= '0' && ch <= '9') {
      if ((parts[k] ?? '').length < (LIMITS[k] ?? 0)) parts[k] += ch;
      else if (k < 2) parts[++k] = ch;
    } else if (ch === '/' && k < 2 && (parts[k] ?? '') !== '') {
      k++;
    }
  }
  return parts.slice(0, k + 1).join('/');
}

/** The month, day and year in the box, once all three are there (a 4-digit year); else null. */
export function dateBoxParts(raw: string): { month: string; day: string; year: string } | null {
  const [month = '', day = '', year = ''] = maskDateBox(raw).split('/');
  if (month === '' || day === '' || year.length !== 4) return null;
  return { month: String(Number(month)), day: String(Number(day)), year };
}

/** The box's text for stored parts (month 12, day 9, year 1966 -> 12/09/1966); '' when any is missing. */
export function dateBoxText(month: string, day: string, year: string): string {
  if (month.trim() === '' || day.trim() === '' || year.trim() === '') return '';
  return `${month.trim().padStart(2, '0')}/${day.trim().padStart(2, '0')}/${year.trim()}`;
}
