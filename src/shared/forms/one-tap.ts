/**
 * Which steps move on by themselves after a tap (docs/decisions/0150-one-tap-tiles.md): a step
 * that asks exactly one single-choice question (yes/no or one of a short list), with no driver
 * or vehicle slots and no consent. Its answer is the whole step, so the tap that gives it is
 * the submit. Steps with text, several questions or the consent keep their Continue: there the
 * visitor decides when the step is done.
 */
import type { StepDef } from './types';

export function isOneTapStep(step: StepDef): boolean {
  if (step.group || step.consent || step.fields.length !== 1) return false;
  const kind = step.fields[0]?.kind;
  return kind === 'yesno' || kind === 'radio';
}
