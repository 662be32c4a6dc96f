/**
 * When a visitor can be given the tracked number: as soon as the visit holds what the
 * marketplace's get-phone needs to route a call (spec 7.2's Medicare `data`: zip,
 * currently_insured, receives_medicaid), not after the name and contact steps. A caller then
 * sees a number they can dial in the header and the call bar while the form goes on
 * (docs/decisions/0295-the-number-once-the-call-is-routable.md). Contact fields are not needed
 * for the call, and reach the marketplace only after consent anyway (src/worker/consent/sharing.ts).
 *
 * Shared by the island (it asks for the lease after that step) and the Worker (a form posted
 * without JavaScript leases before its redirect), so both paths lease at the same step.
 */
import type { Product } from '../../../brands/schema';
import type { FormDef } from './types';

/** The answers a call needs, per product whose call path leases early. Auto and life lease at the finish. */
export const CALL_FIELDS: Partial<Readonly<Record<Product, readonly string[]>>> = {
  medicare: ['zipcode', 'haveMedicare', 'haveMedicaid'],
};

/**
 * The step whose submit completes the call's answers (the last step asking one of them), or
 * null when the form's product leases only at the finish or the form does not ask them all.
 * A skipped Medicare question counts as answered: the call is routed on the zip alone then.
 */
export function callReadyStep(form: FormDef): string | null {
  const needed = CALL_FIELDS[form.product];
  if (!needed) return null;
  const asked = new Set(form.steps.flatMap((s) => s.fields.map((f) => f.name)));
  if (!needed.every((name) => asked.has(name))) return null;
  let last = -1;
  form.steps.forEach((s, i) => {
    if (s.fields.some((f) => needed.includes(f.name))) last = i;
  });
  return form.steps[last]?.name ?? null;
}

/**
 * True when a submit of `stepName` that moves on should lease the number: the call-ready step
 * or any step after it, but not the last (the finish leases, as it always did). Later steps
 * ask again only when no lease was made yet or it ran out; the visitor's Durable Object reuses
 * a live lease without a partner call.
 */
export function leasesAfterStep(form: FormDef, stepName: string): boolean {
  const ready = callReadyStep(form);
  if (ready === null) return false;
  const index = form.steps.findIndex((s) => s.name === stepName);
  const readyIndex = form.steps.findIndex((s) => s.name === ready);
  return index >= readyIndex && index >= 0 && index < form.steps.length - 1;
}
