/**
 * The browser's copy of the lead rules of spec section 5, without zod: the form island must
 * stay small (zod alone would be larger than React). Each rule turns what an input holds into
 * the value the lead schema (src/shared/lead) would keep, or undefined for what it would drop;
 * field-rules.unit.test.ts checks rule for rule, on generated input, that both agree. The
 * Worker never trusts these: it parses every submit with the lead schema.
 */
import { parseDateOfBirth } from '../lead/date-of-birth';
import type { FormScalar } from '../json';
import type { FieldDef, FieldKind } from './types';

const ZIP = /^\d{5}$/;
const PHONE = /^\(\d{3}\) \d{3}-\d{4}$/;
/** zod 4's email pattern (z.email()), so the browser and the Worker agree. */
const EMAIL = /^(?:[A-Za-z0-9_'+-]+\.)*[A-Za-z0-9_'+-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;
const YEAR = /^\d{4}$/;

function trimmedLength(raw: string, min: number, max: number): string | undefined {
  const text = raw.trim();
  return text.length >= min && text.length <= max ? text : undefined;
}

export function zipRule(raw: string): string | undefined {
  const text = raw.trim();
  return ZIP.test(text) ? text : undefined;
}

export function nameRule(raw: string): string | undefined {
  return trimmedLength(raw, 1, 256);
}

export function emailRule(raw: string): string | undefined {
  const text = raw.trim();
  return text.length <= 254 && EMAIL.test(text) ? text : undefined;
}

export function phoneRule(raw: string): string | undefined {
  const text = raw.trim();
  return PHONE.test(text) ? text : undefined;
}

export function vehicleNameRule(raw: string): string | undefined {
  return trimmedLength(raw, 1, 50);
}

export function vehicleYearRule(raw: string, now = new Date()): number | undefined {
  const text = raw.trim();
  if (!YEAR.test(text)) return undefined;
  const year = Number(text);
  return year >= 1900 && year <= now.getUTCFullYear() + 1 ? year : undefined;
}

export function yesNoRule(raw: string): boolean | undefined {
  const text = raw.trim().toLowerCase();
  if (['true', '1', 'yes', 'on'].includes(text)) return true;
  if (['false', '0', 'no'].includes(text)) return false;
  return undefined;
}

/** Month, day and year inputs as one date text the date-of-birth rule reads month first. */
export function datePartsText(month: string, day: string, year: string): string | undefined {
  const m = month.trim();
  const d = day.trim();
  const y = year.trim();
  if (!m || !d || !y) return undefined;
  return `${m.padStart(2, '0')}/${d.padStart(2, '0')}/${y}`;
}

export function dateOfBirthRule(raw: string): string | undefined {
  return raw.length <= 32 ? parseDateOfBirth(raw) : undefined;
}

/** The names of a field's inputs: one, or month/day/year for a date. */
export function inputNames(field: Pick<FieldDef, 'name' | 'kind'>): string[] {
  return field.kind === 'date-parts' ? [`${field.name}Month`, `${field.name}Day`, `${field.name}Year`] : [field.name];
}

/**
 * The value a field's inputs hold, as the lead schema would keep it; undefined when empty or
 * invalid. `choices` are the allowed values of a radio or select.
 */
export function fieldValue(
  field: Pick<FieldDef, 'name' | 'kind'>,
  inputs: Readonly<Record<string, string>>,
  choices?: readonly string[],
): FormScalar | undefined {
  const raw = inputs[field.name] ?? '';
  const kind: FieldKind = field.kind;
  switch (kind) {
    case 'zip':
      return zipRule(raw);
    case 'text':
      return nameRule(raw);
    case 'email':
      return emailRule(raw);
    case 'tel':
      return phoneRule(raw);
    case 'yesno':
      return yesNoRule(raw);
    case 'radio':
    case 'select':
      return choices && choices.includes(raw) ? raw : undefined;
    case 'date-parts': {
      const [m, d, y] = inputNames(field).map((n) => inputs[n] ?? '');
      const text = datePartsText(m ?? '', d ?? '', y ?? '');
      return text === undefined ? undefined : dateOfBirthRule(text);
    }
    case 'vehicle-year':
      return vehicleYearRule(raw);
    case 'vehicle-make':
    case 'vehicle-model':
      return vehicleNameRule(raw);
  }
}

/** True when the field's inputs hold nothing at all (an unanswered question is not an error). */
export function isEmpty(field: Pick<FieldDef, 'name' | 'kind'>, inputs: Readonly<Record<string, string>>): boolean {
  return inputNames(field).every((n) => (inputs[n] ?? '').trim() === '');
}

/** Spec section 5 input mask: digits as they are typed become '(ddd) ddd-dddd'. */
export function maskPhone(raw: string): string {
  let digits = raw.replace(/\D/g, '');
  if (digits.length === 11 && digits.startsWith('1')) digits = digits.slice(1);
  digits = digits.slice(0, 10);
  if (digits.length === 0) return '';
  if (digits.length < 4) return `(${digits}`;
  if (digits.length < 7) return `(${digits.slice(0, 3)}) ${digits.slice(3)}`;
  return `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}`;
}
