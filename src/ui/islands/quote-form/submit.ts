/**
 * What a step's submit needs (budgets): the Worker calls (./api.ts) and the
 * formStepSubmitted report, a chunk of its own that the form island fetches when the visitor
 * first focuses the form (./index.tsx), not with the page.
 */
import { stripPersonalProperties } from '../../../shared/tracking/strip-personal';
import { emit, type StepRef } from './analytics';

export { leasedPhone, submitStep } from './api';

/** formStepSubmitted, personal fields stripped before it is dispatched (spec section 2). */
export function trackStepSubmitted(formVersion: string, step: StepRef, data: Record<string, unknown>): void {
  emit('formStepSubmitted', {
    formVersion,
    stepName: step.name,
    stepNumber: step.number,
    data: stripPersonalProperties(data),
  });
}
