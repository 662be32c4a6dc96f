import type { FormDef } from './types';

/**
 * Issue 15, budgets: the parts of the form island a visitor sees only on some steps, loaded in
 * the browser when they get there (src/ui/islands/quote-form/parts.ts) and counted that way by
 * the bench (bench/sizes.ts): the consent block on the consent step, the confirmation once finished.
 */
export const FORM_PARTS = ['confirmation', 'consent'] as const;
export type FormPart = (typeof FORM_PARTS)[number];

/** The parts a step shows. */
export function partsFor(form: FormDef, step: string, completed: boolean): FormPart[] {
  if (completed) return ['confirmation'];
  return form.steps.find((s) => s.name === step)?.consent ? ['consent'] : [];
}
