/**
 * A contact value the visitor typed is never dropped silently (docs/decisions/0285-typed-contact-never-dropped.md).
 * Spec section 5 drops an invalid optional value without a word; for a phone number, an email
 * address or a date of birth that throws away what the buyer of the lead pays for, and the
 * visitor reads "Thank you" over a request nobody can answer. So a non-empty invalid value of
 * these kinds blocks the step with its message, and the visitor either fixes it or chooses,
 * with a button of its own (`_action=without`), to go on without it: the value is then
 * cleared, said and done, not dropped unsaid. Every other field keeps the spec's silent drop.
 * Pure and zod-free: the island and the Worker judge the same inputs alike.
 */
import { stepFields } from './engine';
import { maskDateBox } from './date-box';
import { dateOfBirthRule, datePartsText, emailRule, inputNames, phoneRule, maskPhone } from './field-rules';
import type { FieldDef, FieldKind, StepDef } from './types';

/** The kinds of field a typed value of which is never dropped unsaid. */
export const CONTACT_KINDS: readonly FieldKind[] = ['tel', 'email', 'date-parts'];

/** The `_action` of the button that goes on without the values refused (a form post without JavaScript too). */
export const WITHOUT_ACTION = 'without';

function asText(value: unknown): string {
  return typeof value === 'string' || typeof value === 'number' ? String(value).trim() : '';
}

/** What the visitor typed into a contact field, or '' for nothing; a date's parts are joined as the Worker joins them. */
function typed(field: FieldDef, raw: Readonly<Record<string, unknown>>): { text: string; valid: boolean } {
  if (field.kind === 'tel') {
    const text = asText(raw[field.name]);
    // Digits typed without the mask (no JavaScript) are read as the Worker reads them (parse-step.ts).
    return { text, valid: phoneRule(maskPhone(text)) !== undefined };
  }
  if (field.kind === 'email') {
    const text = asText(raw[field.name]);
    return { text, valid: emailRule(text) !== undefined };
  }
  // A date typed in one box (./date-box.ts), read as the Worker reads it.
  const whole = maskDateBox(asText(raw[field.name]));
  const [m, d, y] = inputNames(field).map((name) => asText(raw[name]));
  const text = whole || [m, d, y].join('');
  const joined = whole || datePartsText(m ?? '', d ?? '', y ?? '');
  return { text, valid: joined !== undefined && dateOfBirthRule(joined) !== undefined };
}

/** The contact fields of a step (its visible slots) holding a typed value that is not valid. */
export function typedInvalid(step: StepDef, raw: Readonly<Record<string, unknown>>, slots?: number): string[] {
  return stepFields(step, slots)
    .filter((field) => CONTACT_KINDS.includes(field.kind))
    .filter((field) => {
      const { text, valid } = typed(field, raw);
      return text !== '' && !valid;
    })
    .map((field) => field.name);
}

/**
 * Of those, the ones the visitor may go on without: a required answer is asked for as ever
 * (the engine's built-in handler), never waived.
 */
export function waivableTypos(step: StepDef, raw: Readonly<Record<string, unknown>>, slots?: number): string[] {
  const required = step.required ?? [];
  return typedInvalid(step, raw, slots).filter((name) => !required.includes(name));
}

/** The inputs of the named fields, cleared (null): how "go on without it" posts them. */
export function withoutValues(step: StepDef, names: readonly string[]): Record<string, null> {
  const cleared: Record<string, null> = {};
  for (const field of stepFields(step)) {
    if (!names.includes(field.name)) continue;
    cleared[field.name] = null;
    if (field.kind === 'date-parts') for (const name of inputNames(field)) cleared[name] = null;
  }
  return cleared;
}
