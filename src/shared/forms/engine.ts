/**
 * The form engine: step order, the fields a step shows, skip, the submit handler and the
 * repeated driver and vehicle slots. Pure and zod-free: the browser island and the Worker
 * run the same functions on the same form definitions.
 */
import type { FormScalar, FormValues } from '../json';
import { inputNames } from './field-rules';
import type { FieldDef, FormDef, GroupDef, StepDef } from './types';

export function findStep(form: FormDef, name: string): StepDef | undefined {
  return form.steps.find((s) => s.name === name);
}

/** Whether the answers so far leave `step` a question to ask (StepDef.askedWhen). */
export function stepAsked(step: StepDef, values: FormValues): boolean {
  return step.askedWhen ? step.askedWhen(values) : true;
}

/**
 * Where `name` stands among the steps the answers so far leave to ask, and how many there are:
 * what the step counter shows ("Step 5 of 8" for a visitor not asked the insurer, not "of 9")
 * and how many steps a lead's timing is spread over. The step itself always counts.
 */
export function askedPosition(form: FormDef, name: string, values: FormValues): { number: number; total: number } {
  const asked = form.steps.filter((s) => s.name === name || stepAsked(s, values));
  return { number: asked.findIndex((s) => s.name === name) + 1, total: asked.length };
}

/**
 * The step after `name` that the answers so far leave to ask, or null on the last step (spec
 * section 4: the form then stays put). The last step is always asked.
 */
export function nextStepName(form: FormDef, name: string, values: FormValues = {}): string | null {
  const index = form.steps.findIndex((s) => s.name === name);
  if (index < 0) return form.steps[0]?.name ?? null;
  return form.steps.slice(index + 1).find((s) => stepAsked(s, values))?.name ?? null;
}

/** The step Back leads to: the one before `name` that the answers leave to ask, or undefined on the first. */
export function previousStepName(form: FormDef, name: string, values: FormValues = {}): string | undefined {
  const index = form.steps.findIndex((s) => s.name === name);
  return form.steps.slice(0, Math.max(index, 0)).findLast((s) => stepAsked(s, values))?.name;
}

/**
 * The answers as the lead takes them: those of a step the other answers leave unasked (an insurer
 * kept from before the visitor said they are not insured) are cleared, not sent stale.
 */
export function askedValues(form: FormDef, values: FormValues): FormValues {
  const out: FormValues = { ...values };
  for (const step of form.steps) {
    if (stepAsked(step, values)) continue;
    for (const field of stepFields(step)) if (Object.hasOwn(out, field.name)) out[field.name] = null;
  }
  return out;
}

export function stepNumber(form: FormDef, name: string): number {
  return form.steps.findIndex((s) => s.name === name) + 1;
}

/** The query parameter that asks for more visible slots (no-JavaScript "add" action). */
export function groupCountParam(group: GroupDef): string {
  return `${group.prefix}s`;
}

function slotHasValue(values: FormValues, group: GroupDef, slot: number): boolean {
  return group.fields(slot).some((f) => {
    const v = values[f.name];
    return v !== undefined && v !== null && v !== '';
  });
}

/**
 * Visible slots: at least 1, every slot up to the last one holding a value, or as many as asked.
 * A group that continues an earlier one shows the slots answered there, and takes no request.
 */
export function groupCount(values: FormValues, group: GroupDef, requested = 0): number {
  let last = 1;
  for (let slot = 1; slot <= group.max; slot++) {
    if (slotHasValue(values, group.continues ?? group, slot)) last = slot;
  }
  const wanted = Number.isInteger(requested) && !group.continues ? requested : 0;
  return Math.min(group.max, Math.max(last, wanted, 1));
}

/** The fields a step shows: its own, then `slots` slots of its group (all slots by default). */
export function stepFields(step: StepDef, slots?: number): FieldDef[] {
  const fields = [...step.fields];
  if (step.group) {
    const count = Math.min(step.group.max, slots ?? step.group.max);
    for (let slot = 1; slot <= count; slot++) fields.push(...step.group.fields(slot));
  }
  return fields;
}

/** Every input name a step can post (date fields post three parts). */
export function stepInputNames(step: StepDef): string[] {
  return stepFields(step).flatMap((f) => [f.name, ...(f.kind === 'date-parts' ? inputNames(f) : [])]);
}

/** Spec section 2: a skip submits the step with every value null. */
export function skipValues(step: StepDef): FormValues {
  const values: FormValues = {};
  for (const name of stepInputNames(step)) values[name] = null;
  return values;
}

/**
 * Removing slot `slot` of a group: later slots move up one, the last becomes empty (null),
 * so "remove driver 2 of 3" keeps driver 3 as the new driver 2.
 */
export function removeGroupSlot<T extends FormScalar | string>(
  values: Readonly<Record<string, T | undefined>>,
  group: GroupDef,
  slot: number,
): Record<string, T | null> {
  const patch: Record<string, T | null> = {};
  for (let i = slot; i <= group.max; i++) {
    const target = group.fields(i);
    const source = i < group.max ? group.fields(i + 1) : undefined;
    target.forEach((field, k) => {
      const from = source?.[k];
      const names = inputNames(field);
      const fromNames = from ? inputNames(from) : [];
      const all = field.kind === 'date-parts' ? [field.name, ...names] : names;
      const allFrom = from && from.kind === 'date-parts' ? [from.name, ...fromNames] : fromNames;
      all.forEach((name, j) => {
        const sourceName = allFrom[j];
        const value = sourceName === undefined ? undefined : values[sourceName];
        patch[name] = value === undefined ? null : value;
      });
    });
  }
  return patch;
}

function hasValue(value: FormScalar | undefined): boolean {
  return value !== undefined && value !== null && value !== '';
}

/** The required fields of a step that hold no valid value. */
export function missingRequired(step: StepDef, values: FormValues): string[] {
  return (step.required ?? []).filter((name) => !hasValue(values[name]));
}

/**
 * The step's submit handler (spec section 4): the built-in one blocks while a required
 * field is missing, then the step's own handler may block too. `values` are the form's
 * values as they would be after this submit.
 */
export function canAdvance(step: StepDef, values: FormValues): boolean {
  if (missingRequired(step, values).length > 0) return false;
  return step.onSubmit ? step.onSubmit(values) : true;
}

/** The step that shows the consent disclosure (the one collecting the phone number). */
export function consentStep(form: FormDef): StepDef | undefined {
  return form.steps.find((s) => s.consent);
}
