/**
 * The form's one interface to tracking (spec section 2): pageView on entering a step and
 * formStepSubmitted on each submit. Events go out as a `quote:track` window event
 * ({ event, properties }) that the tracker (src/ui/client/tracker) forwards with the page's
 * event context. The page-load pageView is the tracker's own (the page context carries the
 * step); this module reports the steps entered in the page afterwards.
 * Personal fields never leave: submitted data is stripped before it is dispatched (./submit.ts).
 */
export interface StepRef {
  name: string;
  number: number;
}

export const TRACK_EVENT = 'quote:track';

export function emit(event: 'pageView' | 'formStepSubmitted', properties: Record<string, unknown>): void {
  window.dispatchEvent(new CustomEvent(TRACK_EVENT, { detail: { event, properties } }));
}

export function trackStepEntered(step: StepRef, fallback: boolean): void {
  emit('pageView', {
    stepName: step.name,
    stepNumber: step.number,
    step: { name: step.name, number: step.number, fallback },
  });
}
