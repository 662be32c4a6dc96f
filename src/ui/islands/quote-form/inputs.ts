/**
 * The island holds what each input shows as text; stored values (booleans, numbers,
 * yyyy-MM-dd dates) are turned into input text once, and input text into the values the
 * step handler judges with the browser copy of the lead rules.
 */
import { fieldValue, inputNames } from '../../../shared/forms/field-rules';
import { stepFields } from '../../../shared/forms/engine';
import type { FieldDef, FormDef, StepDef } from '../../../shared/forms/types';
import type { FormScalar, FormValues } from '../../../shared/json';

export type Inputs = Record<string, string>;

function text(value: FormScalar | undefined): string {
  if (value === undefined || value === null) return '';
  if (typeof value === 'boolean') return value ? '1' : '0';
  return String(value);
}

function allFields(form: FormDef): FieldDef[] {
  return form.steps.flatMap((s) => stepFields(s));
}

/** Input text for every field of the form from stored values. */
export function inputsFromValues(form: FormDef, values: FormValues): Inputs {
  const inputs: Inputs = {};
  for (const field of allFields(form)) {
    if (field.kind !== 'date-parts') {
      inputs[field.name] = text(values[field.name]);
      continue;
    }
    const [month, day, year] = inputNames(field);
    const whole = text(values[field.name]);
    const iso = /^(\d{4})-(\d{2})-(\d{2})$/.exec(whole);
    // A date typed in one box and shown again as posted (refused, no JavaScript): the box keeps the text.
    if (field.oneBox && whole !== '' && !iso) inputs[field.name] = whole;
    if (month && day && year) {
      inputs[month] = iso ? String(Number(iso[2])) : text(values[month]);
      inputs[day] = iso ? String(Number(iso[3])) : text(values[day]);
      inputs[year] = iso ? (iso[1] ?? '') : text(values[year]);
    }
  }
  return inputs;
}

/** The allowed values of a radio or select field. */
export function choicesOf(field: FieldDef, insurers: readonly string[] | null): readonly string[] | undefined {
  if (field.options === 'insurers') return insurers ?? undefined;
  return field.options?.map((o) => o.value);
}

/** The values the form's inputs hold, as the lead rules would keep them. */
export function valuesFromInputs(form: FormDef, inputs: Inputs, insurers: readonly string[] | null): FormValues {
  const values: FormValues = {};
  for (const field of allFields(form)) {
    const value = fieldValue(field, inputs, choicesOf(field, insurers));
    if (value !== undefined) values[field.name] = value;
  }
  return values;
}

/**
 * The body values of a step submit: the text of every visible input, and null for the
 * inputs of slots no longer shown (a removed driver or vehicle is cleared, not kept).
 */
export function stepPayload(step: StepDef, inputs: Inputs, slots: number): Record<string, string | null> {
  const payload: Record<string, string | null> = {};
  const visible = new Set(stepFields(step, slots).flatMap((f) => inputNames(f)));
  for (const field of stepFields(step)) {
    for (const name of inputNames(field)) {
      if (visible.has(name)) payload[name] = inputs[name] ?? '';
      else payload[name] = null;
    }
    if (field.kind === 'date-parts' && !visible.has(inputNames(field)[0] ?? '')) payload[field.name] = null;
  }
  return payload;
}
