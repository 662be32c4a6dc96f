import type { StepInfo } from '../ui/page-props';

/**
 * Spec section 2: the step parameter selects the form step; a missing or unknown step shows
 * the first step, and the page view says a fallback was shown. Pages without a form have
 * no steps: any step segment falls back to the page itself.
 */
export function resolveStep(stepNames: readonly string[], requested: string | undefined): StepInfo {
  const index = requested === undefined ? -1 : stepNames.indexOf(requested);
  if (index >= 0) return { name: stepNames[index] ?? '', number: index + 1, fallback: false };
  return { name: stepNames[0] ?? '', number: 1, fallback: requested !== undefined };
}
