import { PERSONAL_QUERY_FIELDS } from '../personal-fields';

/**
 * Personal data (names, email, phone, date of birth, address, and the spec's personal query
 * fields) never reaches analytics properties. This runs on the server for every accepted
 * event, whatever the browser sent; the tracker runs it too so it never leaves the page.
 */

const EXACT = new Set<string>([...PERSONAL_QUERY_FIELDS, 'contact', 'ssn', 'street', 'city_street']);

/**
 * Key patterns, on the lower-cased key. They cover the lead fields of spec section 3
 * (firstName, driver2LastName, driver1DobMonth, driver3Email, driver1Phone, driver1Address2),
 * the partner payload names (first_name, primary_phone, birth_date) and common variants.
 * Anchored at the end so context keys such as phoneRule, pageName or brand.name stay.
 */
const PATTERNS = [
  /(first|last|full|middle|maiden)_?name$/,
  /e_?mail(_?address)?$/,
  /phone(_?num(ber)?)?$/,
  /(dob|birth_?date|date_?of_?birth)(day|month|year)?$/,
  /address(_?line)?_?[12]?$/,
];

const EMAIL_VALUE = /[^\s@]+@[^\s@]+\.[^\s@]+/;
const MAX_DEPTH = 8;

export function isPersonalKey(key: string): boolean {
  const lower = key.toLowerCase();
  return EXACT.has(lower) || PATTERNS.some((pattern) => pattern.test(lower));
}

/** An address or query string with the personal query fields removed; other strings unchanged. */
function cleanString(value: string): string | undefined {
  // An email address in any free-text property is personal whatever its key says.
  if (EMAIL_VALUE.test(value) && !/^https?:\/\//.test(value)) return undefined;
  const isUrl = /^https?:\/\//.test(value);
  if (!isUrl && !value.startsWith('?')) return value;
  try {
    const url = new URL(value, 'https://placeholder.invalid');
    let changed = false;
    for (const key of [...url.searchParams.keys()]) {
      if (isPersonalKey(key)) {
        url.searchParams.delete(key);
        changed = true;
      }
    }
    for (const [, v] of url.searchParams) {
      if (EMAIL_VALUE.test(v)) return undefined;
    }
    if (!changed) return value;
    return isUrl ? url.href : url.search;
  } catch {
    return value;
  }
}

/**
 * A copy of value with every personal key removed at any depth, personal query fields removed
 * from addresses and query strings, and email-looking strings dropped. Not JSON-able values
 * (functions, symbols) are dropped; nesting deeper than 8 levels is cut off.
 */
export function stripPersonal(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return cleanString(value);
  if (value === null || typeof value === 'number' || typeof value === 'boolean') return value;
  if (depth >= MAX_DEPTH || typeof value !== 'object') return undefined;
  if (Array.isArray(value)) {
    return value.map((item) => stripPersonal(item, depth + 1)).filter((item) => item !== undefined);
  }
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    if (isPersonalKey(key)) continue;
    const clean = stripPersonal(item, depth + 1);
    if (clean !== undefined) out[key] = clean;
  }
  return out;
}

/** stripPersonal for a properties object (always returns an object). */
export function stripPersonalProperties(properties: Record<string, unknown>): Record<string, unknown> {
  const clean = stripPersonal(properties);
  return clean !== null && typeof clean === 'object' && !Array.isArray(clean) ? (clean as Record<string, unknown>) : {};
}
