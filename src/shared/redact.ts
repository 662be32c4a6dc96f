/**
 * The one redaction of personal data for every log line, error report and client-error report
 *. Two layers:
 * - keys: a field whose name is personal (firstName, driver2Email, phone, dob, address, ...,
 *   src/shared/tracking/strip-personal.ts) is dropped whatever it holds;
 * - text: inside any string (an error message, a stack, a browser's report) emails, phone
 *   numbers, card numbers (spaced or dashed too), social security numbers, dates (of birth), street addresses, ZIP codes (alone a
 *   place, beside a name a person) and names introduced as names ("name: Ada Lovelace",
 *   "Mrs. Smith", "for John Smith") or made of a common first name in either order ("Ada
 *   Lovelace", "Lovelace Ada", "Lovelace, Ada") are replaced by a marker.
 * It errs on the side of removing: a log line losing a date is cheap, a leaked phone is not.
 * tests/security/redaction.unit.test.ts holds a corpus of real-looking values.
 */
import { isPersonalKey } from './tracking/strip-personal';

/** Common US first names (Social Security top names, both sexes): a capitalised one followed by a capitalised word is a name. */
const FIRST_NAMES = new Set(
  (
    'james john robert michael william david richard joseph thomas charles christopher daniel matthew anthony mark donald steven paul andrew joshua ' +
    'kenneth kevin brian george timothy ronald edward jason jeffrey ryan jacob gary nicholas eric jonathan stephen larry justin scott brandon ' +
    'benjamin samuel gregory alexander frank patrick raymond jack dennis jerry tyler aaron jose adam nathan henry douglas zachary peter kyle ' +
    'walter ethan jeremy harold keith christian roger noah gerald carl terry sean austin arthur lawrence jesse dylan bryan joe jordan billy ' +
    'bruce albert willie gabriel logan alan juan wayne roy ralph randy eugene vincent russell elijah louis bobby philip johnny carlos luis ' +
    'mary patricia jennifer linda elizabeth barbara susan jessica sarah karen lisa nancy betty margaret sandra ashley kimberly emily donna ' +
    'michelle carol amanda dorothy melissa deborah stephanie rebecca sharon laura cynthia kathleen amy angela shirley anna brenda pamela emma ' +
    'nicole helen samantha katherine christine debra rachel carolyn janet catherine maria heather diane ruth julie olivia joyce virginia ' +
    'victoria kelly lauren christina joan evelyn judith megan andrea cheryl hannah jacqueline martha gloria teresa ann sara madison frances ' +
    'kathryn janice jean abigail alice judy sophia grace denise amber doris marilyn danielle beverly isabella theresa diana natalie brittany ' +
    'charlotte marie kayla alexis lori ada rosa carmen ana lucia sofia isabel guadalupe jorge miguel pedro manuel francisco antonio alejandro'
  ).split(' '),
);

const EMAIL = /[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}/g;
/** Email with its @ written out or encoded (a=b%40c.com in an address). */
const ENCODED_EMAIL = /[A-Za-z0-9._+-]+(?:%40|\s?\[at\]\s?|\s\(at\)\s)[A-Za-z0-9.-]+\.[A-Za-z]{2,}/gi;
const SSN = /\b\d{3}-\d{2}-\d{4}\b/g;
/**
 * Card numbers as people type them: 4-4-4-4 (Visa, Mastercard, Discover) and 4-6-5 (Amex)
 * groups split by spaces or dashes, and any other 13-19 digit run with separators that passes
 * the Luhn check (redactCards). Run before the phone rules, which would leave half of it.
 */
const CARD_GROUPS = /(?<!\d)(?:\d{4}([ -])\d{4}\1\d{4}\1\d{1,7}|\d{4}([ -])\d{6}\2\d{4,5})(?!\d)/g;
const CARD_LIKE = /(?<!\d)\d(?:[ -]?\d){12,18}(?!\d)/g;
/** North American numbers in the usual spellings: (305) 555-0182, 305-555-0182, 305.555.0182, +1 305 555 0182, 3055550182, 13055550182. */
const PHONE = /(?:\+?1[\s.-]?)?(?:\(\d{3}\)\s?|\b\d{3}[\s.-]?)\d{3}[\s.-]?\d{4}\b/g;
/** A bare run of 10-15 digits (E.164 with or without +): a phone number or worse. */
const DIGIT_RUN = /\+?(?<!\d)\d{10,15}(?!\d)/g;
/** 12/09/1966, 9-12-66, 1966-12-09, 1966/12/09 */
const NUMERIC_DATE = /\b(?:\d{1,2}[/.-]\d{1,2}[/.-](?:\d{4}|\d{2})|\d{4}[/.-]\d{1,2}[/.-]\d{1,2})\b/g;
const MONTHS =
  'jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?';
