/**
 * The one decision on a step submit, made alike by the island before it sends and by the
 * Worker for the island's JSON and for a form posted without JavaScript, so both paths
 * treat the same inputs alike (tests/funnel/validation-agreement.integration.test.ts).
 *
 * Spec section 5: every lead field is optional and an invalid value is silently dropped, so
 * an invalid optional answer never blocks (it is simply not kept), except a phone, email or
 * date of birth the visitor typed (./typed-contact.ts): that blocks with its message until it
 * is fixed or the visitor chooses to go on without it. Spec section 4: the step's
 * handler may block; the built-in one blocks while a required answer is missing from this
 * submit. "From this submit", not from what was stored: a visitor who clears or mistypes a
 * required answer is asked again rather than silently carried on with the old one, and the
 * island can decide exactly as the Worker does without knowing what the Worker stored.
 */
import type { FormScalar, FormValues } from '../json';
import { fieldValue } from './field-rules';
import { stepFields } from './engine';
import { unfinishedSlotFields } from './complete-slots';
import type { FieldDef, StepDef } from './types';

export interface StepVerdict {
  advance: boolean;
  /** Required fields with no valid value in this submit. */
  missing: string[];
  /** Of those, the ones whose value was well formed but is not known (a ZIP code not in the ZIP data). */
  unknown: string[];
  /** Optional contact fields holding a typed value that is not valid: fixed, or gone on without. */
  typos: string[];
}

function hasValue(value: FormScalar | undefined): boolean {
  return value !== undefined && value !== null && value !== '';
}

/**
 * `submitted`: the step's values as kept from this submit (invalid ones dropped, a skip's
 * nulls); `merged`: the form's values after it, for the step's own handler; `unknownValues`:
 * fields whose submitted value the shipped data does not know (ZIP 00000), which
 * count as not valid. Only the Worker knows this for sure; the island passes what it has
 * already heard back from its lookups.
 */
export function stepVerdict(
  step: StepDef,
  submitted: FormValues,
  merged: FormValues,
  unknownValues: readonly string[] = [],
  typos: readonly string[] = [],
): StepVerdict {
  // A value the shipped data does not know blocks even an optional question: the visitor typed
  // it, so it is refused with a message rather than dropped unsaid.
  const required = step.required ?? [];
  // A started driver or vehicle of this submit missing one of its answers (complete-slots.ts).
  const unfinished = step.group
    ? unfinishedSlotFields(step.group, submitted).filter((name) => !required.includes(name))
    : [];
  const missing = [
    ...required.filter((name) => !hasValue(submitted[name]) || unknownValues.includes(name)),
    ...unfinished,
    ...unknownValues.filter((name) => !required.includes(name) && !unfinished.includes(name)),
  ];
  const refused = typos.filter((name) => !missing.includes(name));
  const advance = missing.length === 0 && refused.length === 0 && (step.onSubmit ? step.onSubmit(merged) : true);
  return { advance, missing, unknown: missing.filter((name) => unknownValues.includes(name)), typos: refused };
}

/**
 * The browser's reading of a step submit: each visible field's inputs through the zod-free
 * rules (field-rules.ts, which a property test holds equal to the lead schema).
 */
export function submittedFromInputs(
  step: StepDef,
  inputs: Readonly<Record<string, string>>,
  slots: number | undefined,
  choicesOf: (field: FieldDef) => readonly string[] | undefined,
): FormValues {
  const values: FormValues = {};
  for (const field of stepFields(step, slots)) {
    const value = fieldValue(field, inputs, choicesOf(field));
    if (value !== undefined) values[field.name] = value;
  }
  return values;
}
