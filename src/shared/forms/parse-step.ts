/**
 * The Worker's reading of one step submit (JSON from the island or a form post without
 * JavaScript): only the step's own inputs are looked at, date parts are joined into the
 * date, and the lead schema of spec section 5 keeps valid values and silently drops the
 * rest. An explicit null (skip, a removed driver or vehicle) clears a lead field; an empty
 * or invalid value is simply absent, so it never erases what was stored.
 */
import { LEAD_FIELDS_BY_PRODUCT, parseLeadValues } from '../lead';
import { toFormValues, type FormValues } from '../json';
import { stepFields, stepInputNames } from './engine';
import { maskDateBox } from './date-box';
import { datePartsText, inputNames, maskPhone } from './field-rules';
import type { FormDef, StepDef } from './types';

export function parseStepInput(form: FormDef, step: StepDef, raw: Readonly<Record<string, unknown>>): FormValues {
  const leadFields: Readonly<Record<string, unknown>> = LEAD_FIELDS_BY_PRODUCT[form.product];
  const input: Record<string, string | number | boolean> = {};
  const cleared: FormValues = {};
  for (const name of stepInputNames(step)) {
    if (!Object.hasOwn(raw, name)) continue;
    const value = raw[name];
    if (value === null) {
      if (Object.hasOwn(leadFields, name)) cleared[name] = null;
    } else if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') {
      input[name] = value;
    }
  }
  for (const field of stepFields(step)) {
    // A phone typed as plain digits (no JavaScript to mask it as typed) is read as the island reads it.
    const typed = input[field.name];
    if (field.kind === 'tel' && typeof typed === 'string') input[field.name] = maskPhone(typed);
    if (field.kind !== 'date-parts') continue;
    const given = input[field.name];
    // A date typed in one box without JavaScript (digits alone, or with slashes), shaped as the island shapes it.
    if (typeof given === 'string' && given.trim() !== '') {
      input[field.name] = maskDateBox(given);
      continue;
    }
    const [m, d, y] = inputNames(field).map((n) => input[n]);
    const text = datePartsText(String(m ?? ''), String(d ?? ''), String(y ?? ''));
    if (text !== undefined) input[field.name] = text;
  }
  return { ...cleared, ...toFormValues(parseLeadValues(form.product, input)) };
}
