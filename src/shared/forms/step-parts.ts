import { stepFields } from './engine';
import type { FieldKind, FormDef } from './types';

/**
 * Budgets: the parts of the form island a visitor sees only on some steps, loaded in
 * the browser when they get there (src/ui/islands/quote-form/parts.ts) and counted that way by
 * the bench (bench/sizes.ts): the consent block on the consent step, the confirmation once
 * finished, the date and vehicle questions on the steps that ask them (the auto and life forms),
 * and the call-back screen the Worker answers a plain post with while agents are away.
 */
export const FORM_PARTS = ['confirmation', 'consent', 'date', 'vehicle', 'callback'] as const;
export type FormPart = (typeof FORM_PARTS)[number];

const PART_OF_KIND: Partial<Record<FieldKind, FormPart>> = {
  'date-parts': 'date',
  'vehicle-year': 'vehicle',
  'vehicle-make': 'vehicle',
  'vehicle-model': 'vehicle',
};

/** The parts a step shows. */
export function partsFor(form: FormDef, step: string, completed: boolean): FormPart[] {
  if (completed) return ['confirmation'];
  const def = form.steps.find((s) => s.name === step);
  if (!def) return [];
  const parts = new Set<FormPart>(def.consent ? ['consent'] : []);
  for (const field of stepFields(def, 1)) {
    const part = PART_OF_KIND[field.kind];
    if (part) parts.add(part);
  }
  return [...parts];
}
