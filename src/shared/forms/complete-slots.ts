/**
 * Every started driver or vehicle is a whole one: a slot holding any answer must hold each of
 * its group's `completeSlot` answers (a vehicle: year, make and model). A vehicle without a model
 * cannot be quoted, so the step that asks it does not move on (the island and the Worker decide
 * alike: step-verdict.ts), and the Worker never calls a lead complete while one is unfinished
 * (src/worker/funnel/lead-rules.ts), whatever the page sent.
 */
import type { FormScalar, FormValues } from '../json';
import type { FormDef, GroupDef } from './types';

function hasValue(value: FormScalar | undefined): boolean {
  return value !== undefined && value !== null && value !== '';
}

/** The answers missing from started slots of `group` in `values` (none when the group sets no rule). */
export function unfinishedSlotFields(group: GroupDef, values: FormValues): string[] {
  if (!group.completeSlot) return [];
  const missing: string[] = [];
  for (let slot = 1; slot <= group.max; slot++) {
    const started = group.fields(slot).some((f) => hasValue(values[f.name]));
    if (!started) continue;
    for (const name of group.completeSlot(slot)) if (!hasValue(values[name])) missing.push(name);
  }
  return missing;
}

/** Across every step of the form: the answers missing from started slots (the lead rule's reading). */
export function unfinishedFormSlots(form: FormDef, values: FormValues): string[] {
  const seen = new Set<GroupDef>();
  const missing: string[] = [];
  for (const step of form.steps) {
    if (!step.group || seen.has(step.group)) continue;
    seen.add(step.group);
    missing.push(...unfinishedSlotFields(step.group, values));
  }
  return missing;
}
