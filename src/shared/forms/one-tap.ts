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

/**
 * A step of one list question with tiles for its common answers (the auto form's insurer): a tile
 * is the answer and the move, as on a one-tap step; the list below keeps its Continue, and the
 * step posts as a form without JavaScript (no tiles then).
 */
export function isTileStep(step: StepDef): boolean {
  if (step.group || step.consent || step.fields.length !== 1) return false;
  const field = step.fields[0];
  return field?.kind === 'select' && (field.tiles?.length ?? 0) > 0;
}
