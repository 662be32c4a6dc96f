/** Spec section 7: the tracked events, the names a page may post. The queue, D1 and the report use them verbatim. */
export const SPEC_EVENT_NAMES = [
  'pageView',
  'formStepSubmitted',
  'ctcClicked',
  'ctcReturned',
  'maAdClicked',
  'learnMoreClicked',
  'lowBidResult',
  'enteredExperiment',
  'anonLink',
  'adsLoaded',
  'adClicked',
  'elementClicked',
  'botCheckCompleted',
] as const;

/** Every event name: the spec's, and the ones the Worker alone emits. */
export const EVENT_NAMES = [
  ...SPEC_EVENT_NAMES,
  // Emitted by the Worker only (src/worker/defence/): a request over a rate limit, a
  // partner skipped while its circuit breaker is open, a paid partner's spend budget spent
  // (once per spent window), and a stored lead with its trust verdict.
  'rateLimited',
  'partnerUnavailable',
  'partnerBudgetSpent',
  'leadCreated',
] as const;

export type EventName = (typeof EVENT_NAMES)[number];

export function isEventName(value: string): value is EventName {
  return (EVENT_NAMES as readonly string[]).includes(value);
}

/** Whether a page may post this event (the Worker's own names are refused from a browser). */
export function isSpecEventName(value: string): boolean {
  return (SPEC_EVENT_NAMES as readonly string[]).includes(value);
}