/** December 9, 1966 / 9 December 1966 / Dec 9 1966 */
const WORD_DATE = new RegExp(
  `\\b(?:(?:${MONTHS})\\.?\\s+\\d{1,2}(?:st|nd|rd|th)?,?\\s+\\d{4}|\\d{1,2}\\s+(?:${MONTHS})\\.?,?\\s+\\d{4})\\b`,
  'gi',
);
const STREET_TYPES =
  'street|st|avenue|ave|road|rd|boulevard|blvd|drive|dr|lane|ln|court|ct|way|place|pl|terrace|ter|circle|cir|highway|hwy|parkway|pkwy|trail|trl|square|sq';
/** 1600 Pennsylvania Ave NW, 42 N. Main Street Apt 4B, PO Box 123 */
const STREET = new RegExp(
  `\\b\\d{1,6}\\s+(?:[NSEW]\\.?\\s+)?(?:[A-Za-z0-9'.-]+\\s+){1,4}(?:${STREET_TYPES})\\b\\.?(?:\\s+(?:[NSEW]{1,2}\\b))?(?:,?\\s+(?:apt|apartment|unit|suite|ste|#)\\.?\\s*[A-Za-z0-9-]+)?`,
  'gi',
);
const PO_BOX = /\bp\.?\s?o\.?\s+box\s+\d+/gi;
const ZIP = /\b\d{5}(?:-\d{4})?\b/g;
/** "name: Ada Lovelace", "named Ada", "firstName=Ada", "Mr. Smith", "for Ada Lovelace". */
const LABELLED_NAME =
  /\b((?:first|last|full|middle|sur)?_?name[d]?|contact|customer|mr|mrs|ms|miss|dr)\b(\.?\s*[:=]?\s*)((?:[A-Za-z][A-Za-z'-]*)(?:\s+[A-Z][A-Za-z'-]*){0,2})/gi;
const CAPITALISED_PAIR = /\b([A-Z][a-z'-]+)(\s+[A-Z]\.?)?(,?\s+)([A-Z][a-z'-]+(?:-[A-Z][a-z'-]+)?)\b/g;

/** Whether a digit string passes the Luhn check of card numbers. */
function luhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) d = d * 2 > 9 ? d * 2 - 9 : d * 2;
    sum += d;
  }
  return sum % 10 === 0;
}

function redactCards(text: string): string {
  return text
    .replace(CARD_GROUPS, '[card]')
    .replace(CARD_LIKE, (match) => (/[ -]/.test(match) && luhn(match.replace(/\D/g, '')) ? '[card]' : match));
}

/**
 * A pair of capitalised words is a name when either is a common first name: "Ada Lovelace",
 * and surname first as forms and lists write it, "Lovelace Ada" or "Lovelace, Ada".
 */
function namePair(match: string, first: string, _initial: string, _sep: string, second: string): string {
  return FIRST_NAMES.has(first.toLowerCase()) || FIRST_NAMES.has(second.toLowerCase()) ? '[name]' : match;
}

/** A string with every personal value in it replaced by [email], [phone], [ssn], [date], [address], [zip] or [name]. */
export function redactText(text: string): string {
  return text
    .replace(EMAIL, '[email]')
    .replace(ENCODED_EMAIL, '[email]')
    .replace(SSN, '[ssn]')
    .replace(/\d[\d -]{11,}\d/g, redactCards)
    .replace(WORD_DATE, '[date]')
    .replace(NUMERIC_DATE, '[date]')
    .replace(DIGIT_RUN, '[phone]')
    .replace(PHONE, '[phone]')
    .replace(PO_BOX, '[address]')
    .replace(STREET, '[address]')
    .replace(ZIP, '[zip]')
    .replace(LABELLED_NAME, (_match, label: string, sep: string) => `${label}${sep}[name]`)
    .replace(CAPITALISED_PAIR, namePair);
}

const MAX_DEPTH = 8;

/** A copy of `value` for logs: personal keys dropped at any depth, every string through redactText. */
export function redact(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return redactText(value);
  if (value === null || typeof value === 'number' || typeof value === 'boolean' || value === undefined) return value;
  if (depth >= MAX_DEPTH || typeof value !== 'object') return undefined;
  if (value instanceof Error) return { name: value.name, message: redactText(value.message) };
  if (Array.isArray(value)) return value.map((item) => redact(item, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    if (isPersonalKey(key)) continue;
    const clean = redact(item, depth + 1);
    if (clean !== undefined) out[key] = clean;
  }
  return out;
}

/** redact() for a fields object (always an object). */
export function redactFields(fields: Record<string, unknown>): Record<string, unknown> {
  const clean = redact(fields);
  return clean !== null && typeof clean === 'object' && !Array.isArray(clean) ? (clean as Record<string, unknown>) : {};
}
